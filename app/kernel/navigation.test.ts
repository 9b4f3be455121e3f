import { describe, expect, it } from "vitest";
import { homeAnchorHref, isBlogPath, serviceLinks } from "./navigation";

describe("navigation", () => {
  it("points home anchors at the home page", () => {
    expect(homeAnchorHref("faq")).toBe("/#faq");
    expect(homeAnchorHref("contact-section")).toBe("/#contact-section");
  });

  it("lists the overview and all six services", () => {
    expect(serviceLinks[0]?.to).toBe("/services");
    expect(serviceLinks).toHaveLength(7);
    expect(serviceLinks.every((l) => l.to.startsWith("/services"))).toBe(true);
  });

  it("recognises blog pages only", () => {
    expect(isBlogPath("/blog")).toBe(true);
    expect(isBlogPath("/blog/optimize-running-cadence")).toBe(true);
    expect(isBlogPath("/blogger")).toBe(false);
    expect(isBlogPath("/")).toBe(false);
  });
});
