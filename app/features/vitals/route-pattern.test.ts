import { describe, expect, it } from "vitest";
import { NOT_FOUND_PATTERN, routePatternOf } from "./route-pattern";

describe("routePatternOf", () => {
  it("gives a page without parameters its own path", () => {
    expect(routePatternOf("/")).toBe("/");
    expect(routePatternOf("/pricing")).toBe("/pricing");
    expect(routePatternOf("/pricing/")).toBe("/pricing");
    expect(routePatternOf("/services/get-fit")).toBe("/services/get-fit");
  });

  it("gives a page with a parameter its pattern, never the value", () => {
    expect(routePatternOf("/blog/some-post")).toBe("/blog/:slug");
    expect(routePatternOf("/checkout/test/cs_test_123")).toBe("/checkout/test/:id");
  });

  it("drops a query or fragment", () => {
    expect(routePatternOf("/success?session_id=cs_123")).toBe("/success");
    expect(routePatternOf("/start#contact")).toBe("/start");
  });

  it("puts every unknown path under the not-found route", () => {
    expect(routePatternOf("/no-such-page/jane@example.com")).toBe(NOT_FOUND_PATTERN);
  });
});
