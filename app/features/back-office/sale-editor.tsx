import { Form } from "react-router";
import { Notice, SubmitButton } from "./ui";
import { errorId, TextField } from "~/ui/field";
import type { SaleField, SaleInput, SaleState } from "~/features/checkout/sale-rules";

/**
 * The Prices page's sale: what runs (or is to come, or ended last) with a button to end it, and
 * the form that starts one. Everything on it is worked out by the loader; the form posts without
 * JavaScript and comes back filled, with each problem under its field.
 */
export interface SaleEditorProps {
  current: {
    state: SaleState;
    /** "20% off Progress, from … until …" */
    description: string;
    /** Per plan, its prices before and after. */
    prices: string[];
    endedEarly: boolean;
  } | null;
  plans: { id: string; name: string }[];
  values: SaleInput;
  errors: Partial<Record<SaleField, string>>;
  /** The answer to her last tap, shown beside the button she used ("start" or "end"). */
  result: { tone: "success" | "error"; message: string; at: "start" | "end" } | null;
}

const fieldsetClass = "rounded-xl border border-navy/15 p-4";

function GroupError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} role="alert" className="mt-2 text-sm text-red-700">
      {message}
    </p>
  );
}

export function SaleEditor({ current, plans, values, errors, result }: SaleEditorProps) {
  const live = current && current.state !== "over";
  return (
    <section aria-labelledby="sale-heading" className="mb-8 grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-navy/10">
      <h2 id="sale-heading" className="text-xl font-semibold text-navy">
        Sale
      </h2>
      {result?.at === "end" ? <Notice tone={result.tone}>{result.message}</Notice> : null}
      {current && live ? (
        <div className="rounded-xl bg-sand/50 p-4">
          <p>
            <strong>{current.state === "running" ? "On now: " : "Coming: "}</strong>
            {current.description} (Amsterdam time).
          </p>
          <ul className="mt-2 space-y-1 text-sm" aria-label="Sale prices per month">
            {current.prices.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Form method="post" className="mt-3">
            <SubmitButton name="intent" value="sale-end" variant="danger" busyText="Ending…">
              {current.state === "running" ? "End the sale now" : "Call the sale off"}
            </SubmitButton>
          </Form>
        </div>
      ) : (
        <p className="text-sm">
          {current
            ? `The last sale, ${current.description}, is over${current.endedEarly ? " (ended early)" : ""}. Visitors see the normal prices.`
            : "No sale yet. A sale takes a percentage or an amount off the plans you choose until the end you set; it ends by itself."}
        </p>
      )}

      <Form method="post" noValidate className="grid gap-4">
        <h3 className="text-lg font-semibold text-navy">{live ? "Put a new sale in its place" : "Start a sale"}</h3>
        <fieldset
          className={fieldsetClass}
          aria-describedby={[errors.saleKind ? errorId("sale-kind") : null, "sale-value-hint"]
            .filter(Boolean)
            .join(" ")}
        >
          <legend className="px-1 font-medium">Discount</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="saleKind"
                value="percent"
                defaultChecked={values.kind !== "amount"}
                className="size-5 accent-navy"
              />
              Percentage off
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="saleKind"
                value="amount"
                defaultChecked={values.kind === "amount"}
                className="size-5 accent-navy"
              />
              Amount off, in € per month
            </label>
          </div>
          <GroupError id="sale-kind" message={errors.saleKind} />
          <TextField
            id="sale-value"
            name="saleValue"
            label="How much off"
            hint="20 means 20% off, or €20 off every monthly price, as chosen above. Every payment of a 3- or 6-month plan gets it."
            look="compact"
            inputMode="decimal"
            autoComplete="off"
            className="mt-3"
            defaultValue={values.value}
            error={errors.saleValue}
          />
        </fieldset>

        <fieldset className={fieldsetClass} aria-describedby={errors.salePlans ? errorId("sale-plans") : undefined}>
          <legend className="px-1 font-medium">Plans on sale</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {plans.map((plan) => (
              <label key={plan.id} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name="salePlans"
                  value={plan.id}
                  defaultChecked={values.planIds.includes(plan.id)}
                  className="size-5 accent-navy"
                />
                {plan.name}
              </label>
            ))}
          </div>
          <GroupError id="sale-plans" message={errors.salePlans} />
        </fieldset>

        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            id="sale-starts"
            name="saleStarts"
            type="datetime-local"
            label="Starts (Amsterdam time)"
            hint="Leave it as it is to start now."
            look="compact"
            defaultValue={values.starts}
            error={errors.saleStarts}
          />
          <TextField
            id="sale-ends"
            name="saleEnds"
            type="datetime-local"
            label="Ends (Amsterdam time)"
            hint="The sale stops at this minute by itself."
            look="compact"
            required
            defaultValue={values.ends}
            error={errors.saleEnds}
          />
        </div>
        {/* Beside the button, where her eyes are on a phone after the tap. */}
        {result?.at === "start" ? <Notice tone={result.tone}>{result.message}</Notice> : null}
        <div>
          <SubmitButton name="intent" value="sale-start" busyText="Starting…">
            {live ? "Replace the sale" : "Start the sale"}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
