import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { useCountdown } from "./use-countdown";

/** Seconds before /success and /cancel move on (SPEC.md section 9). */
export const REDIRECT_SECONDS = 15;

interface CountdownNoticeProps {
  to: string;
  /** Sentence with "{seconds}". */
  template: string;
  stayLabel: string;
  stayedLabel: string;
  /** Counting starts only once this is true (the cancel page waits for its processing state). */
  active?: boolean;
}

/**
 * The visible redirect countdown. A visitor can stop it (WCAG 2.2.1: a time limit must
 * be adjustable), and it stops by itself when they leave the page.
 */
export function CountdownNotice({ to, template, stayLabel, stayedLabel, active = true }: CountdownNoticeProps) {
  const navigate = useNavigate();
  const [stayed, setStayed] = useState(false);
  const go = useCallback(() => navigate(to), [navigate, to]);
  const remaining = useCountdown(REDIRECT_SECONDS, go, active && !stayed);
  if (stayed) return <p className="text-sm text-ink/80">{stayedLabel}</p>;
  const [before, after] = template.split("{seconds}");
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-center text-sm text-ink/80">
      <p>
        {before}
        <span className="font-semibold tabular-nums text-navy" data-testid="countdown">
          {remaining}
        </span>
        {after}
      </p>
      <button
        type="button"
        onClick={() => setStayed(true)}
        className="rounded-full px-3 py-1 font-semibold text-teal underline underline-offset-4 hover:text-teal-700"
      >
        {stayLabel}
      </button>
    </div>
  );
}
