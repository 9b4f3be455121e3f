import { describe, expect, it } from "vitest";
import { privateCacheControl } from "./cache-control";

describe("Cache-Control of pages with a nonce", () => {
  it("keeps them out of shared caches", () => {
    expect(privateCacheControl("public, max-age=300, stale-while-revalidate=3600")).toBe(
      "private, max-age=300, stale-while-revalidate=3600",
    );
    expect(privateCacheControl("public, s-maxage=600, max-age=60, proxy-revalidate")).toBe("private, max-age=60");
    expect(privateCacheControl("no-cache")).toBe("private, no-cache");
  });
  it("leaves private and no-store answers alone", () => {
    expect(privateCacheControl("no-store")).toBe("no-store");
    expect(privateCacheControl("private, max-age=60")).toBe("private, max-age=60");
  });
});
