import { describe, expect, it } from "vitest";
import { ignoreCancelledRequests } from "./aborted-requests";

function rejection(target: EventTarget, reason: unknown): boolean {
  const event = Object.assign(new Event("unhandledrejection", { cancelable: true }), { reason });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("unhandled rejections of cancelled requests", () => {
  it("drops a cancellation and nothing else", () => {
    const target = new EventTarget();
    ignoreCancelledRequests(target as unknown as Window);
    const controller = new AbortController();
    controller.abort();
    expect(rejection(target, controller.signal.reason)).toBe(true);
    expect(rejection(target, new DOMException("timed out", "TimeoutError"))).toBe(false);
    expect(rejection(target, new TypeError("Failed to fetch"))).toBe(false);
    expect(rejection(target, undefined)).toBe(false);
  });
});
