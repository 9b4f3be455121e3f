import { Form } from "react-router";
import { AdminShell, Notice, SubmitButton } from "./ui";
import { TextAreaField, TextField } from "~/ui/field";
import type { FollowUpsResult, loadFollowUpsPage } from "~/features/follow-ups/page.server";
import { WELCOME_SERIES_FORM, welcomeDayField } from "~/features/follow-ups/rules";

type Loaded = Awaited<ReturnType<typeof loadFollowUpsPage>>;
type Item = Loaded["automations"][number];

function AutomationCard({
  item,
  result,
  limits,
}: {
  item: Item;
  result: FollowUpsResult | undefined;
  limits: { subjectMax: number; bodyMax: number };
}) {
  const id = `fu-${item.automation}`;
  // What she typed stays after a refusal, a preview or a test; else what is saved.
  const fields = result?.fields ?? { subject: item.subject, body: item.body };
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy/10">
      <h2 id={id} className="text-lg font-semibold text-navy">
        {item.label}
      </h2>
      <p className="mt-1 text-sm">{item.timing}</p>
      <p className="mt-1 text-sm text-ink/80">{item.ground}</p>
      {result?.message ? (
        <div className="mt-3">
          <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice>
        </div>
      ) : null}
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        <input type="hidden" name="automation" value={item.automation} />
        <input type="hidden" name="enabled" value={item.enabled ? "off" : "on"} />
        <p className="font-medium">{item.enabled ? "On" : "Off"}</p>
        <SubmitButton name="intent" value="switch" variant="secondary">
          {item.enabled ? "Switch off" : "Switch on"}
        </SubmitButton>
        <p className="w-full text-sm text-ink/75">
          {item.enabled
            ? "Switching off also cancels every message of it that is planned and not yet sent."
            : "Switching on plans it for new cases only: what was cancelled stays cancelled."}
        </p>
      </Form>
      <details className="mt-3" open={Boolean(result?.fields)}>
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-teal-700">Words, preview and test</summary>
        <Form method="post" className="mt-2">
          <input type="hidden" name="automation" value={item.automation} />
          <TextField
            id={`${id}-subject`}
            name="subject"
            label="Subject"
            look="compact"
            defaultValue={fields.subject}
            error={errors.subject}
            maxLength={limits.subjectMax * 2}
          />
          <p id={`${id}-body-hint`} className="text-sm text-ink/75">
            Markdown, at most {limits.bodyMax} characters. It can use:{" "}
            {item.placeholders.map((p) => `{{${p}}}`).join(", ")}. The stop link is added under every message.
          </p>
          <TextAreaField
            id={`${id}-body`}
            name="body"
            label="Message"
            rows={10}
            defaultValue={fields.body}
            error={errors.body}
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <SubmitButton name="intent" value="save" busyText="Saving…">
              Save
            </SubmitButton>
            <SubmitButton name="intent" value="preview" variant="secondary">
              Preview
            </SubmitButton>
            <SubmitButton name="intent" value="test" variant="secondary" busyText="Sending…">
              Send a test to myself
            </SubmitButton>
          </div>
        </Form>
        {result?.preview ? (
          <div className="mt-4">
            <p className="text-sm">
              <span className="font-medium">Subject:</span> {result.preview.subject}
            </p>
            {/* As the newsletter's preview (issue-preview.tsx): a srcdoc frame keeps this page's
                Content-Security-Policy, so nothing in it runs; no `sandbox`, which would stop axe looking in. */}
            <iframe
              title={`Preview: ${item.label}`}
              srcDoc={result.preview.html}
              className="mt-2 h-[560px] w-full rounded-lg ring-1 ring-navy/10"
            />
          </div>
        ) : null}
      </details>
    </section>
  );
}

/** The welcome series' days: the order follows them; what she typed stays after a refusal. */
function WelcomeSeriesCard({ welcome, result }: { welcome: Loaded["welcome"]; result: FollowUpsResult | undefined }) {
  const id = "fu-welcome-series";
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy/10">
      <h2 id={id} className="text-lg font-semibold text-navy">
        The welcome series
      </h2>
      <p className="mt-1 text-sm">
        The welcome e-mail goes at once; the others follow on the day you give each, counted from the confirmation (from{" "}
        {welcome.range.min} to {welcome.range.max}), in the order of their days. A change reaches new subscribers; a
        series already planned keeps its days.
      </p>
      {result?.message ? (
        <div className="mt-3">
          <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice>
        </div>
      ) : null}
      <Form method="post" className="mt-3">
        <input type="hidden" name="automation" value={WELCOME_SERIES_FORM} />
        {welcome.members.map((member) => (
          <TextField
            key={member.automation}
            id={`${id}-${member.automation}`}
            name={welcomeDayField(member.automation)}
            label={`Day for "${member.label.replace(/^Welcome series: /, "")}"`}
            look="compact"
            inputMode="numeric"
            defaultValue={result?.days?.[member.automation] ?? String(member.day)}
            error={result?.dayErrors?.[member.automation]}
          />
        ))}
        <SubmitButton name="intent" value="days" busyText="Saving…">
          Save the days
        </SubmitButton>
      </Form>
    </section>
  );
}

export function FollowUpsPage({ loaded, result }: { loaded: Loaded; result: FollowUpsResult | undefined }) {
  return (
    <AdminShell title="Follow-ups">
      <p className="mb-4 max-w-prose">
        The e-mails the site sends on its own after a lead, a booked call or an event signup. None goes between 21:00
        and 08:00 (except the 1-hour reminder); each lead&apos;s page shows what is planned for them.
      </p>
      <div className="grid gap-4">
        <WelcomeSeriesCard
          welcome={loaded.welcome}
          result={result?.automation === WELCOME_SERIES_FORM ? result : undefined}
        />
        {loaded.automations.map((item) => (
          <AutomationCard
            key={item.automation}
            item={item}
            result={result?.automation === item.automation ? result : undefined}
            limits={loaded}
          />
        ))}
      </div>
    </AdminShell>
  );
}
