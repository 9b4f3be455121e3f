import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useNonce } from "~/ui/nonce";
import { LEAVE_EVENT, LIVE_ROOT_ATTRIBUTE, type LiveOptions, liveScript, runCheckoutLive } from "./checkout-live";

interface CountdownNoticeProps {
  seconds: number;
  /** Sentence with "{seconds}". */
  template: string;
  stayLabel: string;
  stayedLabel: string;
}

/**
 * The visible redirect countdown, as markup that runCheckoutLive drives. A visitor can stop it
 * (WCAG 2.2.1: a time limit must be adjustable), and it stops by itself when they leave the page.
 * The parts the script changes are not React's to reconcile (suppressHydrationWarning): the app may
 * hydrate over a countdown that is already running.
 */
export function CountdownNotice({ seconds, template, stayLabel, stayedLabel }: CountdownNoticeProps) {
  const [before, after] = template.split("{seconds}");
  return (
    <>
      {/* Without JavaScript nothing counts down or stays (site/no-script-css.ts): only the page's own links remain. */}
      <div
        className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-center text-sm text-ink/80"
        data-live-countdown=""
        suppressHydrationWarning
      >
        <p>
          {before}
          <span
            className="font-semibold tabular-nums text-navy"
            data-testid="countdown"
            data-live-seconds=""
            suppressHydrationWarning
          >
            {seconds}
          </span>
          {after}
        </p>
        <button
          type="button"
          className="rounded-full px-3 py-1 font-semibold text-teal underline underline-offset-4 hover:text-teal-700"
          data-live-stay=""
        >
          {stayLabel}
        </button>
      </div>
      <p className="text-center text-sm text-ink/80" data-live-stayed="" hidden suppressHydrationWarning>
        {stayedLabel}
      </p>
    </>
  );
}

/**
 * Starts the page's live parts: in the server-rendered HTML as a nonce'd inline script (no app needed),
 * and from an effect when the app renders the page itself. Once the app runs, the end of the countdown
 * is a client-side navigation.
 */
export function CheckoutLive({ options }: { options: LiveOptions }) {
  const nonce = useNonce();
  const navigate = useNavigate();
  const key = JSON.stringify(options);
  useEffect(() => {
    const root = document.querySelector<HTMLElement>(`[${LIVE_ROOT_ATTRIBUTE}]`);
    if (!root) return;
    const parsed = JSON.parse(key) as LiveOptions;
    const onLeave = (event: Event) => {
      event.preventDefault();
      void navigate(parsed.to);
    };
    root.addEventListener(LEAVE_EVENT, onLeave);
    runCheckoutLive(root, parsed);
    return () => root.removeEventListener(LEAVE_EVENT, onLeave);
  }, [key, navigate]);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: liveScript(options) }} />;
}
