import { useEffect, useRef } from "react";
import { Form, useRevalidator } from "react-router";
import { SubmitButton } from "~/features/back-office/ui";
import { ButtonLink } from "~/ui/button";
import { compactInputClass, FieldError } from "~/ui/field";
import type { loadIssueEditor } from "./issue-editor.server";

/** An issue's sending: the last question before it goes, then its numbers while it sends and after. */

type Loaded = NonNullable<Awaited<ReturnType<typeof loadIssueEditor>>>;
type Progress = NonNullable<NonNullable<Loaded["issue"]>["progress"]>;

const people = (n: number) => (n === 1 ? "1 person" : `${n.toLocaleString("en-GB")} people`);

/** The numbers of a send: while it runs and after. "Sent" is the engine's word, never guessed here. */
export function ProgressPanel({ status, progress }: { status: string; progress: Progress }) {
  const { counts } = progress;
  const done = counts.sent + counts.failed + counts.suppressed + counts.unknown;
  const items: [string, number, string][] = [
    ["Sent", counts.sent, "handed to the mail server and accepted"],
    ["To go", counts.queued, "waiting their turn"],
    ["Deferred", counts.deferred, "the mail server said “later”; tried again on their own"],
    ["Failed", counts.failed, "refused, or still refused after several tries"],
    ["Left out", counts.suppressed, "unsubscribed or refused for good before their turn"],
    ["Unknown", counts.unknown, "the send was interrupted while the mail server had it; it may have arrived"],
  ];
  return (
    <section aria-labelledby="progress-title" className="rounded-2xl bg-white p-4 ring-1 ring-navy/10 sm:p-6">
      <h2 id="progress-title" className="text-xl font-semibold text-navy">
        {status === "sent" ? "Delivery" : "Progress"}
      </h2>
      <p className="mt-1">
        {status === "sent"
          ? `Finished: ${counts.total === 1 ? "the one recipient has" : `all ${counts.total.toLocaleString("en-GB")} recipients have`} a final answer.`
          : `${done.toLocaleString("en-GB")} of ${counts.total.toLocaleString("en-GB")} done.`}
      </p>
      <progress
        value={done}
        max={Math.max(counts.total, 1)}
        aria-labelledby="progress-title"
        className="mt-2 h-3 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-teal-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-teal-700"
      />
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map(([label, n, hint]) => (
          <div key={label} className="rounded-xl bg-slate-50 p-3 ring-1 ring-navy/10">
            <dt className="text-sm font-medium text-ink/80">{label}</dt>
            <dd className="text-2xl font-bold text-navy">{n.toLocaleString("en-GB")}</dd>
            <dd className="text-xs text-ink/75">{hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const STATE_LABEL: Record<string, string> = {
  failed: "Failed",
  unknown: "Unknown",
  suppressed: "Left out",
};

/**
 * Who did not get it: what waits in one line per reason (while the relay is away that is one line,
 * not a card per address), then each address that failed, may not have arrived or was left out.
 */
export function Undelivered({ progress }: { progress: Progress }) {
  const { undelivered, undeliveredTotal, waiting, retryable } = progress;
  return (
    <section aria-labelledby="undelivered-title" className="rounded-2xl bg-white p-4 ring-1 ring-navy/10 sm:p-6">
      <h2 id="undelivered-title" className="text-xl font-semibold text-navy">
        Not delivered
      </h2>
      {waiting.length ? (
        <ul className="mt-1 grid gap-1" aria-label="Waiting">
          {waiting.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {undeliveredTotal === 0 ? (
        waiting.length ? null : (
          <p className="mt-1">Nobody so far: every address that has had its turn got it.</p>
        )
      ) : (
        <>
          <p className="mt-1">
            {undeliveredTotal.toLocaleString("en-GB")} {undeliveredTotal === 1 ? "address" : "addresses"}, with the mail
            server&apos;s answer
            {undeliveredTotal > undelivered.length ? ` (the first ${undelivered.length} shown)` : ""}.
          </p>
          <ul className="mt-3 grid gap-2">
            {undelivered.map((row) => (
              <li key={row.email} className="rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-navy/10">
                <p className="font-medium break-all">{row.email}</p>
                <p>
                  <strong>{STATE_LABEL[row.state] ?? row.state}</strong>
                  {row.attempts > 0 ? `, ${row.attempts} ${row.attempts === 1 ? "try" : "tries"}` : ""}
                </p>
                {row.lastError ? <p className="break-words text-ink/80">{row.lastError}</p> : null}
              </li>
            ))}
          </ul>
        </>
      )}
      {retryable > 0 ? (
        <Form method="post" className="mt-4">
          <p id="retry-hint" className="mb-2 text-sm text-ink/75">
            Tries the failed and unknown ones again (an “unknown” one may then get it twice). Addresses refused for good
            stay out.
          </p>
          <SubmitButton name="intent" value="retry" busyText="Queueing…">
            Retry the failed ones
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}

/** While it sends, fresh numbers every few seconds (a plain reload does the same without script). */
export function useRefreshWhileSending(sending: boolean) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (!sending) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void revalidate.current();
    }, 5_000);
    return () => window.clearInterval(timer);
  }, [sending]);
}

export function ConfirmSend({ subject, audience }: { subject: string; audience: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      id="confirm"
      aria-labelledby="confirm-title"
      className="scroll-mt-4 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-300 sm:p-6"
    >
      <h2 id="confirm-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-navy">
        Send it now?
      </h2>
      <p className="mt-2 break-words">
        {audience === 0
          ? "Nobody in this group has confirmed a subscription yet: there is no one to send it to."
          : `“${subject}” goes to ${people(audience)} now. Once it has started it cannot be called back.`}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {audience > 0 ? (
          <Form method="post">
            <SubmitButton name="intent" value="send" busyText="Starting…">
              Yes, send it to {people(audience)}
            </SubmitButton>
          </Form>
        ) : null}
        <ButtonLink to="?" variant="secondary" size="md">
          {audience > 0 ? "Cancel" : "Back to the issue"}
        </ButtonLink>
      </div>
    </section>
  );
}

/** The send-now button and the schedule, inside the editor's form: both save the draft first. */
export function SendControls({
  audience,
  segmentLabel,
  scheduled,
  when,
  error,
}: {
  audience: number;
  segmentLabel: string | undefined;
  scheduled: boolean;
  when: { date: string; time: string };
  error: string | undefined;
}) {
  return (
    <fieldset className="grid gap-4 rounded-xl border-2 border-navy/25 p-4">
      <legend className="px-1 text-lg font-semibold text-navy">Send it</legend>
      <p className="text-lg">
        This goes to <strong>{people(audience)}</strong>
        {segmentLabel ? ` (${segmentLabel.toLowerCase()})` : ""}.
      </p>
      {audience === 0 ? <p className="text-sm">Nobody in this group has confirmed a subscription yet.</p> : null}
      <div>
        <SubmitButton name="intent" value="send-ask">
          Send now…
        </SubmitButton>
      </div>
      <div
        role="group"
        aria-labelledby="schedule-title"
        aria-describedby={error ? "when-error" : undefined}
        className="grid gap-3 border-t border-navy/10 pt-4"
      >
        <p id="schedule-title" className="font-semibold">
          Or schedule it (Amsterdam time)
        </p>
        <div className="grid grid-cols-2 gap-3 sm:max-w-md">
          <div>
            <label htmlFor="sendDate" className="font-medium">
              Day
            </label>
            <input
              id="sendDate"
              name="sendDate"
              type="date"
              defaultValue={when.date}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "when-error" : undefined}
              className={`${compactInputClass} text-base`}
            />
          </div>
          <div>
            <label htmlFor="sendTime" className="font-medium">
              Time
            </label>
            <input
              id="sendTime"
              name="sendTime"
              type="time"
              step={60}
              defaultValue={when.time}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "when-error" : undefined}
              className={`${compactInputClass} text-base`}
            />
          </div>
        </div>
        <FieldError id="when" message={error} look="compact" />
        <div className="flex flex-wrap gap-3">
          <SubmitButton name="intent" value="schedule" variant="secondary" busyText="Scheduling…">
            {scheduled ? "Move to this time" : "Schedule"}
          </SubmitButton>
          {scheduled ? (
            <SubmitButton name="intent" value="unschedule" variant="danger" busyText="Unscheduling…">
              Unschedule
            </SubmitButton>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
