import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from "react-router";
import type { Route } from "./+types/admin";
import { requireServices } from "~/context";
import { messagesNeedingHer } from "~/features/messages/overview.server";
import { audit, forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { listLeads, updateLead, weeklyStats } from "~/features/reports/data.server";
import { filtersToQuery, leadUpdateSchema, parseLeadFilters } from "~/features/back-office/filters";
import { GOAL_LABELS, readableAnswers } from "~/features/back-office/labels";
import { fieldErrors } from "~/features/auth/schema";
import { SourceList, WeeklyChart } from "~/features/reports/charts";
import { AdminShell, adminMeta, formatDateTime, Notice, Pagination } from "~/features/back-office/ui";
import { CsvLink } from "~/features/back-office/list-table";
import { findRepeats, leadContactLinks, openLeads } from "~/features/leads/contact.server";
import { OpenLeads } from "~/features/back-office/open-leads";
import { ContactButtons, RepeatFlags } from "~/features/back-office/lead-contact";
import { NO_REPEATS } from "~/features/leads/repeats";
import { sourceLabel } from "~/infra/first-touch";
import { Button } from "~/ui/button";
import { NoteField, StatusSelect } from "~/features/back-office/lead-form";
import { compactInputClass } from "~/ui/field";
import { BackupStatus } from "~/features/back-office/backup-status";
import { heldCounts } from "~/features/leads/held.server";
import { HeldCount } from "~/features/leads/held-count";

export const meta: Route.MetaFunction = () => adminMeta("Leads");
export const headers = forwardSessionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  const db = ctx.services.database.db;
  const now = new Date();
  const [leads, stats, backup, open, held, messagesToSee] = await Promise.all([
    listLeads(db, filters),
    weeklyStats(db),
    ctx.services.backups.summary(),
    openLeads(db, now),
    heldCounts(db, new Date(now.getTime() - 86_400_000)),
    messagesNeedingHer(db),
  ]);
  const repeats = await findRepeats(
    db,
    leads.rows.map((r) => ({ id: r.id, email: r.email, phone: r.phone, createdAt: r.createdAt.toISOString() })),
  );
  return data(
    {
      filters,
      stats,
      backup,
      open,
      held: { total: held.total, realLooking: held.realLooking },
      messagesToSee,
      leads: {
        ...leads,
        rows: leads.rows.map((r) => ({
          id: r.id,
          createdAt: r.createdAt.toISOString(),
          name: [r.firstName, r.lastName].filter(Boolean).join(" ") || "(no name)",
          email: r.email,
          phone: r.phone,
          message: r.message,
          sourceUrl: r.sourceUrl,
          source: sourceLabel(r.firstTouch),
          status: r.status,
          note: r.note,
          answers: readableAnswers(r.answers),
          links: leadContactLinks({ ...r, name: null }),
          repeats: repeats.get(r.id) ?? NO_REPEATS,
        })),
      },
    },
    { headers: trainer.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const form = await request.formData();
  const parsed = leadUpdateSchema.safeParse({
    id: form.get("id"),
    status: form.get("status"),
    note: form.get("note") ?? "",
  });
  if (!parsed.success)
    return data(
      { id: String(form.get("id") ?? ""), errors: fieldErrors(parsed.error) as Record<string, string>, saved: false },
      { status: 400 },
    );
  const found = await updateLead(ctx.services.database.db, parsed.data, trainer.user.id, ctx.services.followUps);
  if (!found)
    return data(
      { id: parsed.data.id, errors: { form: "This lead no longer exists." } as Record<string, string>, saved: false },
      { status: 404 },
    );
  await audit(ctx.services.database.db, {
    action: "lead.updated",
    userId: trainer.user.id,
    ip: ctx.clientIp,
    detail: { id: parsed.data.id, status: parsed.data.status },
  });
  return data({ id: parsed.data.id, errors: {} as Record<string, string>, saved: true }, { headers: trainer.headers });
}

function Filters() {
  const { filters } = useLoaderData<typeof loader>();
  return (
    <Form
      method="get"
      className="mb-6 grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy/10 sm:grid-cols-2 lg:grid-cols-6"
      aria-label="Filter leads"
    >
      <div className="lg:col-span-2">
        <label htmlFor="q" className="text-sm font-medium">
          Name or e-mail
        </label>
        <input id="q" name="q" type="search" defaultValue={filters.q ?? ""} className={compactInputClass} />
      </div>
      <div>
        <label htmlFor="goal" className="text-sm font-medium">
          Goal
        </label>
        <select id="goal" name="goal" defaultValue={filters.goal ?? ""} className={compactInputClass}>
          <option value="">All goals</option>
          {Object.entries(GOAL_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <StatusSelect id="status" label="Status" defaultValue={filters.status ?? ""} anyLabel="All statuses" />
      <div>
        <label htmlFor="from" className="text-sm font-medium">
          From
        </label>
        <input id="from" name="from" type="date" defaultValue={filters.from ?? ""} className={compactInputClass} />
      </div>
      <div>
        <label htmlFor="to" className="text-sm font-medium">
          To
        </label>
        <input id="to" name="to" type="date" defaultValue={filters.to ?? ""} className={compactInputClass} />
      </div>
      <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-6">
        <Button type="submit" size="md">
          Show leads
        </Button>
        <Link to="/admin" className="min-h-11 rounded-full px-3 py-2.5 font-medium text-teal-700 underline">
          Clear filters
        </Link>
      </div>
    </Form>
  );
}

type Lead = ReturnType<typeof useLoaderData<typeof loader>>["leads"]["rows"][number];

function LeadCard({ lead }: { lead: Lead }) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const mine = result?.id === lead.id ? result : undefined;
  const revalidator = useRevalidator();
  const saving = navigation.state === "submitting" && navigation.formData?.get("id") === lead.id;
  const headingId = `lead-${lead.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl bg-white p-5 ring-1 ring-navy/10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-navy">
          <Link to={`/admin/leads/${lead.id}`} className="underline decoration-navy/30 hover:decoration-navy">
            {lead.name}
          </Link>
        </h3>
        <p className="text-sm text-ink/80">{formatDateTime(lead.createdAt)}</p>
      </div>
      <p className="mt-1 break-words text-sm">
        {lead.email ? <span>{lead.email}</span> : null}
        {lead.phone ? <span> · {lead.phone}</span> : null}
        {lead.sourceUrl ? (
          <span className="text-ink/80"> · from {new URL(lead.sourceUrl, "https://x.invalid").pathname}</span>
        ) : null}
        <span className="text-ink/80"> · source: {lead.source}</span>
      </p>
      <RepeatFlags repeats={lead.repeats} />
      <ContactButtons
        leadId={lead.id}
        name={lead.name}
        links={lead.links}
        onRecorded={(status) => {
          if (status !== lead.status) void revalidator.revalidate();
        }}
      />
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {lead.answers.map((a) => (
          <div key={a.question} className="contents">
            <dt className="font-medium">{a.question}</dt>
            <dd>{a.answer}</dd>
          </div>
        ))}
      </dl>
      {lead.message ? (
        <p className="mt-3 whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm">{lead.message}</p>
      ) : null}
      {/* Keyed by the status, so a status changed by a contact tap shows in the select. */}
      <Form key={lead.status} method="post" className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
        <input type="hidden" name="id" value={lead.id} />
        <StatusSelect id={`status-${lead.id}`} label="Status" defaultValue={lead.status} />
        <NoteField id={`note-${lead.id}`} rows={1} defaultValue={lead.note ?? ""} error={mine?.errors.note} />
        <Button type="submit" disabled={saving} variant="dark" size="md" className="disabled:opacity-60">
          {saving ? "Saving…" : "Save"}
        </Button>
      </Form>
      <p role="status" className="mt-2 text-sm text-emerald-800">
        {mine?.saved ? "Saved." : ""}
      </p>
      {mine?.errors.form ? <Notice tone="error">{mine.errors.form}</Notice> : null}
    </article>
  );
}

export default function AdminDashboard() {
  const { filters, leads, stats, backup, open, held, messagesToSee } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <AdminShell title="Leads" actions={<CsvLink list="leads" query={filtersToQuery(filters)} />}>
      {params.get("enrolled") ? (
        <Notice tone="success">Two-factor sign-in is on. Keep your backup codes safe.</Notice>
      ) : null}
      <OpenLeads leads={open} />
      {messagesToSee > 0 ? (
        <div className="mb-6">
          <Notice tone="error">
            {messagesToSee === 1 ? "1 message was" : `${messagesToSee} messages were`} not delivered yet.{" "}
            <Link to="/admin/messages" className="font-semibold underline">
              See Messages
            </Link>
          </Notice>
        </div>
      ) : null}
      <HeldCount {...held} />
      <BackupStatus backup={backup} />
      <div className="mb-6 grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="weekly-heading"
          className="rounded-2xl bg-white p-5 ring-1 ring-navy/10 lg:col-span-2"
        >
          <h2 id="weekly-heading" className="mb-3 text-lg font-semibold text-navy">
            Per week
          </h2>
          <WeeklyChart weeks={stats.weeks} />
        </section>
        <section aria-labelledby="sources-heading" className="rounded-2xl bg-white p-5 ring-1 ring-navy/10">
          <h2 id="sources-heading" className="mb-3 text-lg font-semibold text-navy">
            Where they came from
          </h2>
          <SourceList sources={stats.sources} />
        </section>
      </div>
      <Filters />
      <section aria-labelledby="list-heading">
        <h2 id="list-heading" className="sr-only">
          Lead list
        </h2>
        {leads.rows.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 ring-1 ring-navy/10">No leads match these filters.</p>
        ) : (
          <div className="grid gap-4">
            {leads.rows.map((lead) => (
              <LeadCard key={lead.id} lead={lead} />
            ))}
          </div>
        )}
        <Pagination
          page={leads.page}
          pageCount={leads.pageCount}
          total={leads.total}
          capped={leads.totalCapped}
          href={(p) => `/admin${filtersToQuery(filters, p)}`}
        />
      </section>
    </AdminShell>
  );
}
