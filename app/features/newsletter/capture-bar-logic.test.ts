import { describe, expect, it } from "vitest";
import { captureBarKey, SUBSCRIBED_KEY } from "./capture-bar-logic";

describe("e-mail capture bar", () => {
  it("keeps its dismissal per post under the blog-subscribe prefix", () => {
    expect(captureBarKey("optimize-running-cadence")).toBe("blog-subscribe-optimize-running-cadence");
    expect(SUBSCRIBED_KEY.startsWith("blog-subscribe")).toBe(true);
  });
});
