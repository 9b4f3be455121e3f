import { describe, expect, it } from "vitest";
import { buttonStyles } from "./button";

const classes = (value: string) => value.split(" ");

describe("buttonStyles", () => {
  it("gives the large primary call to action by default", () => {
    const primary = classes(buttonStyles());
    expect(primary).toEqual(expect.arrayContaining(["min-h-12", "px-7", "py-3", "bg-teal", "text-white"]));
    expect(primary).not.toContain("shadow-lg");
    expect(classes(buttonStyles({ raised: true }))).toContain("shadow-lg");
  });

  it("draws outlines 2 px wide on large buttons and 1 px on compact ones", () => {
    expect(classes(buttonStyles({ variant: "secondary" }))).toContain("border-2");
    expect(classes(buttonStyles({ variant: "secondary", size: "md" }))).toContain("border");
    expect(classes(buttonStyles({ variant: "secondary", size: "md" }))).not.toContain("border-2");
    expect(buttonStyles({ variant: "primary" })).not.toMatch(/(^| )border(-2)?( |$)/);
  });

  it("lets className replace the size's padding, gap, font and display instead of adding a rival class", () => {
    const form = classes(buttonStyles({ className: "px-8 text-lg gap-1" }));
    expect(form).toEqual(expect.arrayContaining(["px-8", "text-lg", "gap-1"]));
    expect(form).not.toEqual(expect.arrayContaining(["px-7"]));
    expect(form).not.toContain("text-base");
    expect(form).not.toContain("gap-2");
    const hidden = classes(buttonStyles({ className: "hidden w-full" }));
    expect(hidden).toContain("hidden");
    expect(hidden).not.toContain("inline-flex");
  });

  it("keeps responsive and state classes beside the defaults", () => {
    const hero = classes(buttonStyles({ variant: "light", className: "sm:px-9 disabled:opacity-60" }));
    expect(hero).toEqual(expect.arrayContaining(["px-7", "sm:px-9", "disabled:opacity-60"]));
  });

  it("lets a variant's own weight replace the base weight (the quiet pagination links)", () => {
    const quiet = classes(buttonStyles({ variant: "quiet", size: "sm" }));
    expect(quiet).toContain("font-medium");
    expect(quiet).not.toContain("font-semibold");
  });
});
