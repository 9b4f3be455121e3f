import { describe, expect, it } from "vitest";
import { isSameOrigin } from "./same-origin";

describe("same-origin check", () => {
  it("compares Origin, or Referer when Origin is absent", () => {
    expect(isSameOrigin("https://milajansen.coach", null, "https://milajansen.coach")).toBe(true);
    expect(isSameOrigin("https://evil.example", "https://milajansen.coach/admin", "https://milajansen.coach")).toBe(
      false,
    );
    expect(isSameOrigin(null, "https://milajansen.coach/admin", "https://milajansen.coach")).toBe(true);
    expect(isSameOrigin("null", null, "https://milajansen.coach")).toBe(false);
    expect(isSameOrigin(null, null, "https://milajansen.coach")).toBe(false);
  });
});
