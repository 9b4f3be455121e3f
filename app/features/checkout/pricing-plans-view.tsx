import { useRef, useState, type ComponentProps, type FormEvent } from "react";
import type { BillingType, Duration } from "#content/types";
import type { CheckoutContent } from "#content/checkout";
import {
  CHECKOUT_MESSAGES,
  CODE_EMAIL_FIELD,
  CODE_FIELD,
  SALE_ENDED_STATUS,
  SALE_FIELD,
  START_NOW_FIELD,
  START_NOW_VALUE,
  type CheckoutResponse,
  type CodeFieldName,
} from "./checkout-messages";
import { buttonStyles } from "~/ui/button-base";
import { Honeypot } from "~/ui/honeypot";

/**
 * The plan cards and their one checkout form, from what the server worked out (prices as text,
 * savings notices, the page's words): the pricing page's island renders this, so its code holds no
 * price rules and no page copy (docs/decisions/027-island-budgets.md). pricing-plans.tsx builds the
 * view from the published prices.
 */
export interface PricingView {
  durations: { value: Duration; label: string; billingType: BillingType }[];
  /** The savings notice shown under the toggle for each duration. */
  savings: Record<Duration, string>;
  /** The sale running as the page was made, said once above the plans; null without one. */
  sale: { id: string; headline: string; note: string } | null;
  plans: {
    id: string;
    name: string;
    tagline: string;
    highlight: boolean;
    features: string[];
    /** The sale on this plan, sent with a checkout so the server can tell when it has ended since. */
    saleId: string | null;
    /** Price lines per duration; null for the plan agreed in the intake call ("Contact"). */
    prices:
      | {
          duration: Duration;
          billingType: BillingType;
          /** At the sale price when `sale` is set. */
          amount: string;
          summary: string;
          /** The normal price and the sale's words, when the sale lowers this price. */
          sale: { was: string; wasSummary: string; label: string; ends: string; note: string } | null;
        }[]
      | null;
  }[];
  /** The pricing texts from the content, with the booking link for the "Contact" plan. */
  texts: CheckoutContent["pricing"] & { bookingUrl: string };
}

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
  /** The message belongs under the code field or its e-mail field, not under the plan's button. */
  field?: CodeFieldName;
  /** What the visitor sent without scripts, put back in the form (nothing typed is lost). */
  values?: { code: string; codeEmail: string; startNow: boolean; duration: Duration | null };
}

/** The lead id of a /pricing?lead=... link from a thank-you page; anything else is left out. */
function leadIdOfPage(): string | undefined {
  const lead = new URLSearchParams(window.location.search).get("lead") ?? "";
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(lead) ? lead : undefined;
}

function newIdempotencyKey(): string | undefined {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : undefined;
}

export interface PricingPlansViewProps {
  view: PricingView;
  initialError?: PricingError | null;
  /** The back office's preview: the same cards, with buttons that buy nothing. */
  preview?: boolean;
}

export function PricingPlansView({ view, initialError, preview = false }: PricingPlansViewProps) {
  const [selected, setSelected] = useState<string | null>(initialError?.planName ?? null);
  const [loading, setLoading] = useState<string | null>(null);
  const [error, setError] = useState<PricingError | null>(initialError?.field ? null : (initialError ?? null));
  const [codeError, setCodeError] = useState<{ field: CodeFieldName; message: string } | null>(
    initialError?.field ? { field: initialError.field, message: initialError.message } : null,
  );
  const kept = initialError?.values;
  // The server said the sale has ended: the cards show the normal prices until the page is loaded again.
  const [saleOver, setSaleOver] = useState(false);
  const toggle = useRef<HTMLFieldSetElement>(null);
  const { texts } = view;
  const sale = saleOver ? null : view.sale;

  async function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (preview) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const priceId = submitter instanceof HTMLButtonElement ? submitter.value : "";
    const plan = view.plans.find((p) => p.id === priceId.split(":")[0]);
    if (!plan) return;
    const form = new FormData(event.currentTarget);
    const startNow = form.get(START_NOW_FIELD) === START_NOW_VALUE;
    const typed = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" && value.trim() ? value : undefined;
    };
    const checked = toggle.current?.querySelector<HTMLInputElement>("input[name=duration]:checked");
    const duration = view.durations.find((d) => d.value === checked?.value) ?? view.durations[0];
    if (!duration) return;
    const frequency = duration.value;
    const billingType = duration.billingType;
    setSelected(plan.name);
    setError(null);
    setCodeError(null);
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
          // Never a price: only which sale the visitor saw, so an ended one is said before paying.
          saleId: (!saleOver && plan.saleId) || undefined,
          // Only the code's text: the server finds it and works the price out.
          [CODE_FIELD]: typed(CODE_FIELD),
          [CODE_EMAIL_FIELD]: typed(CODE_EMAIL_FIELD),
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
      if (response.status === SALE_ENDED_STATUS && body && "saleEnded" in body && body.saleEnded) setSaleOver(true);
      if (body && "field" in body && body.field) setCodeError({ field: body.field, message });
      else setError({ planName: plan.name, message });
    } catch {
      setError({ planName: plan.name, message: CHECKOUT_MESSAGES.unexpected });
    }
    setLoading(null);
  }

  return (
    <div className="pricing">
      <fieldset ref={toggle} className="mx-auto flex w-fit flex-col items-center">
        <legend className="mb-3 w-full text-center text-sm font-semibold uppercase tracking-[0.18em] text-teal">
          {texts.durationLabel}
        </legend>
        <div className="flex rounded-full border border-navy/15 bg-white p-1 shadow-sm">
          {view.durations.map((d) => (
            <label
              key={d.value}
              className="relative min-h-11 cursor-pointer rounded-full px-4 py-2.5 text-sm font-semibold text-navy transition-colors has-[:checked]:bg-navy has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-coral-700 sm:px-6"
            >
              <input
                type="radio"
                name="duration"
                id={`duration-${d.value}`}
                value={d.value}
                defaultChecked={d.value === (kept?.duration ?? "1")}
                className="sr-only"
              />
              {d.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 text-center text-sm font-medium text-teal-700" data-testid="savings">
        {view.durations.map((d) => (
          <p key={d.value} className={shownFor(d.value)}>
            {view.savings[d.value]}
          </p>
        ))}
      </div>

      {/* One form for every plan: the start box above the cards goes with whichever plan is chosen. */}
      <form method="post" action="/pricing" onSubmit={choose}>
        <Honeypot />
        {sale && (
          <>
            <input type="hidden" name={SALE_FIELD} value={sale.id} />
            <div className="mx-auto mt-8 max-w-2xl rounded-2xl bg-coral-700 p-4 text-center text-white sm:p-5">
              <p className="text-lg font-bold">{sale.headline}</p>
              <p className="mt-1 text-sm">{sale.note}</p>
            </div>
          </>
        )}
        <div className="mx-auto mt-8 max-w-2xl rounded-2xl border border-navy/15 bg-white p-4 text-sm text-ink sm:p-5">
          <label className="flex cursor-pointer gap-3">
            <input
              type="checkbox"
              name={START_NOW_FIELD}
              value={START_NOW_VALUE}
              defaultChecked={kept?.startNow}
              disabled={preview}
              aria-describedby="start-now-hint"
              className="mt-0.5 size-5 shrink-0 accent-navy"
            />
            <span className="font-medium">{texts.startNow}</span>
          </label>
          <p id="start-now-hint" className="mt-2 pl-8 text-ink/80">
            {texts.startNowHint}
          </p>
          <p className="mt-2 pl-8 text-ink/80">
            {texts.termsNote}{" "}
            <a href="/terms" className="font-semibold text-teal-700 underline underline-offset-2">
              Terms and conditions
            </a>{" "}
            ·{" "}
            <a href="/withdrawal" className="font-semibold text-teal-700 underline underline-offset-2">
              Right of withdrawal
            </a>
          </p>
        </div>
        {!preview && <CodeFields texts={texts} values={kept} error={codeError} />}
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" role="list">
          {view.plans.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard
                plan={plan}
                saleShown={!saleOver}
                texts={texts}
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
      <p className="mt-8 text-center text-sm text-ink/75">{texts.secureNote}</p>
    </div>
  );
}

const fieldError = (name: string) => `checkout-${name}-error`;

/**
 * "Have a code?": a native disclosure (no script needed), open when a code was sent back with a
 * message. The code's e-mail is asked beside it for codes that are once per person.
 */
function CodeFields({
  texts,
  values,
  error,
}: {
  texts: PricingView["texts"];
  values: PricingError["values"];
  error: { field: CodeFieldName; message: string } | null;
}) {
  const field = (name: CodeFieldName, label: string, hint: string, input: ComponentProps<"input">) => {
    const message = error?.field === name ? error.message : null;
    return (
      <div className="mt-3">
        <label htmlFor={`checkout-${name}`} className="block font-medium">
          {label}
        </label>
        <input
          id={`checkout-${name}`}
          name={name}
          defaultValue={name === CODE_FIELD ? values?.code : values?.codeEmail}
          aria-invalid={message ? true : undefined}
          aria-describedby={[`checkout-${name}-hint`, message ? fieldError(name) : null].filter(Boolean).join(" ")}
          className="mt-1 min-h-11 w-full rounded-lg border border-navy/30 px-3 text-base"
          {...input}
        />
        <p id={`checkout-${name}-hint`} className="mt-1 text-ink/80">
          {hint}
        </p>
        {message && (
          <p id={fieldError(name)} role="alert" className="mt-1 font-medium text-red-700">
            {message}
          </p>
        )}
      </div>
    );
  };
  return (
    <details
      open={Boolean(error || values?.code) || undefined}
      className="mx-auto mt-4 max-w-2xl rounded-2xl border border-navy/15 bg-white p-4 text-sm text-ink sm:p-5"
    >
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-navy">{texts.codeSummary}</summary>
      {field(CODE_FIELD, texts.codeLabel, texts.codeHint, {
        type: "text",
        autoComplete: "off",
        autoCapitalize: "characters",
        maxLength: 40,
      })}
      {field(CODE_EMAIL_FIELD, texts.codeEmailLabel, texts.codeEmailHint, {
        type: "email",
        autoComplete: "email",
        inputMode: "email",
        maxLength: 320,
      })}
    </details>
  );
}

interface PlanCardProps {
  plan: PricingView["plans"][number];
  /** False once the server said the sale has ended: the normal prices only. */
  saleShown: boolean;
  texts: PricingView["texts"];
  preview: boolean;
  selected: boolean;
  loading: boolean;
  busy: boolean;
  error: string | null;
}

function PlanCard({ plan, saleShown, texts, preview, selected, loading, busy, error }: PlanCardProps) {
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
          {texts.mostPopular}
        </p>
      )}
      <h2 id={headingId} className="text-xl font-bold text-navy">
        {plan.name}
      </h2>
      <p className="mt-1 min-h-10 text-sm text-ink/75">{plan.tagline}</p>

      <div className="mt-5 min-h-20">
        {plan.prices ? (
          plan.prices.map((price) => {
            const sale = saleShown ? price.sale : null;
            return (
              <div key={price.duration} className={shownFor(price.duration)}>
                {sale && (
                  <p className="mb-1 w-fit rounded-full bg-coral-700 px-3 py-0.5 text-xs font-bold uppercase tracking-wider text-white">
                    Sale: {sale.label}
                  </p>
                )}
                <p className="flex flex-wrap items-baseline gap-x-1.5">
                  {sale && (
                    // Read as "Was €140, now €112": a strike-through alone is not announced.
                    <>
                      <span className="sr-only">Was </span>
                      <s className="text-xl font-semibold text-ink/75">{sale.was}</s>
                      <span className="sr-only">, now </span>
                    </>
                  )}
                  <span className="text-4xl font-extrabold tracking-tight text-navy">
                    {sale || !price.sale ? price.amount : price.sale.was}
                  </span>
                  <span className="text-sm text-ink/75">{texts.perMonth}</span>
                  <span className="text-xs text-ink/75">{texts.inclVat}</span>
                </p>
                <p className="mt-1 text-sm font-medium text-ink">
                  {sale || !price.sale ? price.summary : price.sale.wasSummary}
                </p>
                {sale && (
                  <>
                    {sale.note && <p className="mt-1 text-sm text-ink/80">{sale.note}</p>}
                    <p className="mt-1 text-sm font-semibold text-coral-700">{sale.ends}</p>
                  </>
                )}
              </div>
            );
          })
        ) : (
          <>
            <p className="text-4xl font-extrabold tracking-tight text-navy">{texts.contact}</p>
            <p className="mt-1 text-sm text-ink/75">{texts.contactNote}</p>
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

      {plan.prices ? (
        <div className="mt-8">
          {plan.prices.map((d) => (
            <button
              key={d.duration}
              type="submit"
              name="priceId"
              value={`${plan.id}:${d.billingType}`}
              disabled={busy || preview}
              aria-busy={loading || undefined}
              aria-describedby={error ? errorId : undefined}
              className={buttonStyles({
                variant: plan.highlight ? "primary" : "secondary",
                className: `${shownFor(d.duration)} w-full px-6 text-center disabled:cursor-wait disabled:opacity-75`,
              })}
            >
              {loading ? texts.loading : texts.choose.replace("{plan}", plan.name)}
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
          href={texts.bookingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonStyles({ variant: "secondary", className: "mt-8 w-full px-6" })}
        >
          {texts.contact}
          <span className="sr-only"> Mila about a {plan.name} (opens the booking page in a new tab)</span>
        </a>
      )}
    </article>
  );
}
