import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltSite, type BuiltSite } from "../support/built-site";

/**
 * The mail relay's web hook has a rate limit of its own (decision 058): a provider reports bounces in
 * bursts from a few addresses, which the limit on every visitor's posts would refuse.
 */
const key = "relay-signing-key-for-tests";
let built: BuiltSite | undefined;

beforeAll(async () => {
  built = await startBuiltSite("relay-webhook", {
    MAIL_RELAY_WEBHOOK_KEY: key,
    RATE_LIMIT_POSTS_PER_MINUTE: "5",
    RATE_LIMIT_WEBHOOKS_PER_MINUTE: "20",
  });
});

afterAll(async () => {
  await built?.close();
});

let sent = 0;
function report(): Promise<Response> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = `burst-token-${++sent}-of-the-relay`;
  const signature = createHmac("sha256", key)
    .update(timestamp + token)
    .digest("hex");
  return fetch(`${built!.site}/api/newsletter/relay-webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      signature: { timestamp, token, signature },
      "event-data": { event: "failed", severity: "permanent", recipient: `gone-${sent}@example.com` },
    }),
  });
}

describe("the relay web hook's own rate limit", () => {
  it("takes a burst of signed reports beyond the visitors' limit, within a bound of its own", async () => {
    const burst: number[] = [];
    for (let i = 0; i < 20; i++) burst.push((await report()).status);
    // 20 within the hook's 20 a minute, however the minute's windows fall; a visitor gets 5.
    expect(burst).toEqual(Array<number>(20).fill(200));

    // 41 in at most two windows of 20: some are refused.
    const more: Response[] = [];
    for (let i = 0; i < 21; i++) more.push(await report());
    const refused = more.filter((res) => res.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);

    // The hook's reports took nothing from the same address's allowance for other posts.
    const visitor = await fetch(`${built!.site}/api/first-touch`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ page: "/" }),
    });
    expect(visitor.status).toBe(204);
  });
});
