import { describe, expect, it } from "vitest";
import { collectWords, parseStylesheet, requiredNames, subsetStylesheet } from "./css-subset";

const cut = (css: string, page: string) => subsetStylesheet(parseStylesheet(css), collectWords(page));

describe("cutting a stylesheet to the rules a page uses", () => {
  it("keeps a class rule only when the page has the class, and a rule naming no class or element always", () => {
    const css = ":root{color:red}.flex{display:flex}.grid{display:grid}[data-x]>*{margin:0}";
    expect(cut(css, '<div class="flex gap-2">')).toBe(":root{color:red}.flex{display:flex}[data-x]>*{margin:0}");
  });

  it("reads escaped class names and variants", () => {
    expect(requiredNames(".sm\\:grid-cols-2")).toEqual(["sm:grid-cols-2"]);
    expect(requiredNames(".bg-\\[\\#eef6f5\\]")).toEqual(["bg-[#eef6f5]"]);
    expect(requiredNames(".w-1\\/2:hover")).toEqual(["w-1/2"]);
    expect(requiredNames(".\\31 0x")).toEqual(["10x"]);
    // group-hover needs the item and a .group around it; :not() needs nothing.
    expect(requiredNames(".group-hover\\:underline:is(:where(.group):hover *)")).toEqual([
      "group-hover:underline",
      "group",
    ]);
    expect(requiredNames(".a:not(.b)")).toEqual(["a"]);
    expect(requiredNames(":where(.space-y-4>:not(:last-child))")).toEqual(["space-y-4"]);
    expect(requiredNames(":is(.a,.b) .c")).toEqual(["c"]);
  });

  it("keeps an element's rule only when the page or one of its scripts has that element", () => {
    const css = "table{border-collapse:collapse}code,kbd{font-family:monospace}.a b{font-weight:700}*{margin:0}";
    expect(cut(css, '<p class="a">Plain text</p>')).toBe("*{margin:0}");
    expect(cut(css, '<TABLE><tr><td class="a"><b>1</b></td></tr></TABLE>')).toBe(
      "table{border-collapse:collapse}.a b{font-weight:700}*{margin:0}",
    );
    // A script that makes the element: by name, or in markup it writes.
    expect(cut(css, 'document.createElement("kbd")')).toBe("code,kbd{font-family:monospace}*{margin:0}");
    expect(cut(css, "el.innerHTML=`<code>x</code>`")).toBe("code,kbd{font-family:monospace}*{margin:0}");
    expect(requiredNames(":where(select:is([multiple],[size])) optgroup")).toEqual(["select", "optgroup"]);
    expect(requiredNames("html:has(dialog[data-mobile-menu]:modal)")).toEqual(["html", "dialog"]);
    expect(requiredNames("abbr:where([title]),.x>li::marker")).toEqual(["abbr", "x", "li"]);
  });

  it("keeps a rule for a pseudo-element that only some inputs have only when the page has such an input", () => {
    const css =
      "::-webkit-datetime-edit{display:inline-flex}::-webkit-inner-spin-button{height:auto}" +
      "::-webkit-search-decoration{appearance:none}::file-selector-button{margin:0}::placeholder{opacity:1}";
    // The reset's rules for date, number, search and file inputs go from a page without them.
    expect(cut(css, '<input type="email"/><p>Pick a date and time, any number</p>')).toBe("::placeholder{opacity:1}");
    expect(cut(css, '<input type="url"/><input type="time"/>')).toBe(
      "::-webkit-datetime-edit{display:inline-flex}::-webkit-inner-spin-button{height:auto}::placeholder{opacity:1}",
    );
    expect(cut(css, 'el.type="number"')).toBe("::-webkit-inner-spin-button{height:auto}::placeholder{opacity:1}");
    expect(cut(css, '<input type="search"/><input type="file"/>')).toBe(
      "::-webkit-search-decoration{appearance:none}::file-selector-button{margin:0}::placeholder{opacity:1}",
    );
    expect(requiredNames("::-webkit-datetime-edit-year-field")).toEqual(["::-webkit-datetime-edit"]);
    expect(requiredNames(".file\\:mr-4::file-selector-button")).toEqual(["file:mr-4", "::file-selector-button"]);
  });

  it("keeps a selector list when any one selector can match", () => {
    const css = ".a,.b .c{color:red}";
    expect(cut(css, 'class="b c"')).toBe(css);
    expect(cut(css, 'class="b"')).toBe("");
  });

  it("finds classes written with HTML entities and inside script strings", () => {
    const css = ".\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}.animate-spin{animation:spin 1s}";
    expect(cut(css, '<span class="[&amp;&gt;svg]:size-4"><svg>')).toBe(".\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}");
    expect(cut(css, 'e.className="animate-spin rounded-full"')).toBe(".animate-spin{animation:spin 1s}");
  });

  it("keeps an at-rule with the rules kept inside it and drops it when none is", () => {
    const css = "@layer utilities{.a{color:red}@media (width>=40rem){.sm\\:b{color:blue}}}@layer base,utilities;";
    expect(cut(css, 'class="a"')).toBe("@layer utilities{.a{color:red}}@layer base,utilities;");
    expect(cut(css, 'class="x"')).toBe("@layer base,utilities;");
  });

  it("keeps @property and @keyframes only when a kept rule names them", () => {
    const css =
      "@layer utilities{.shadow{--tw-shadow:0 1px red;box-shadow:var(--tw-shadow)}.spin{animation:spin 1s}}" +
      "@property --tw-shadow{syntax:'*';inherits:false}@property --tw-shadow-color{syntax:'*';inherits:false}" +
      "@keyframes spin{to{transform:rotate(1turn)}}";
    expect(cut(css, 'class="shadow"')).toBe(
      "@layer utilities{.shadow{--tw-shadow:0 1px red;box-shadow:var(--tw-shadow)}}@property --tw-shadow{syntax:'*';inherits:false}",
    );
    expect(cut(css, 'class="spin"')).toContain("@keyframes spin");
  });

  it("keeps a stylesheet it cannot read whole", () => {
    const broken = ".a{color:red";
    expect(cut(broken, "")).toBe(broken);
  });

  it("ignores braces inside strings and comments", () => {
    const css = '/* } */.a::before{content:"}"}.b{color:red}';
    expect(cut(css, 'class="a"')).toBe('.a::before{content:"}"}');
  });
});

describe("custom properties", () => {
  it("keeps a theme variable only when a kept rule or a kept variable uses it", () => {
    const css =
      ":root{--font-sans:system-ui;--default-font:var(--font-sans);--color-coral:#f97366}" +
      "body{font-family:var(--default-font)}.text-coral{color:var(--color-coral)}";
    expect(cut(css, "<body>")).toBe(
      ":root{--font-sans:system-ui;--default-font:var(--font-sans)}body{font-family:var(--default-font)}",
    );
    expect(cut(css, 'class="text-coral"')).toContain("--color-coral:#f97366");
  });
});

describe("a page's other stylesheets", () => {
  it("keep the variables they use", () => {
    const css = ":root{--color-coral:#f97366;--color-teal:#0f766e}";
    expect(cut(css, "")).toBe("");
    expect(subsetStylesheet(parseStylesheet(css), new Set(), ".prose a{color:var(--color-coral)}")).toBe(
      ":root{--color-coral:#f97366}",
    );
  });
});
