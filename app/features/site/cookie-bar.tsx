import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { onConsentSettingsOpen, saveConsent, useConsent, type ConsentChoice } from "./consent";
import { loadTagManager, updateConsentMode } from "./gtm";
import { useHydrated } from "./use-hydrated";
import { buttonStyles } from "~/ui/button";

/**
 * First-layer cookie choice with Accept and Reject side by side, and the only
 * place that loads the tag manager: never before the visitor accepted.
 */
export function CookieConsent({ gtmId }: { gtmId: string | null }) {
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

  return (
    <section
      aria-labelledby="cookie-bar-title"
      data-cookie-bar={hydrated ? undefined : ""}
      className="fixed inset-x-0 bottom-0 z-[70] p-3 sm:p-5"
    >
      <div className="mx-auto flex max-w-4xl flex-col gap-4 rounded-2xl border border-navy/10 bg-white p-5 shadow-2xl shadow-navy/25 sm:flex-row sm:items-center sm:gap-6 sm:p-6">
        <div className="flex-1 text-sm leading-relaxed text-ink">
          <h2 id="cookie-bar-title" ref={headingRef} tabIndex={-1} className="text-base font-bold text-navy">
            Cookies on this site
          </h2>
          <p className="mt-1">
            With your permission I use analytics cookies (Google Tag Manager) to see which pages help visitors. Nothing
            loads unless you accept; change your choice any time under “Cookie settings” in the footer.{" "}
            <Link
              to="/privacy-policy"
              className="font-semibold text-teal underline underline-offset-2 hover:text-teal-700"
            >
              Privacy policy
            </Link>
          </p>
          {consent !== "unset" && (
            <p className="mt-2 font-medium">
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
            className={buttonStyles({ variant: "secondary", className: "flex-1 px-6 py-2.5 sm:flex-none" })}
          >
            Reject
          </button>
          <button
            type="button"
            data-consent-choice="accepted"
            onClick={() => choose("accepted")}
            className={buttonStyles({
              variant: "dark",
              className: "flex-1 border-2 border-navy px-6 py-2.5 sm:flex-none",
            })}
          >
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}
