import type { CSSProperties } from "react";
import { checkout as copy } from "#content/checkout";
import { useSite } from "~/kernel/seo";
import { ButtonLink } from "~/ui/button";
import { CANCEL_PROCESSING_MS, REDIRECT_SECONDS } from "./checkout-live";
import { CheckoutLive, CountdownNotice } from "./countdown-notice";

/** How long the processing state lasts, for the stylesheet's swap (site.css, `.cancel-processing`). */
const processingStyle = { "--processing-ms": `${CANCEL_PROCESSING_MS}ms` } as CSSProperties;

export function CancelView() {
  const site = useSite();
  return (
    // The processing state is HTML and CSS alone: after --processing-ms (CANCEL_PROCESSING_MS) a CSS
    // animation hides it and reveals the message, with or without scripts, so the page paints the same
    // either way. The small inline script (checkout-live.ts) keeps what needs one: the cancellation
    // report, and the countdown, which starts after the same CANCEL_PROCESSING_MS.
    // Processing state and message share one grid cell, so the swap moves nothing (CLS 0).
    <div className="mx-auto grid max-w-2xl" data-checkout-live="" style={processingStyle}>
      <div
        className="cancel-processing flex min-h-72 flex-col items-center justify-center gap-4 [grid-area:1/1]"
        role="status"
      >
        <span
          className="h-10 w-10 animate-spin rounded-full border-4 border-navy/15 border-t-teal motion-reduce:animate-none"
          aria-hidden="true"
        />
        <p className="text-lg font-medium text-navy">{copy.cancel.processing}</p>
      </div>
      {/* Hidden (and out of the accessibility tree) until the stylesheet's animation shows it. */}
      <div className="cancel-content invisible [grid-area:1/1]">
        <div className="rounded-3xl border border-navy/10 bg-white p-6 text-center shadow-sm sm:p-10">
          <span
            className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-sand text-navy"
            aria-hidden="true"
          >
            <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth={2.5}>
              <path d="M7 7l10 10M17 7L7 17" strokeLinecap="round" />
            </svg>
          </span>
          {/* The page's largest paint comes with the swap: the code fetched unasked waits for it (later.ts). */}
          <h1 elementtiming="priority" className="mt-5 text-4xl font-extrabold tracking-tight text-navy">
            {copy.cancel.title}
          </h1>
          <p className="mx-auto mt-3 max-w-lg text-lg text-ink/80">{copy.cancel.intro}</p>

          <h2 className="mt-8 text-lg font-bold text-navy">{copy.cancel.reasonsTitle}</h2>
          <ul className="mx-auto mt-3 max-w-md space-y-2 text-left text-ink/85">
            {copy.cancel.reasons.map((reason) => (
              <li key={reason} className="flex gap-3">
                <span className="mt-2 h-2 w-2 shrink-0 rounded-full bg-teal" aria-hidden="true" />
                <span>{reason}</span>
              </li>
            ))}
          </ul>

          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/pricing" raised>
              {copy.cancel.pricingLink}
            </ButtonLink>
          </div>
          <p className="mt-6 text-ink/80">
            {copy.cancel.messagingPrompt}{" "}
            <a
              href={site.messagingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-teal underline underline-offset-4 hover:text-teal-700"
            >
              {copy.cancel.messagingLink}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
        <div className="mt-6">
          <CountdownNotice
            seconds={REDIRECT_SECONDS}
            template={copy.cancel.countdown}
            stayLabel={copy.cancel.stay}
            stayedLabel={copy.cancel.stayed}
          />
        </div>
      </div>
      <CheckoutLive
        options={{
          event: { event: "payment_cancelled" },
          processingMs: CANCEL_PROCESSING_MS,
          seconds: REDIRECT_SECONDS,
          to: "/pricing",
        }}
      />
    </div>
  );
}
