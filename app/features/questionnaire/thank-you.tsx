import { useEffect, useRef, useState } from "react";
import { track } from "~/features/analytics/track";
import { thankYouCopy as copy } from "./copy";
import { HELD_MESSAGES } from "~/features/leads/held-messages";
import { usePublicEnv } from "./public-env";
import {
  AUTO_OPEN_DELAY_MS,
  isBookingMessage,
  loadSchedulingWidget,
  openSchedulingPopup,
  openSchedulingTab,
  schedulingLink,
  type SchedulingPrefill,
} from "./scheduling";
import { buttonStyles } from "~/ui/button-base";
import { Icon } from "~/ui/icon";

interface ThankYouProps {
  prefill: SchedulingPrefill;
  /** Sent faster than a person types: held for the trainer's check by hand, and the text says so. */
  held?: boolean;
  /** Load the widget and open it on its own (the step flow); off for server-rendered pages. */
  autoOpen?: boolean;
  headingLevel?: 1 | 2 | 3;
}

type SchedulingState = "idle" | "opening" | "popup" | "new-tab" | "blocked";

export function ThankYou({ prefill, held = false, autoOpen = false, headingLevel = 3 }: ThankYouProps) {
  const env = usePublicEnv();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [state, setState] = useState<SchedulingState>(autoOpen ? "opening" : "idle");
  const schedulingUrl = env?.SCHEDULING_URL;
  const scriptUrl = env?.SCHEDULING_WIDGET_SCRIPT;
  const { name, email, leadId } = prefill;

  useEffect(() => {
    if (autoOpen) headingRef.current?.focus();
  }, [autoOpen]);

  useEffect(() => {
    if (!schedulingUrl) return;
    const onMessage = (event: MessageEvent) => {
      if (isBookingMessage(event, schedulingUrl)) track("call_booked", { lead_id: leadId });
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [schedulingUrl, leadId]);

  useEffect(() => {
    if (!autoOpen || !schedulingUrl || !scriptUrl) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const data = { name, email, leadId };
    loadSchedulingWidget(scriptUrl)
      .then((api) => {
        timer = setTimeout(() => {
          if (cancelled) return;
          try {
            openSchedulingPopup(api, schedulingUrl, data);
            setState("popup");
          } catch {
            setState(openSchedulingTab(schedulingUrl, data) ? "new-tab" : "blocked");
          }
        }, AUTO_OPEN_DELAY_MS);
      })
      .catch(() => {
        if (!cancelled) setState(openSchedulingTab(schedulingUrl, data) ? "new-tab" : "blocked");
      });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [autoOpen, schedulingUrl, scriptUrl, name, email, leadId]);

  const link = schedulingUrl ? schedulingLink(schedulingUrl, prefill) : undefined;
  const onSchedule = (event: React.MouseEvent<HTMLAnchorElement>) => {
    // A click is a user gesture: use the popup when the widget is there, else the link opens the tab.
    if (window.Calendly && schedulingUrl) {
      event.preventDefault();
      openSchedulingPopup(window.Calendly, schedulingUrl, prefill);
    }
  };

  const Heading = `h${headingLevel}` as "h1" | "h2" | "h3";
  return (
    <div className="text-center" data-lead-id={leadId}>
      <div
        className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-teal text-white"
        aria-hidden="true"
      >
        <Icon name="check" className="h-7 w-7" strokeWidth={2.4} />
      </div>
      <Heading ref={headingRef} tabIndex={-1} className="mt-5 scroll-mt-24 text-2xl font-bold text-navy sm:text-3xl">
        {copy.thanksTitle}
      </Heading>
      <p className="mx-auto mt-3 max-w-xl text-lg text-ink/85">{held ? HELD_MESSAGES.intake : copy.thanksBody}</p>
      {link && (
        <a
          href={link}
          target="_blank"
          rel="noopener"
          onClick={onSchedule}
          className={buttonStyles({ className: "mt-7" })}
        >
          {copy.scheduleButton}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      <p className="mt-4 min-h-6 text-sm text-ink/75" aria-live="polite">
        {state === "opening"
          ? copy.schedulingOpening
          : state === "new-tab" || state === "blocked"
            ? copy.schedulingNewTab
            : ""}
      </p>
      {leadId && (
        <p className="mt-2 text-sm">
          {/* The lead id travels to the checkout, so a purchase is tied to this enquiry. */}
          <a href={`/pricing?lead=${encodeURIComponent(leadId)}`} className="font-medium text-teal-700 underline">
            {copy.plansLink}
          </a>
        </p>
      )}
      {leadId && (
        <p className="mt-2 text-xs text-ink/70">
          {copy.leadReference}: <span className="font-mono">{leadId.slice(0, 8)}</span>
        </p>
      )}
    </div>
  );
}
