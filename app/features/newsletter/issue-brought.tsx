/** What one issue brought to the site, counted from its links (docs/decisions/078-what-an-issue-brought.md). */
export interface IssueBrought {
  /** Pages opened from the issue's links. */
  visits: number;
  questionnaires: number;
  /** Intake calls booked (and not cancelled) by the leads of those questionnaires. */
  callsBooked: number;
  eventSignups: number;
  newsletterSignups: number;
  /** Orders paid (paid, active or completed). */
  paidOrders: number;
}

/** The issue page's panel of what it brought: counts only, never who. */
export function IssueBroughtPanel({ brought }: { brought: IssueBrought }) {
  const items: [string, number, string][] = [
    ["Visits", brought.visits, "pages opened from its links"],
    ["Questionnaires", brought.questionnaires, "sent in a visit from its links"],
    ["Intake calls booked", brought.callsBooked, "by those who sent them"],
    ["Event sign-ups", brought.eventSignups, "in a visit from its links"],
    ["Newsletter sign-ups", brought.newsletterSignups, "someone it was forwarded to, for example"],
    ["Paid orders", brought.paidOrders, "bought in a visit from its links"],
  ];
  return (
    <section aria-labelledby="brought-title" className="rounded-2xl bg-white p-4 ring-1 ring-navy/10 sm:p-6">
      <h2 id="brought-title" className="text-xl font-semibold text-navy">
        What it brought
      </h2>
      <p className="mt-1 text-sm text-ink/80">
        Counted from the address of the links in it, which name this issue: no tracking pixel, no cookie, and nothing
        that tells who opened or clicked. Opens are not counted, and a visit counts when the page opens from a link.
      </p>
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
