import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-unsaved";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { describeDeadLetter } from "~/features/back-office/dead-letters";
import { SubmissionFields } from "~/features/back-office/submission-fields";
import { AdminShell, adminMeta, formatDateTime, Notice } from "~/features/back-office/ui";

export const meta: Route.MetaFunction = () => adminMeta("Unsaved submissions");
export const headers = forwardSessionHeaders;

/**
 * Submissions the visitor was told were received but the database refused every time
 * (the outbox's dead letters, DATA_DIR/outbox-dead.jsonl): the trainer reads them here
 * and gets in touch by hand.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const letters = (await ctx.services.outbox.deadLetters()).map(describeDeadLetter);
  const waiting = await ctx.services.outbox.size();
  return data({ letters, waiting }, { headers: trainer.headers });
}

export default function AdminUnsaved() {
  const { letters, waiting } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Unsaved submissions">
      <p className="mb-6 max-w-3xl text-ink/80">
        These visitors were told their submission was received, but the database could not store it (usually because of
        an unusual character in a field). Nothing here appears under Leads, Event signups or Subscribers: please contact
        them directly.
      </p>
      {waiting > 0 ? (
        <div className="mb-6">
          <Notice>
            {waiting === 1 ? "1 submission is" : `${waiting} submissions are`} waiting for the database and will be
            stored automatically.
          </Notice>
        </div>
      ) : null}
      {letters.length === 0 ? (
        <Notice>No unsaved submissions: nothing to follow up here.</Notice>
      ) : (
        <ul className="grid gap-4">
          {letters.map((letter) => (
            <li key={letter.id}>
              <article
                aria-labelledby={`letter-${letter.id}`}
                className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy/10"
              >
                <h2 id={`letter-${letter.id}`} className="text-lg font-semibold text-navy">
                  {letter.form}, received {formatDateTime(letter.receivedAt)}
                </h2>
                <SubmissionFields fields={letter.fields} />
                <p className="mt-3 text-sm text-ink/70">
                  Stopped retrying {formatDateTime(letter.deadAt)} after {letter.attempts} attempts ({letter.error}).
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </AdminShell>
  );
}
