import { useEffect, useRef, useState } from "react";

/**
 * Counts down once per second while `running`, then calls `onDone` once. The interval is
 * cleared when the component unmounts, so leaving the page stops the redirect.
 */
export function useCountdown(seconds: number, onDone: () => void, running: boolean): number {
  const [remaining, setRemaining] = useState(seconds);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setRemaining((r) => Math.max(0, r - 1)), 1000);
    return () => window.clearInterval(id);
  }, [running]);
  useEffect(() => {
    if (running && remaining === 0) done.current();
  }, [running, remaining]);
  return remaining;
}
