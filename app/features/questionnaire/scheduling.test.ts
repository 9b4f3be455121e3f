import { describe, expect, it } from "vitest";
import { isBookingMessage, schedulingLink, widgetStylesheet } from "./scheduling";

describe("scheduling", () => {
  it("builds the fallback link with name, e-mail and the lead id", () => {
    const link = new URL(
      schedulingLink("https://calendly.com/coach/free-intake?hide_gdpr_banner=1", {
        name: " Anna de Vries ",
        email: "anna@example.nl",
        leadId: "abc",
      }),
    );
    expect(link.origin + link.pathname).toBe("https://calendly.com/coach/free-intake");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      hide_gdpr_banner: "1",
      name: "Anna de Vries",
      email: "anna@example.nl",
      utm_content: "abc",
      utm_source: "website",
    });
  });

  it("leaves out empty prefill values", () => {
    const link = new URL(schedulingLink("https://calendly.com/x", { name: "", email: "" }));
    expect(link.searchParams.has("name")).toBe(false);
    expect(link.searchParams.has("utm_content")).toBe(false);
  });

  it("finds the widget stylesheet next to its script", () => {
    expect(widgetStylesheet("https://assets.calendly.com/assets/external/widget.js")).toBe(
      "https://assets.calendly.com/assets/external/widget.css",
    );
    expect(widgetStylesheet("https://example.com/widget")).toBeNull();
  });

  it("accepts booking messages only from the scheduling origin", () => {
    const url = "https://calendly.com/coach/free-intake";
    expect(isBookingMessage({ origin: "https://calendly.com", data: { event: "calendly.event_scheduled" } }, url)).toBe(
      true,
    );
    expect(isBookingMessage({ origin: "https://evil.example", data: { event: "calendly.event_scheduled" } }, url)).toBe(
      false,
    );
    expect(isBookingMessage({ origin: "https://calendly.com", data: { event: "calendly.page_height" } }, url)).toBe(
      false,
    );
    expect(isBookingMessage({ origin: "https://calendly.com", data: "x" }, url)).toBe(false);
  });
});
