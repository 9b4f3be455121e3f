import { Form } from "react-router";
import { Notice, SubmitButton } from "./ui";
import type { leadFollowUps } from "~/features/follow-ups/lead.server";

type Loaded = Awaited<ReturnType<typeof leadFollowUps>>;

/** A lead's follow-ups: what goes out when (each with a Cancel), and what went out. */
export function LeadFollowUps({ followUps, result }: { followUps: Loaded; result?: { ok: boolean; message: string } }) {
  return (
    <section aria-labelledby="follow-ups-heading" className="rounded-2xl bg-white p-5 ring-1 ring-navy/10">
      <h2 id="follow-ups-heading" className="text-lg font-semibold text-navy">
        Follow-ups
      </h2>
      {result ? (
        <div className="mt-3">
          <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice>
        </div>
      ) : null}
      <h3 className="mt-3 font-semibold">Will go out (Amsterdam time)</h3>
      {followUps.planned.length === 0 ? (
        <p className="text-sm">Nothing planned.</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {followUps.planned.map((row) => (
            <li key={row.key} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {row.label}: {row.at}
              </span>
              {row.sending ? (
                <span className="text-sm">going out now</span>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel-follow-up" />
                  <input type="hidden" name="key" value={row.key} />
                  <SubmitButton variant="secondary" busyText="Cancelling…">
                    Cancel<span className="sr-only"> {row.label}</span>
                  </SubmitButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 font-semibold">Went out</h3>
      {followUps.past.length === 0 ? (
        <p className="text-sm">Nothing yet.</p>
      ) : (
        <ul className="mt-2 grid gap-1 text-sm">
          {followUps.past.map((row) => (
            <li key={row.key}>
              {row.label}: {row.at}, {row.outcome}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
