import { useNonce } from "~/ui/nonce";
import { type LiveOptions, liveScript } from "./checkout-live";

interface CountdownNoticeProps {
  seconds: number;
  /** Sentence with "{seconds}". */
  template: string;
  stayLabel: string;
  stayedLabel: string;
}

/**
 * The visible redirect countdown, as markup that runCheckoutLive drives. A visitor can stop it
 * (WCAG 2.2.1: a time limit must be adjustable).
 */
export function CountdownNotice({ seconds, template, stayLabel, stayedLabel }: CountdownNoticeProps) {
  const [before, after] = template.split("{seconds}");
  return (
    <>
      {/* Without JavaScript nothing counts down or stays (site/no-script-css.ts): only the page's own links remain. */}
      <div
        className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-center text-sm text-ink/80"
        data-live-countdown=""
      >
        <p>
          {before}
          <span className="font-semibold tabular-nums text-navy" data-testid="countdown" data-live-seconds="">
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
      <p className="text-center text-sm text-ink/80" data-live-stayed="" hidden>
        {stayedLabel}
      </p>
    </>
  );
}

/** Starts the page's live parts: a nonce'd inline script in the server's HTML (the page is a document, decision 031). */
export function CheckoutLive({ options }: { options: LiveOptions }) {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: liveScript(options) }} />;
}
