import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Icon, iconParts, iconPath } from "./icon";

describe("icons", () => {
  it("start every part with an absolute move, so joined parts draw what separate paths drew", () => {
    for (const [name, parts] of Object.entries(iconParts))
      for (const part of parts) expect(part, `${name}: ${part}`).toMatch(/^M/);
  });

  it("draw an icon as one path holding all its parts", () => {
    const markup = renderToStaticMarkup(<Icon name="calendar" />);
    expect(markup.match(/<path\b/g)).toHaveLength(1);
    expect(markup).toContain(`d="${iconPath("calendar")}"`);
    expect(iconPath("calendar")).toBe(iconParts.calendar.join(""));
  });
});
