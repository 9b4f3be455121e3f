import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSessionKeeper, type SessionCheck } from "./session-keeper";

describe("session keeper", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(results: (SessionCheck | Error)[], visible = { value: true }) {
    const calls: number[] = [];
    const onRejected = vi.fn();
    const keeper = createSessionKeeper({
      intervalMs: 60_000,
      check: async () => {
        calls.push(Date.now());
        const next = results.shift() ?? "valid";
        if (next instanceof Error) throw next;
        return next;
      },
      onRejected,
      isVisible: () => visible.value,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    });
    return { keeper, calls, onRejected, visible };
  }

  it("renews on every tick while visible", async () => {
    const { keeper, calls } = setup([]);
    const t0 = Date.now();
    keeper.start();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(calls.map((c) => c - t0)).toEqual([60_000, 120_000, 180_000]);
    keeper.stop();
  });

  it("retries network errors after 200 ms, doubling, then returns to the normal tick", async () => {
    const { keeper, calls } = setup([new Error("offline"), new Error("offline"), new Error("offline"), "valid"]);
    const t0 = Date.now();
    keeper.start();
    await vi.advanceTimersByTimeAsync(60_000 + 200 + 400 + 800);
    expect(calls.map((c) => c - t0)).toEqual([60_000, 60_200, 60_600, 61_400]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.at(-1)! - t0).toBe(121_400);
    keeper.stop();
  });

  it("pauses while hidden and checks at once when visible again", async () => {
    const { keeper, calls, visible } = setup([]);
    keeper.start();
    visible.value = false;
    keeper.visibilityChanged();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(0);
    visible.value = true;
    keeper.visibilityChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    keeper.stop();
  });

  it("signs out once when the session is rejected and stops checking", async () => {
    const { keeper, calls, onRejected } = setup(["rejected"]);
    keeper.start();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(onRejected).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });
});
