import { data, Form, useActionData } from "react-router";
import type { Route } from "./+types/admin-data-requests";
import { requireServices } from "~/context";
import { audit, forwardSessionHeaders, stepUp, trainerOf } from "~/features/auth/guard.server";
import {
  countsOf,
  erasePerson,
  includedIds,
  lookUpPerson,
  parsePersonKey,
  requestReference,
  type PersonCounts,
  type PossibleMatch,
} from "~/features/reports/data-requests.server";
import { AdminShell, adminMeta, Notice } from "~/features/back-office/ui";
import { amsterdamDateTime } from "~/infra/amsterdam";
import { Button } from "~/ui/button";
import { compactInputClass } from "~/ui/field";

/** Every request here needs the second factor checked in the last 15 minutes. */
export const middleware: Route.MiddlewareFunction[] = [stepUp()];

export const meta: Route.MetaFunction = () => adminMeta("Data requests");
export const headers = forwardSessionHeaders;

const KINDS: Record<keyof PersonCounts, string> = {
  leads: "Intake leads",
  eventSignups: "Event signups",
  leadEvents: "Lead notes, status changes and contact attempts",
  bookings: "Booked intake calls",
  subscribers: "Newsletter subscriptions",
  orders: "Orders",
  payments: "Payments",
  consentRecords: "Consent records",
  newsletterDeliveries: "Newsletter issues sent",
  messages: "E-mails and notices (an order confirmation keeps only that it went)",
};

export async function loader({ context }: Route.LoaderArgs) {
  const trainer = trainerOf(context);
  return data({}, { headers: trainer.headers });
}

type ActionResult =
  | { step: "error"; message: string; email: string }
  | { step: "found"; email: string; counts: PersonCounts; records: string; possible: PossibleMatch[] }
  | { step: "erased"; email: string; counts: PersonCounts };

/**
 * Everything is a POST: the address never appears in a URL (and so never in access logs).
 * Lookups and erasures are written to the audit log with a keyed hash of the address, not the address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const form = await request.formData();
  const typedPerson = String(form.get("email") ?? "").slice(0, 320);
  const key = parsePersonKey(typedPerson);
  const db = ctx.services.database.db;
  const answer = (result: ActionResult, status = 200) => data(result, { status, headers: trainer.headers });
  if (!key)
    return answer(
      { step: "error", message: "Enter the person's e-mail address or phone number.", email: typedPerson },
      400,
    );
  // What the page shows and sends on: the address, or the number in international form.
  const email = key;
  const reference = requestReference(ctx.services.secret, key);
  const include = includedIds(form);

  if (form.get("intent") === "erase") {
    const confirmed = form.get("confirm") === "yes";
    const typed = parsePersonKey(String(form.get("typed") ?? ""));
    if (!confirmed || typed !== key)
      return answer(
        {
          step: "error",
          email,
          message: "Nothing was erased: tick the box and type the same e-mail address or phone number to confirm.",
        },
        // A step not yet confirmed, not a bad request: the page shows what to do.
        200,
      );
    const counts = await erasePerson(db, key, include);
    await audit(db, {
      action: "data.erase",
      userId: trainer.user.id,
      ip: ctx.clientIp,
      detail: { reference, chosenByTrainer: include.length, ...counts },
    });
    return answer({ step: "erased", email, counts });
  }

  const { data: found, possible } = await lookUpPerson(db, key, include);
  const counts = countsOf(found);
  await audit(db, {
    action: "data.lookup",
    userId: trainer.user.id,
    ip: ctx.clientIp,
    detail: { reference, possibleMatches: possible.length, chosenByTrainer: include.length, ...counts },
  });
  return answer({ step: "found", email, counts, records: JSON.stringify(found, null, 2), possible });
}

function CountsTable({ counts, caption }: { counts: PersonCounts; caption: string }) {
  return (
    <table className="mt-3 w-full max-w-md text-sm">
      <caption className="text-left font-semibold text-navy">{caption}</caption>
      <tbody>
        {(Object.keys(KINDS) as (keyof PersonCounts)[]).map((kind) => (
          <tr key={kind} className="border-b border-navy/10">
            <th scope="row" className="py-1 pr-4 text-left font-normal">
              {KINDS[kind]}
            </th>
            <td className="py-1 text-right tabular-nums">{counts[kind]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The phone-linked records the trainer chose, carried to the export and the erasure. */
function IncludedInputs({ possible }: { possible: PossibleMatch[] }) {
  return possible.filter((p) => p.included).map((p) => <input key={p.id} type="hidden" name="include" value={p.id} />);
}

/**
 * Records linked to the person by a phone number alone. Anyone can type someone else's number, so
 * none is part of the request until the trainer has checked it and ticks it.
 */
function PossibleMatches({ email, possible }: { email: string; possible: PossibleMatch[] }) {
  return (
    <Form method="post" className="mt-4 grid gap-3 rounded-xl bg-sand/40 p-4">
      <h3 id="possible-heading" className="font-semibold text-navy">
        Possibly the same person ({possible.length})
      </h3>
      <p className="text-sm text-ink/85">
        These records share only a phone number with this request. They are not in the counts, the download or the
        erasure unless you check that they belong to this person and tick them.
      </p>
      <input type="hidden" name="email" value={email} />
      <ul className="grid gap-2" aria-labelledby="possible-heading">
        {possible.map((p) => (
          <li key={p.id} className="rounded-lg bg-white p-3 text-sm ring-1 ring-navy/10">
            <label className="flex items-start gap-2">
              <input type="checkbox" name="include" value={p.id} defaultChecked={p.included} className="mt-1" />
              <span>
                <span className="font-medium text-navy">
                  {p.kind === "lead" ? "Questionnaire" : "Event signup"}: {p.label}
                </span>
                , {amsterdamDateTime(new Date(p.createdAt))}
                <span className="block text-ink/75">{p.evidence}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div>
        <Button type="submit" name="intent" value="lookup" variant="secondary" size="sm">
          Look up again with the ticked records
        </Button>
      </div>
    </Form>
  );
}

export default function AdminDataRequests() {
  const result = useActionData<typeof action>();
  const total = result && result.step !== "error" ? Object.values(result.counts).reduce((a, b) => a + b, 0) : 0;
  return (
    <AdminShell title="Data requests">
      <div className="grid max-w-3xl gap-6">
        <p className="text-sm text-ink/85">
          Someone asks what you hold about them, or asks to be deleted (answer within one month). Look them up by e-mail
          address, or by phone number for someone who only signed up for an event; download everything as one file, or
          erase it. Orders stay for the bookkeeping period with their amounts and dates, without the personal fields.
        </p>
        <Form method="post" className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-5 ring-1 ring-navy/10">
          <label className="grow text-sm font-medium text-navy">
            E-mail address or phone number of the person
            <input
              name="email"
              type="text"
              inputMode="email"
              required
              autoComplete="off"
              defaultValue={result?.email ?? ""}
              className={compactInputClass}
            />
          </label>
          <Button type="submit" name="intent" value="lookup" variant="dark" size="sm">
            Look up
          </Button>
        </Form>

        {result?.step === "error" && <Notice tone="error">{result.message}</Notice>}
        {result?.step === "erased" && (
          <section aria-labelledby="erased-heading" className="rounded-2xl bg-white p-5 ring-1 ring-navy/10">
            <h2 id="erased-heading" className="text-lg font-semibold text-navy">
              Erased
            </h2>
            <Notice tone="success">
              Everything held about {result.email} was erased. Orders were kept without personal fields. The audit log
              has an entry without the address.
            </Notice>
            <CountsTable counts={result.counts} caption="Records erased or anonymised" />
          </section>
        )}
        {result?.step === "found" && (
          <section aria-labelledby="found-heading" className="rounded-2xl bg-white p-5 ring-1 ring-navy/10">
            <h2 id="found-heading" className="text-lg font-semibold text-navy">
              What is held about {result.email}
            </h2>
            <CountsTable counts={result.counts} caption={`${total} records in total`} />
            {result.possible.length > 0 && <PossibleMatches email={result.email} possible={result.possible} />}
            {total > 0 && (
              <>
                <details className="mt-4">
                  <summary className="cursor-pointer font-medium text-navy">Show every record</summary>
                  <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-sand/40 p-3 text-xs">{result.records}</pre>
                </details>
                <form method="post" action="/admin/data-requests/export" className="mt-4 flex flex-wrap gap-3">
                  <input type="hidden" name="email" value={result.email} />
                  <IncludedInputs possible={result.possible} />
                  <Button type="submit" name="format" value="html" variant="secondary" size="sm">
                    Download as a readable page
                  </Button>
                  <Button type="submit" name="format" value="json" variant="secondary" size="sm">
                    Download as JSON
                  </Button>
                </form>
                <Form method="post" className="mt-6 grid gap-3 rounded-xl bg-red-50 p-4">
                  <h3 className="font-semibold text-red-800">Erase this person</h3>
                  <input type="hidden" name="email" value={result.email} />
                  <IncludedInputs possible={result.possible} />
                  <label className="flex items-start gap-2 text-sm">
                    <input type="checkbox" name="confirm" value="yes" className="mt-1" />I checked that this request
                    comes from the person, and I want to erase their data. This cannot be undone.
                  </label>
                  <label className="text-sm font-medium">
                    Type the e-mail address or phone number again
                    <input name="typed" type="text" autoComplete="off" className={compactInputClass} />
                  </label>
                  <div>
                    <Button type="submit" name="intent" value="erase" variant="danger" size="sm">
                      Erase everything
                    </Button>
                  </div>
                </Form>
              </>
            )}
          </section>
        )}
      </div>
    </AdminShell>
  );
}
