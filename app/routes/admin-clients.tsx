import { data, Link, useLoaderData, useRevalidator } from "react-router";
import type { Route } from "./+types/admin-clients";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { listClients, type ClientRow } from "~/features/reports/clients.server";
import { orderTerms } from "~/features/back-office/labels";
import { ContactButtons } from "~/features/back-office/lead-contact";
import { StatusBadge } from "~/features/back-office/list-table";
import { AdminShell, adminMeta, formatMoney, listQuery, pageHref, Pagination } from "~/features/back-office/ui";

export const meta: Route.MetaFunction = () => adminMeta("Clients");
export const headers = forwardSessionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const { page } = listQuery(request.url);
  const list = await listClients(ctx.services.database.db, page);
  return data({ list }, { headers: trainer.headers });
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "Europe/Amsterdam" });

const PHASE = {
  starting: { label: "Starts soon", tone: "wait" },
  running: { label: "Coaching now", tone: "good" },
  ended: { label: "Plan over", tone: "off" },
} as const;

const PROBLEM: Record<string, string> = {
  payment_failed: "Last payment failed",
  cancelled: "Cancelled",
  expired: "Expired",
};

function ClientCard({ client }: { client: ClientRow }) {
  const revalidator = useRevalidator();
  const headingId = `client-${client.orderId}`;
  const money = (cents: number) => formatMoney(cents, client.currency);
  const phase = PHASE[client.phase];
  return (
    <li>
      <article aria-labelledby={headingId} className="h-full rounded-2xl bg-white p-4 ring-1 ring-navy/10">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="min-w-0 break-words text-base font-semibold text-navy">
            {client.leadId ? (
              <Link
                to={`/admin/leads/${client.leadId}`}
                className="inline-flex min-h-11 items-center underline decoration-navy/30 hover:decoration-navy"
              >
                {client.name}
              </Link>
            ) : (
              client.name
            )}
          </h3>
          <span className="flex flex-wrap gap-1">
            <StatusBadge tone={phase.tone}>{phase.label}</StatusBadge>
            {PROBLEM[client.status] ? <StatusBadge tone="off">{PROBLEM[client.status]}</StatusBadge> : null}
          </span>
        </div>
        <p className="text-sm">
          <span className="font-medium">{client.planName}</span>, {orderTerms(client.paymentsTotal)}
        </p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Start</dt>
          <dd>
            <time dateTime={client.starts}>{day(client.starts)}</time>
          </dd>
          <dt className="font-medium">End</dt>
          <dd>
            <time dateTime={client.ends}>{day(client.ends)}</time>
          </dd>
          <dt className="font-medium">Paid</dt>
          <dd>
            {client.made.count} of {client.paymentsTotal} ({money(client.made.cents)})
          </dd>
          <dt className="font-medium">To come</dt>
          <dd>
            {client.toCome.count === 0 ? (
              "Nothing"
            ) : (
              <>
                {client.toCome.count} × {money(client.amountCents)}
                {client.toCome.next ? (
                  <>
                    , next around <time dateTime={client.toCome.next}>{day(client.toCome.next)}</time>
                  </>
                ) : null}
              </>
            )}
          </dd>
        </dl>
        {client.leadId ? (
          <>
            <ContactButtons
              leadId={client.leadId}
              name={client.name}
              links={client.links}
              onRecorded={() => void revalidator.revalidate()}
            />
            <p className="mt-2 text-sm">
              <Link to={`/admin/leads/${client.leadId}`} className="inline-flex min-h-11 items-center underline">
                Timeline of {client.name}
              </Link>
            </p>
          </>
        ) : client.links.email ? (
          <p className="mt-2 text-sm">
            No questionnaire from this buyer.{" "}
            <a href={client.links.email} className="inline-flex min-h-11 items-center text-teal-700 underline">
              E-mail {client.email}
            </a>
          </p>
        ) : null}
      </article>
    </li>
  );
}

export default function AdminClients() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <AdminShell
      title="Clients"
      actions={
        <Link to="/admin/orders" className="inline-flex min-h-11 items-center font-semibold text-teal-700 underline">
          Orders and revenue
        </Link>
      }
    >
      <p className="mb-4 max-w-prose text-sm">
        Everyone who paid for a plan, newest order first. A plan starts after the withdrawal period unless the buyer
        asked at checkout to start at once, and runs a month per payment.
      </p>
      <section aria-labelledby="clients-heading">
        <h2 id="clients-heading" className="sr-only">
          Clients, newest order first
        </h2>
        {list.rows.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 ring-1 ring-navy/10">No paid orders yet.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {list.rows.map((client) => (
              <ClientCard key={client.orderId} client={client} />
            ))}
          </ul>
        )}
      </section>
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} href={pageHref("/admin/clients")} />
    </AdminShell>
  );
}
