import { Link } from "react-router";
import { checkout as copy } from "#content/checkout";
import { formatEuro, paymentSummary } from "./catalogue";
import { REDIRECT_SECONDS } from "./checkout-live";
import { CheckoutLive, CountdownNotice } from "./countdown-notice";
import type { CompletedCheckout } from "./provider.server";
import { buttonStyles } from "~/ui/button";
import { Icon } from "~/ui/icon";

export type SuccessData =
  { state: "missing" } | { state: "unknown" } | { state: "paid"; checkout: CompletedCheckout; portalNotice: boolean };

const primaryButton = buttonStyles({ raised: true });
const outlineButton = buttonStyles({ variant: "secondary" });

export function SuccessView({ data }: { data: SuccessData }) {
  if (data.state !== "paid") return <SuccessFailure missing={data.state === "missing"} />;
  return <ThankYou checkout={data.checkout} portalNotice={data.portalNotice} />;
}

function ThankYou({ checkout, portalNotice }: { checkout: CompletedCheckout; portalNotice: boolean }) {
  const instalments = checkout.paymentsTotal > 1;
  return (
    // The purchase report and the countdown run as a small inline script, without the app (checkout-live.ts).
    <div className="mx-auto max-w-3xl" data-checkout-live="">
      <div className="rounded-3xl border border-navy/10 bg-white p-6 text-center shadow-sm sm:p-10">
        <span
          className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-teal/10 text-teal"
          aria-hidden="true"
        >
          <Icon name="check" className="h-9 w-9" strokeWidth={2.5} />
        </span>
        <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-navy">{copy.success.title}</h1>
        <p className="mx-auto mt-3 max-w-xl text-lg text-ink/80">{copy.success.intro}</p>

        <dl className="mx-auto mt-8 grid max-w-xl gap-4 rounded-2xl bg-sand/50 p-5 text-left sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wider text-ink/75">{copy.success.planLabel}</dt>
            <dd className="mt-1 font-semibold text-navy">{checkout.planName}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wider text-ink/75">{copy.success.paidLabel}</dt>
            <dd className="mt-1 font-semibold text-navy">
              <span>{formatEuro(checkout.amountPaidCents)}</span>
              {instalments && (
                <span className="block text-sm font-normal text-ink/80">
                  {paymentSummary({
                    payments: checkout.paymentsTotal,
                    amountCents: checkout.amountPaidCents,
                    totalCents: checkout.amountPaidCents * checkout.paymentsTotal,
                  })}
                </span>
              )}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-xs font-semibold uppercase tracking-wider text-ink/75">{copy.success.sessionLabel}</dt>
            <dd className="mt-1 break-all font-mono text-sm text-ink">{checkout.sessionId}</dd>
          </div>
        </dl>
        {!checkout.paid && <p className="mt-4 text-sm text-ink/80">{copy.success.processingNote}</p>}
      </div>

      <section aria-labelledby="next-title" className="mt-10">
        <h2 id="next-title" className="text-center text-2xl font-bold text-navy">
          {copy.success.nextTitle}
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-3">
          {copy.success.steps.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-navy/10 bg-white p-5">
              <span
                className="flex h-9 w-9 items-center justify-center rounded-full bg-navy font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-3 font-semibold text-navy">{step.title}</h3>
              <p className="mt-1 text-sm text-ink/80">{step.description}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-10 flex flex-col items-center gap-5">
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/" className={primaryButton}>
            {copy.success.homeButton}
          </Link>
          {checkout.canManage && (
            // A document link: the portal lives on Stripe's domain.
            <a
              href={`/api/customer-portal?session_id=${encodeURIComponent(checkout.sessionId)}`}
              className={outlineButton}
              aria-describedby="manage-note"
            >
              {copy.success.manageButton}
            </a>
          )}
        </div>
        {checkout.canManage && (
          <p id="manage-note" className="max-w-md text-center text-sm text-ink/75">
            {copy.success.manageNote}
          </p>
        )}
        {portalNotice && (
          <p role="status" className="max-w-md text-center text-sm font-medium text-red-700">
            {copy.success.portalUnavailable}
          </p>
        )}
        <CountdownNotice
          seconds={REDIRECT_SECONDS}
          template={copy.success.countdown}
          stayLabel={copy.success.stay}
          stayedLabel={copy.success.stayed}
        />
      </div>
      <CheckoutLive
        options={{
          event: { event: "payment_success", order_ref: checkout.orderRef },
          processingMs: 0,
          seconds: REDIRECT_SECONDS,
          to: "/",
        }}
      />
    </div>
  );
}

function SuccessFailure({ missing }: { missing: boolean }) {
  return (
    <div className="mx-auto max-w-xl rounded-3xl border border-navy/10 bg-white p-8 text-center shadow-sm sm:p-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-navy">{copy.failure.title}</h1>
      <p className="mt-4 text-lg text-ink/80">{missing ? copy.failure.noSession : copy.failure.unknownSession}</p>
      <Link to="/pricing" className={buttonStyles({ raised: true, className: "mt-8" })}>
        {copy.failure.pricingLink}
      </Link>
    </div>
  );
}
