import { describe, expect, it } from "vitest";
import { memoryRateLimiter } from "~/infra/rate-limit.server";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import type { Outbox } from "./outbox.server";
import { holdSubmission, type HeldDeps } from "./held.server";

/** Holding with the real counting rule (in memory) and a database that takes every row. */
function holder(limits: HeldDeps["limits"]) {
  const stored: unknown[] = [];
  const count = memoryRateLimiter();
  const now = new Date("2026-11-28T12:00:00Z");
  const deps: HeldDeps = {
    db: { insert: () => ({ values: async (row: unknown) => void stored.push(row) }) } as unknown as Db,
    outbox: {} as Outbox,
    logger: { warn: () => undefined, error: () => undefined, fatal: () => undefined } as unknown as Logger,
    rateLimit: async (key, limit, windowSeconds) => count(key, limit, windowSeconds, now),
    limits,
  };
  return {
    stored,
    hold: (network: string | null) => holdSubmission(deps, "event", "too-fast", 300, { name: "x" }, network),
  };
}

describe("holdSubmission within the day's limits", () => {
  it("holds up to the network's share, then answers full until the day ends", async () => {
    const { hold, stored } = holder({ perDay: 100, perNetworkPerDay: 2 });
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await hold("198.51.100.0/24"));
    expect(outcomes.map((o) => o.status)).toEqual(["held", "held", "full", "full"]);
    expect(outcomes[2]).toEqual({ status: "full", retryAfter: 12 * 3600 });
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ network: "198.51.100.0/24", contentKey: expect.any(String) });
  });

  it("counts one network's refused forms against its own share only, never the day's", async () => {
    const { hold } = holder({ perDay: 3, perNetworkPerDay: 1 });
    for (let i = 0; i < 50; i++) await hold("198.51.100.0/24");
    const others = [await hold("203.0.113.0/24"), await hold("2001:db8:1::/48"), await hold("2001:db8:2::/48")];
    expect(others.map((o) => o.status)).toEqual(["held", "held", "full"]);
  });

  it("counts senders without a known network together", async () => {
    const { hold } = holder({ perDay: 10, perNetworkPerDay: 1 });
    expect([(await hold(null)).status, (await hold(null)).status]).toEqual(["held", "full"]);
  });
});
