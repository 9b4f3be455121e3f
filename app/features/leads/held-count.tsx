import { Link } from "react-router";

/** Forms held for review, so real ones among them are not left to expire unseen (decision 057). */
export function HeldCount({ total, realLooking }: { total: number; realLooking: number }) {
  if (total === 0) return null;
  const forms = (n: number) => `${n.toLocaleString("en-GB")} form${n === 1 ? "" : "s"}`;
  return (
    <section aria-labelledby="held-heading" className="mb-6 rounded-2xl bg-white p-5 ring-1 ring-navy/10">
      <h2 id="held-heading" className="text-lg font-semibold text-navy">
        {forms(total)} held for review
      </h2>
      <p className="mt-1 text-ink/80">
        {realLooking === 0
          ? "None looks like a real visitor."
          : realLooking === 1
            ? "1 form looks like a real visitor."
            : `${forms(realLooking)} look like real visitors.`}{" "}
        <Link to="/admin/held" className="font-semibold text-navy underline">
          Review held forms
        </Link>
      </p>
    </section>
  );
}
