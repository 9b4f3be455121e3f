type Rgba = [number, number, number, number];

/** A rule, then an `@supports (color:color-mix(…))` block holding one rule with one color-mix declaration. */
const OVERRIDE =
  /([^{}]+)\{([^{}]*)\}@supports \(color:color-mix\(in lab, red, red\)\)\{([^{}]+)\{([\w-]+):color-mix\(in oklab, var\(--color-([\w-]+)\) (\d+(?:\.\d+)?)%, transparent\)\}\}/g;

/**
 * Tailwind writes a colour with an opacity (`bg-navy/10`) twice: a hex colour with alpha that every
 * browser reads, then the same colour again as `color-mix(in oklab, var(--color-navy) 10%,
 * transparent)` inside `@supports (color:color-mix(…))`, for theme colours outside sRGB. Mixing a
 * colour with `transparent` keeps the colour and scales its alpha, so when the theme colour is
 * itself a hex (sRGB) colour, the second rule paints exactly what the first does. This takes out
 * each such `@supports` rule when the rule just before it has the same selector and sets the same
 * property to that hex colour with that alpha; every other one (an `oklch()` theme colour,
 * `currentcolor`, a shadow colour that also mixes `--tw-shadow-alpha`) stays as it is.
 * It saves 150–430 bytes as sent on every public page (docs/decisions/097-colour-rules-written-once-and-what-the-size-budget-asks.md).
 */
export function dropExactColorMixOverrides(css: string): string {
  const theme = new Map<string, Rgba>();
  for (const [, name, hex] of css.matchAll(/--color-([\w-]+):(#[0-9a-fA-F]{3,8})(?=[;}])/g)) {
    const rgba = parseHex(hex!);
    if (rgba && rgba[3] === 255) theme.set(name!, rgba);
  }
  return css.replace(
    OVERRIDE,
    (whole, selector: string, body: string, again: string, property: string, name: string, percent: string) => {
      const color = theme.get(name);
      if (!color || selector !== again) return whole;
      const fallback = body.split(";").find((declaration) => declaration.startsWith(`${property}:`));
      const given = fallback ? parseHex(fallback.slice(property.length + 1)) : null;
      const alpha = Math.round((Number(percent) / 100) * 255);
      const same =
        given !== null && given.slice(0, 3).every((value, i) => value === color[i]) && Math.abs(given[3] - alpha) <= 1;
      return same ? `${selector}{${body}}` : whole;
    },
  );
}

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` as four bytes; anything else is null. */
function parseHex(text: string): Rgba | null {
  const hex = /^#([0-9a-fA-F]{3,8})$/.exec(text.trim())?.[1];
  if (!hex || hex.length === 5 || hex.length === 7) return null;
  const digits = hex.length <= 4 ? [...hex].map((digit) => digit + digit) : (hex.match(/../g) ?? []);
  const [r = 0, g = 0, b = 0, a = 255] = digits.map((pair) => parseInt(pair, 16));
  return [r, g, b, a];
}
