import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { later } from "./later";
import { LATER_FUNCTION } from "./later.inline";

/**
 * When the code a page fetches unasked may start (later.ts), in a DOM with a fake clock and the
 * browser's paint and element timings played by the test: after `load`, the first contentful paint
 * and the priority images shown, and an idle moment. Each case runs against the TypeScript source
 * and against the minified text the pages carry (later.inline.ts; inline-script.test.ts checks
 * that it is made from the current source).
 */

const shipped = new Function(`return (${LATER_FUNCTION})`)() as typeof later;

type Entry = { entryType: string; name: string; element?: Element };

/** PerformanceObserver as the test says the browser reports paints. */
class Timings {
  static supportedEntryTypes: string[] = [];
  static observers: Timings[] = [];
  types: string[] = [];
  constructor(readonly callback: (list: { getEntries(): Entry[] }) => void) {
    Timings.observers.push(this);
  }
  observe({ type }: { type: string }) {
    this.types.push(type);
  }
  disconnect() {
    this.types = [];
  }
}

/** The browser reports that something was shown. */
function shown(entry: Entry) {
  for (const observer of Timings.observers)
    if (observer.types.includes(entry.entryType)) observer.callback({ getEntries: () => [entry] });
}
const firstContentfulPaint = { entryType: "paint", name: "first-contentful-paint" };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "requestAnimationFrame", "requestIdleCallback"] });
  Timings.supportedEntryTypes = ["paint", "element"];
  Timings.observers = [];
  vi.stubGlobal("PerformanceObserver", Timings);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe.each([
  ["the source", later],
  ["the page's text", shipped],
])("later(), %s", (_, run) => {
  it("waits for the first contentful paint to be shown, then for an idle moment", async () => {
    const started = vi.fn();
    run(started);
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).not.toHaveBeenCalled();
    shown(firstContentfulPaint);
    await vi.runAllTimersAsync();
    expect(started).toHaveBeenCalledOnce();
  });

  it("waits until a priority text is shown: a message a page reveals after a short delay", async () => {
    document.body.innerHTML = `<p role="status">Processing…</p><h1 elementtiming="priority">Payment cancelled</h1>`;
    const started = vi.fn();
    run(started);
    shown(firstContentfulPaint);
    await vi.advanceTimersByTimeAsync(400);
    expect(started).not.toHaveBeenCalled();
    shown({ entryType: "element", name: "text-paint", element: document.querySelector("h1")! });
    await vi.runAllTimersAsync();
    expect(started).toHaveBeenCalledOnce();
  });

  it("waits until the priority image is shown: a hero painted a few frames after the text", async () => {
    document.body.innerHTML = `<h1>Title</h1><img elementtiming="priority" fetchpriority="high" src="/hero.avif" alt="">`;
    const hero = document.querySelector("img")!;
    const started = vi.fn();
    run(started);
    shown(firstContentfulPaint);
    shown({ entryType: "element", name: "text-paint", element: document.querySelector("h1")! });
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).not.toHaveBeenCalled();
    shown({ entryType: "element", name: "image-paint", element: hero });
    await vi.runAllTimersAsync();
    expect(started).toHaveBeenCalledOnce();
  });

  it("waits for the load event on a page still loading", async () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
    const started = vi.fn();
    run(started);
    shown(firstContentfulPaint);
    await vi.runAllTimersAsync();
    expect(started).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("load"));
    shown(firstContentfulPaint);
    await vi.runAllTimersAsync();
    expect(started).toHaveBeenCalledOnce();
  });

  it("starts 2 s after load at the latest when a paint is never reported (a hidden image)", async () => {
    document.body.innerHTML = `<img elementtiming="priority" src="/hero.avif" alt="" hidden>`;
    const started = vi.fn();
    run(started);
    shown(firstContentfulPaint);
    await vi.advanceTimersByTimeAsync(1999);
    expect(started).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(started).toHaveBeenCalledOnce();
  });

  it("starts nothing in a background tab, which paints no frame", async () => {
    vi.stubGlobal("requestAnimationFrame", vi.fn());
    const started = vi.fn();
    run(started);
    shown(firstContentfulPaint);
    await vi.runAllTimersAsync();
    expect(started).not.toHaveBeenCalled();
  });

  it("in a browser without those timings, starts at a frame and an idle moment after load", async () => {
    Timings.supportedEntryTypes = [];
    const started = vi.fn();
    run(started);
    expect(started).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(started).toHaveBeenCalledOnce();
    expect(Timings.observers).toEqual([]);
  });
});
