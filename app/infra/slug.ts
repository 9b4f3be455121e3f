/**
 * Web addresses made from a title: lower-case ascii words joined by hyphens, accents folded
 * (één → een, Ĳssel → ijssel), apostrophes closing up (don't → dont), & read as "and", cut at a
 * whole word to at most `max` characters. Pure and browser-safe: the editors suggest one as the
 * trainer types, and the server makes one when she leaves the field empty.
 */

/** Letters that Unicode does not split into a base letter and an accent. */
const OWN_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  ø: "o",
  œ: "oe",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** The address made from `text`; empty when it has no letter or digit. */
export function slugFrom(text: string, max: number): string {
  const words = text
    .toLowerCase()
    .replace(/[ßæøœłđðþı]/g, (letter) => OWN_LETTERS[letter] ?? letter)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’‘`´]/g, "")
    .replace(/&/g, " and ")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const longer = slug ? `${slug}-${word}` : word;
    if (longer.length > max) return slug || word.slice(0, max);
    slug = longer;
  }
  return slug;
}

/** `slug` itself when it is free, else the first of slug-2, slug-3, … that is (within `max`). */
export function freeSlug(slug: string, taken: ReadonlySet<string>, max: number): string {
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${slug.slice(0, max - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
