import { useRef, useState, type FormEvent } from "react";
import { checkout as copy } from "#content/checkout";
import { site } from "#content/site";
import type { BillingType, Duration, PlanTier, PricingContent } from "#content/types";
import { billingTypeFor, catalogueItem, formatEuro, paymentSummary } from "./catalogue";
import { CHECKOUT_MESSAGES, START_NOW_FIELD, START_NOW_VALUE, type CheckoutResponse } from "./checkout-schema";
import { startNowText, withDays } from "./withdrawal";
import { savingsNotices } from "./price-rules";
import { buttonStyles } from "~/ui/button";
import { Honeypot } from "~/ui/field";

/**
 * Which duration is shown is decided by CSS from the checked radio, so the toggle works
 * before (or without) JavaScript and the prerendered HTML needs no per-visitor state.
 */
const shownFor = (d: Duration) =>
  `hidden ${
    {
      "1": "[.pricing:has(#duration-1:checked)_&]:block",
      "3": "[.pricing:has(#duration-3:checked)_&]:block",
      "6": "[.pricing:has(#duration-6:checked)_&]:block",
    }[d]
  }`;

export interface PricingError {
  planName: string;
  message: string;
}

/** The lead id of a /pricing?lead=... link from a thank-you page; anything else is left out. */
function leadIdOfPage(): string | undefined {
  const lead = new URLSearchParams(window.location.search).get("lead") ?? "";
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(lead) ? lead : undefined;
}

function newIdempotencyKey(): string | undefined {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : undefined;
}

export function PricingPlans({
  pricing,
  initialError,
  preview = false,
}: {
  pricing: PricingContent;
  initialError?: PricingError | null;
  /** The back office's preview: the same cards, with buttons that buy nothing. */
  preview?: boolean;
}) {
  const toggle = useRef<HTMLFieldSetElement>(null);
  const [selected, setSelected] = useState<string | null>(initialError?.planName ?? null);
  const [loading, setLoading] = useState<string | null>(null);
  const [error, setError] = useState<PricingError | null>(initialError ?? null);

  const savings = savingsNotices(pricing);

  async function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (preview) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const priceId = submitter instanceof HTMLButtonElement ? submitter.value : "";
    const plan = pricing.plans.find((p) => p.id === priceId.split(":")[0]);
    if (!plan) return;
    const startNow = new FormData(event.currentTarget).get(START_NOW_FIELD) === START_NOW_VALUE;
    const checked = toggle.current?.querySelector<HTMLInputElement>("input[name=duration]:checked");
    const frequency = (checked?.value ?? "1") as Duration;
    const billingType: BillingType = billingTypeFor(frequency);
    setSelected(plan.name);
    setError(null);
    setLoading(plan.name);
    try {
      const response = await fetch("/api/create-checkout-session", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          priceId,
          planName: plan.name,
          billingType,
          frequency,
          startNow,
          idempotencyKey: newIdempotencyKey(),
          // From a lead's thank-you page (/pricing?lead=...): the order is tied to that lead.
          leadId: leadIdOfPage(),
        }),
      });
      const body = (await response.json().catch(() => null)) as CheckoutResponse | null;
      if (response.ok && body && "sessionUrl" in body) {
        window.location.assign(body.sessionUrl);
        return;
      }
      const message = body && "message" in body && body.message ? body.message : CHECKOUT_MESSAGES.failed;
      setError({ planName: plan.name, message });
    } catch {
      setError({ planName: plan.name, message: CHECKOUT_MESSAGES.unexpected });
    }
    setLoading(null);
  }

  return (
    <div className="pricing">
      <fieldset ref={toggle} className="mx-auto flex w-fit flex-col items-center">
        <legend className="mb-3 w-full text-center text-sm font-semibold uppercase tracking-[0.18em] text-teal">
          {copy.pricing.durationLabel}
        </legend>
        <div className="flex rounded-full border border-navy/15 bg-white p-1 shadow-sm">
          {pricing.durations.map((d) => (
            <label
              key={d.value}
              className="relative min-h-11 cursor-pointer rounded-full px-4 py-2.5 text-sm font-semibold text-navy transition-colors has-[:checked]:bg-navy has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-coral-700 sm:px-6"
            >
              <input
                type="radio"
                name="duration"
                id={`duration-${d.value}`}
                value={d.value}
                defaultChecked={d.value === "1"}
                className="sr-only"
              />
              {d.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 text-center text-sm font-medium text-teal-700" data-testid="savings">
        {pricing.durations.map((d) => (
          <p key={d.value} className={shownFor(d.value)}>
            {savings[d.value]}
          </p>
        ))}
      </div>

      {/* One form for every plan: the start box above the cards goes with whichever plan is chosen. */}
      <form method="post" action="/pricing" onSubmit={choose}>
        <Honeypot />
        <div className="mx-auto mt-8 max-w-2xl rounded-2xl border border-navy/15 bg-white p-4 text-sm text-ink sm:p-5">
          <label className="flex cursor-pointer gap-3">
            <input
              type="checkbox"
              name={START_NOW_FIELD}
              value={START_NOW_VALUE}
              disabled={preview}
              aria-describedby="start-now-hint"
              className="mt-0.5 size-5 shrink-0 accent-navy"
            />
            <span className="font-medium">{startNowText()}</span>
          </label>
          <p id="start-now-hint" className="mt-2 pl-8 text-ink/80">
            {withDays(copy.pricing.startNowHint)}
          </p>
          <p className="mt-2 pl-8 text-ink/80">
            {withDays(copy.pricing.termsNote)}{" "}
            <a href="/terms" className="font-semibold text-teal-700 underline underline-offset-2">
              Terms and conditions
            </a>{" "}
            ·{" "}
            <a href="/withdrawal" className="font-semibold text-teal-700 underline underline-offset-2">
              Right of withdrawal
            </a>
          </p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" role="list">
          {pricing.plans.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard
                plan={plan}
                durations={pricing.durations}
                preview={preview}
                selected={selected === plan.name}
                loading={loading === plan.name}
                busy={loading !== null}
                error={error?.planName === plan.name ? error.message : null}
              />
            </li>
          ))}
        </ul>
      </form>
      <p className="mt-8 text-center text-sm text-ink/75">{copy.pricing.secureNote}</p>
    </div>
  );
}

interface PlanCardProps {
  plan: PlanTier;
  durations: PricingContent["durations"];
  preview: boolean;
  selected: boolean;
  loading: boolean;
  busy: boolean;
  error: string | null;
}

function PlanCard({ plan, durations, preview, selected, loading, busy, error }: PlanCardProps) {
  const headingId = `plan-${plan.id}`;
  const errorId = `plan-${plan.id}-error`;
  const border = selected
    ? "border-teal ring-2 ring-teal"
    : plan.highlight
      ? "border-navy ring-1 ring-navy"
      : "border-navy/15";
  return (
    <article
      aria-labelledby={headingId}
      data-selected={selected || undefined}
      className={`relative flex w-full flex-col rounded-3xl border bg-white p-6 shadow-sm ${border} ${plan.highlight ? "lg:-mt-3 lg:pb-9 lg:pt-9" : ""}`}
    >
      {plan.highlight && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-navy px-4 py-1 text-xs font-bold uppercase tracking-wider text-white">
          {copy.pricing.mostPopular}
        </p>
      )}
      <h2 id={headingId} className="text-xl font-bold text-navy">
        {plan.name}
      </h2>
      <p className="mt-1 min-h-10 text-sm text-ink/75">{plan.tagline}</p>

      <div className="mt-5 min-h-20">
        {plan.monthlyPriceCents ? (
          durations.map((d) => {
            const item = catalogueItem(plan, d.billingType);
            if (!item) return null;
            return (
              <div key={d.value} className={shownFor(d.value)}>
                <p className="flex items-baseline gap-1.5">
                  <span className="text-4xl font-extrabold tracking-tight text-navy">
                    {formatEuro(item.amountCents)}
                  </span>
                  <span className="text-sm text-ink/75">{copy.pricing.perMonth}</span>
                  <span className="text-xs text-ink/75">{copy.pricing.inclVat}</span>
                </p>
                <p className="mt-1 text-sm font-medium text-ink">{paymentSummary(item)}</p>
              </div>
            );
          })
        ) : (
          <>
            <p className="text-4xl font-extrabold tracking-tight text-navy">{copy.pricing.contact}</p>
            <p className="mt-1 text-sm text-ink/75">{copy.pricing.contactNote}</p>
          </>
        )}
      </div>

      <ul className="mt-6 flex-1 space-y-3 text-sm" role="list">
        {plan.features.map((feature) => (
          <li key={feature} className="tick flex gap-2.5">
            {feature}
          </li>
        ))}
      </ul>

      {plan.monthlyPriceCents ? (
        <div className="mt-8">
          {durations.map((d) => (
            <button
              key={d.value}
              type="submit"
              name="priceId"
              value={`${plan.id}:${d.billingType}`}
              disabled={busy || preview}
              aria-busy={loading || undefined}
              aria-describedby={error ? errorId : undefined}
              className={buttonStyles({
                variant: plan.highlight ? "primary" : "secondary",
                className: `${shownFor(d.value)} w-full px-6 text-center disabled:cursor-wait disabled:opacity-75`,
              })}
            >
              {loading ? copy.pricing.loading : copy.pricing.choose.replace("{plan}", plan.name)}
            </button>
          ))}
          {error && (
            <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-red-700">
              Error: {error}
            </p>
          )}
        </div>
      ) : (
        <a
          href={site.bookingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonStyles({ variant: "secondary", className: "mt-8 w-full px-6" })}
        >
          {copy.pricing.contact}
          <span className="sr-only"> Mila about a {plan.name} (opens the booking page in a new tab)</span>
        </a>
      )}
    </article>
  );
}
