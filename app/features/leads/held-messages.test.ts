import { describe, expect, it } from "vitest";
import { heldFullMessage } from "./held-messages";

describe("heldFullMessage: the answer when held forms are at their limit", () => {
  it("names the e-mail address and the messaging link without its prefilled text", () => {
    const message = heldFullMessage({
      email: "coach@example.com",
      messagingUrl: "https://wa.me/31600000000?text=Hi%20there",
    });
    expect(message).toContain("on WhatsApp at wa.me/31600000000");
    expect(message).toContain("by e-mail at coach@example.com");
    expect(message).not.toContain("text=");
  });

  it("does not call another messaging service WhatsApp", () => {
    const message = heldFullMessage({ email: "coach@example.com", messagingUrl: "https://t.me/somecoach" });
    expect(message).toContain("by message at t.me/somecoach");
    expect(message).not.toContain("WhatsApp");
  });
});
