/**
 * React Router (7.18) cancels the data request of a revalidation when a newer submission or
 * navigation starts. If the answer's first line has already arrived, its stream reader leaves two
 * promises nobody waits on, and both reject with the cancellation ("AbortError: signal is aborted
 * without reason"): the browser reports them as uncaught errors although nothing failed. The back
 * office meets this when the trainer sends a second form (or a second export) while the page is
 * still reloading its data after the first. Only cancellations are dropped; any other unhandled
 * rejection is still reported.
 */
export function isCancellation(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === "AbortError";
}

export function ignoreCancelledRequests(target: Pick<Window, "addEventListener">): void {
  target.addEventListener("unhandledrejection", (event) => {
    if (isCancellation(event.reason)) event.preventDefault();
  });
}
