import { useState } from "react";
import { Link } from "react-router";
import type { OpenLead } from "~/features/leads/contact.server";
import { ContactButtons, RepeatFlags } from "./lead-contact";
import { STATUS_LABELS, type LeadStatus } from "./labels";
import { formatDateTime } from "./ui";

function OpenLeadItem({ lead }: { lead: OpenLead }) {
  const [status, setStatus] = useState(lead.status);
  const headingId = `open-${lead.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="h-full rounded-2xl bg-white p-4 ring-1 ring-navy/10">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="text-base font-semibold text-navy">
            <Link
              to={`/admin/leads/${lead.id}`}
              className="inline-flex min-h-11 items-center underline decoration-navy/30 hover:decoration-navy"
            >
              {lead.name}
            </Link>
          </h3>
          <p className="text-sm text-ink/80">
            <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
          </p>
        </div>
        <p className="text-sm">
          {lead.goal ? <span className="first-letter:uppercase">{lead.goal}</span> : null}
          {lead.goal ? " · " : null}
          <span data-testid="open-lead-status">{STATUS_LABELS[status as LeadStatus] ?? status}</span>
        </p>
        {lead.waitingTooLong && status === "new" ? (
          <p className="mt-2 inline-block rounded-md bg-amber-100 px-2 py-1 text-sm font-semibold text-amber-950">
            Waiting for an answer for more than a day
          </p>
        ) : null}
        <RepeatFlags repeats={lead.repeats} />
        <ContactButtons leadId={lead.id} name={lead.name} links={lead.links} onRecorded={(next) => setStatus(next)} />
      </article>
    </li>
  );
}

/** The newest leads still to be answered, first on the dashboard so a phone shows them at once. */
export function OpenLeads({ leads }: { leads: OpenLead[] }) {
  return (
    <section aria-labelledby="open-leads-heading" className="mb-6">
      <h2 id="open-leads-heading" className="mb-3 text-lg font-semibold text-navy">
        Newest open leads
      </h2>
      {leads.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm ring-1 ring-navy/10">Every lead has been answered.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {leads.map((lead) => (
            <OpenLeadItem key={lead.id} lead={lead} />
          ))}
        </ul>
      )}
    </section>
  );
}
