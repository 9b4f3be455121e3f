import { describe, expect, it } from "vitest";
import { dropExactColorMixOverrides } from "./css-color-mix";

const theme = "@layer theme{:root{--color-navy:#0b1f3a;--color-white:#fff;--color-red-700:oklch(50.5% .213 27.518)}}";
const mix = (selector: string, declaration: string) =>
  `@supports (color:color-mix(in lab, red, red)){${selector}{${declaration}}}`;

describe("a colour-with-opacity written twice by Tailwind", () => {
  it("keeps only the hex colour when the color-mix one paints the same", () => {
    const css =
      theme +
      ".bg-navy\\/10{background-color:#0b1f3a1a}" +
      mix(".bg-navy\\/10", "background-color:color-mix(in oklab, var(--color-navy) 10%, transparent)") +
      "@media (hover:hover){.hover\\:bg-white\\/80:hover{background-color:#fffc}" +
      mix(".hover\\:bg-white\\/80:hover", "background-color:color-mix(in oklab, var(--color-white) 80%, transparent)") +
      "}.faq-item{border-width:1px;border-color:#0b1f3a26;color:red}" +
      mix(".faq-item", "border-color:color-mix(in oklab, var(--color-navy) 15%, transparent)");
    expect(dropExactColorMixOverrides(css)).toBe(
      theme +
        ".bg-navy\\/10{background-color:#0b1f3a1a}@media (hover:hover){.hover\\:bg-white\\/80:hover{background-color:#fffc}}" +
        ".faq-item{border-width:1px;border-color:#0b1f3a26;color:red}",
    );
  });

  it("keeps the color-mix rule wherever the two could differ", () => {
    const kept = [
      // A theme colour outside hex (it may lie outside sRGB).
      ".border-red-700\\/50{border-color:#b91c1c80}" +
        mix(".border-red-700\\/50", "border-color:color-mix(in oklab, var(--color-red-700) 50%, transparent)"),
      // currentcolor, and a shadow colour that also takes --tw-shadow-alpha.
      "::placeholder{color:currentColor}" +
        mix("::placeholder", "color:color-mix(in oklab, currentcolor 50%, transparent)"),
      ".shadow-navy\\/5{--tw-shadow-color:#0b1f3a0d}" +
        mix(
          ".shadow-navy\\/5",
          "--tw-shadow-color:color-mix(in oklab, color-mix(in oklab, var(--color-navy) 5%, transparent) var(--tw-shadow-alpha), transparent)",
        ),
      // Another alpha, another property, another selector before it.
      ".a{color:#0b1f3a1a}" + mix(".a", "color:color-mix(in oklab, var(--color-navy) 20%, transparent)"),
      ".a{background-color:#0b1f3a1a}" + mix(".a", "color:color-mix(in oklab, var(--color-navy) 10%, transparent)"),
      ".a{color:#0b1f3a1a}" + mix(".b", "color:color-mix(in oklab, var(--color-navy) 10%, transparent)"),
    ];
    for (const css of kept) expect(dropExactColorMixOverrides(theme + css)).toBe(theme + css);
  });
});
