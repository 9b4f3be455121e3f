import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { onConsentSettingsOpen, openConsentSettings, saveConsent, useConsent, type ConsentChoice } from "./consent";
import { footerLinkClass } from "~/kernel/footer";
import { loadTagManager, updateConsentMode } from "./gtm";
import { useHydrated } from "~/ui/use-hydrated";
import { buttonStyles } from "~/ui/button";

/**
 * First-layer cookie choice with Accept and Reject side by side, and the only
 * place that loads the tag manager: never before the visitor accepted. Rendered only when a tag
 * manager is configured (public-layout.tsx): nothing else on the site needs consent.
 */
export function CookieConsent({ gtmId, pageCategory }: { gtmId: string | null; pageCategory?: string }) {
  const hydrated = useHydrated();
  const consent = useConsent();
  const [reopened, setReopened] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (consent === "accepted" && gtmId) loadTagManager(gtmId);
  }, [consent, gtmId]);

  useEffect(
    () =>
      onConsentSettingsOpen(() => {
        setReopened(true);
        // Wait for the bar to render before moving focus to it.
        requestAnimationFrame(() => headingRef.current?.focus());
      }),
    [],
  );

  const choose = (choice: ConsentChoice) => {
    updateConsentMode(choice);
    saveConsent(choice);
    setReopened(false);
  };

  // Until hydration the bar is in the HTML for everyone (the app loads on first interaction);
  // CSS hides it for a visitor who chose before (CONSENT_SET_ATTRIBUTE, set by the head script).
  if (hydrated && consent !== "unset" && !reopened) return null;

  // In the page's flow above the header, not over it: it never covers a call to action or a form
  // field, and on a 375 × 812 phone it takes about an eighth of the first screen.
  return (
    <section
      aria-labelledby="cookie-bar-title"
      data-cookie-bar={hydrated ? undefined : ""}
      data-consent-bar=""
      // On a page without the application, consent.enhancer.ts takes the bar over.
      data-enhance="consent"
      data-gtm-id={gtmId ?? undefined}
      data-page-category={pageCategory}
      className="border-b border-navy/10 bg-white"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:gap-6 sm:px-8">
        <div className="flex-1 text-sm leading-snug text-ink">
          <h2 id="cookie-bar-title" ref={headingRef} tabIndex={-1} className="inline font-bold text-navy">
            Cookies on this site:
          </h2>{" "}
          <p className="inline">
            may I use analytics cookies (Google Tag Manager)? Nothing loads unless you accept.{" "}
            <Link
              to="/privacy-policy"
              className="font-semibold text-teal underline underline-offset-2 hover:text-teal-700"
            >
              Privacy policy
            </Link>
          </p>
          {consent !== "unset" && (
            <p className="mt-1 font-medium" data-consent-current="">
              Your current choice:{" "}
              {consent === "accepted" ? "analytics cookies accepted" : "analytics cookies rejected"}.
            </p>
          )}
        </div>
        <div className="flex shrink-0 gap-3">
          <button
            type="button"
            data-consent-choice="rejected"
            onClick={() => choose("rejected")}
            className={buttonStyles({ variant: "secondary", className: "min-h-11 flex-1 px-6 py-1.5 sm:flex-none" })}
          >
            Reject
          </button>
          <button
            type="button"
            data-consent-choice="accepted"
            onClick={() => choose("accepted")}
            className={buttonStyles({
              variant: "dark",
              className: "min-h-11 flex-1 border-2 border-navy px-6 py-1.5 sm:flex-none",
            })}
          >
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * The footer's button that reopens the consent choice (rendered only when a tag manager is
 * configured). On a page without the application consent.enhancer.ts answers it; the span makes it
 * a part of that enhancer's own, so a tap before the enhancer has run is held and replayed once it
 * has (docs/client-runtime.md), and with scripts blocked the button keeps its place unseen.
 */
export function CookieSettingsButton() {
  return (
    <span data-enhance="consent" data-enhance-on-use="">
      <button
        type="button"
        onClick={openConsentSettings}
        data-consent-settings=""
        data-needs-script=""
        className={`${footerLinkClass} cursor-pointer`}
      >
        Cookie settings
      </button>
    </span>
  );
}
