import { Form } from "react-router";
import { ConfirmStep, Notice, SubmitButton } from "./ui";
import { errorId, TextField } from "~/ui/field";
import type { CodeField, CodeInput, CodeState } from "~/features/checkout/code-rules";

/**
 * The Prices page's discount codes (docs/decisions/076-discount-codes.md): the codes she made, each
 * with its uses and a button to end it (or delete it while nobody used it), and the form that makes
 * one. Worked out by the loader; the forms post without JavaScript and come back filled.
 */
export interface CodeEditorProps {
  codes: {
    id: string;
    code: string;
    state: CodeState;
    summary: string;
    used: string;
    rules: string;
    unused: boolean;
  }[];
  plans: { id: string; name: string }[];
  values: CodeInput;
  errors: Partial<Record<CodeField, string>>;
  /** The answer to her last tap: beside the form ("make") or above the list ("list"). */
  result: { tone: "success" | "error"; message: string; at: "make" | "list" } | null;
}

const fieldsetClass = "rounded-xl border border-navy/15 p-4";
const stateWords: Record<CodeState, string> = { upcoming: "Coming", running: "Usable now", over: "Over" };

function GroupError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} role="alert" className="mt-2 text-sm text-red-700">
      {message}
    </p>
  );
}

export function CodeEditor({ codes, plans, values, errors, result }: CodeEditorProps) {
  return (
    <section aria-labelledby="codes-heading" className="mb-8 grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-navy/10">
      <h2 id="codes-heading" className="text-xl font-semibold text-navy">
        Discount codes
      </h2>
      <p className="max-w-prose text-sm">
        A code a visitor types at checkout, for the plans you choose, from its start to its end. A code does not add to
        a running sale unless you tick that below: the visitor then gets whichever of the two takes off more.
      </p>
      {result?.at === "list" ? <Notice tone={result.tone}>{result.message}</Notice> : null}
      {codes.length ? (
        <ul className="grid gap-3" aria-label="Your codes">
          {codes.map((c) => (
            <li key={c.id} className="rounded-xl bg-sand/50 p-4 [overflow-wrap:anywhere]">
              <p>
                <strong className="font-mono text-navy">{c.code}</strong> · {stateWords[c.state]}
              </p>
              <p className="text-sm">{c.summary} (Amsterdam time)</p>
              <p className="text-sm">
                {c.used}; {c.rules}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {c.state !== "over" && (
                  <Form method="post">
                    <input type="hidden" name="id" value={c.id} />
                    <SubmitButton name="intent" value="code-end" variant="secondary" busyText="Ending…">
                      {c.state === "running" ? `End ${c.code} now` : `Call ${c.code} off`}
                    </SubmitButton>
                  </Form>
                )}
                {c.unused && (
                  <ConfirmStep
                    label={`Delete ${c.code}…`}
                    id={c.id}
                    intent="code-delete"
                    confirm={`Yes, delete ${c.code}`}
                    busyText="Deleting…"
                  >
                    Nobody has used {c.code}. Delete it for good?
                  </ConfirmStep>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">No codes yet.</p>
      )}

      <Form method="post" noValidate className="grid gap-4">
        <h3 className="text-lg font-semibold text-navy">Make a code</h3>
        <TextField
          id="code-text"
          name="codeText"
          label="The code"
          hint="What visitors type, for example WINTER20; the same in capitals or small letters."
          look="compact"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={values.code}
          error={errors.codeText}
        />
        <fieldset className={fieldsetClass} aria-describedby={errors.codeKind ? errorId("code-kind") : undefined}>
          <legend className="px-1 font-medium">Discount</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="codeKind"
                value="percent"
                defaultChecked={values.kind !== "amount"}
                className="size-5 accent-navy"
              />
              Percentage off
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="codeKind"
                value="amount"
                defaultChecked={values.kind === "amount"}
                className="size-5 accent-navy"
              />
              Amount off, in € per month
            </label>
          </div>
          <GroupError id="code-kind" message={errors.codeKind} />
          <TextField
            id="code-value"
            name="codeValue"
            label="How much off"
            hint="20 means 20% off, or €20 off every monthly payment, as chosen above."
            look="compact"
            inputMode="decimal"
            autoComplete="off"
            className="mt-3"
            defaultValue={values.value}
            error={errors.codeValue}
          />
        </fieldset>

        <fieldset className={fieldsetClass} aria-describedby={errors.codePlans ? errorId("code-plans") : undefined}>
          <legend className="px-1 font-medium">Plans the code is for</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {plans.map((plan) => (
              <label key={plan.id} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name="codePlans"
                  value={plan.id}
                  defaultChecked={values.planIds.includes(plan.id)}
                  className="size-5 accent-navy"
                />
                {plan.name}
              </label>
            ))}
          </div>
          <GroupError id="code-plans" message={errors.codePlans} />
        </fieldset>

        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            id="code-starts"
            name="codeStarts"
            type="datetime-local"
            label="Starts (Amsterdam time)"
            hint="Leave it as it is to start now."
            look="compact"
            defaultValue={values.starts}
            error={errors.codeStarts}
          />
          <TextField
            id="code-ends"
            name="codeEnds"
            type="datetime-local"
            label="Ends (Amsterdam time)"
            hint="The code stops working at this minute."
            look="compact"
            required
            defaultValue={values.ends}
            error={errors.codeEnds}
          />
        </div>
        <TextField
          id="code-max-uses"
          name="codeMaxUses"
          label="How many times in all (optional)"
          hint="Leave it empty for no limit. A checkout holds a use until it is paid, or given back when it expires."
          look="compact"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.maxUses}
          error={errors.codeMaxUses}
        />
        <fieldset className={fieldsetClass}>
          <legend className="px-1 font-medium">Rules</legend>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name="codeOncePerPerson"
              value="yes"
              defaultChecked={values.oncePerPerson}
              className="size-5 shrink-0 accent-navy"
            />
            Once per person (checked by e-mail address)
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name="codeStacks"
              value="yes"
              defaultChecked={values.stacksWithSale}
              className="size-5 shrink-0 accent-navy"
            />
            Adds to a running sale (otherwise the better of the two applies)
          </label>
        </fieldset>
        {result?.at === "make" ? <Notice tone={result.tone}>{result.message}</Notice> : null}
        <div>
          <SubmitButton name="intent" value="code-make" busyText="Making…">
            Make the code
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
