import { describe, expect, it } from "vitest";
import { hasNoControlCharacters, withoutInvisibleFormatting } from "./control-characters";

describe("control characters", () => {
  it("accepts ordinary and international text", () => {
    for (const text of ["Mila Jansen", "José Ñúñez", "Ольга", "李小龙", "O'Brien-Smith", "emoji 💪", ""])
      expect(hasNoControlCharacters(text)).toBe(true);
  });

  it("refuses every C0 control, DEL and every C1 control in single-line text", () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, i) => i),
      0x7f,
      ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
    ];
    for (const code of controls)
      expect(hasNoControlCharacters(`Nul${String.fromCharCode(code)}Byte`), `U+${code.toString(16)}`).toBe(false);
  });

  it("allows tab, line feed and carriage return only in multi-line text", () => {
    const letter = "Hello,\r\n\tI would like to start.\nThanks";
    expect(hasNoControlCharacters(letter, { multiLine: true })).toBe(true);
    expect(hasNoControlCharacters(letter)).toBe(false);
    for (const code of [0x00, 0x07, 0x0b, 0x0c, 0x1b, 0x7f, 0x85, 0x9b])
      expect(hasNoControlCharacters(`a${String.fromCharCode(code)}b`, { multiLine: true })).toBe(false);
  });
});

describe("invisible formatting characters", () => {
  const bidi = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
  const joiners = [0x200c, 0x200d];
  const otherZeroWidth = [0x200b, 0x2060, 0xfeff];

  it("strips every bidi control and zero-width character from a label", () => {
    for (const code of [...bidi, ...joiners, ...otherZeroWidth])
      expect(withoutInvisibleFormatting(`go${String.fromCharCode(code)}ogle`), `U+${code.toString(16)}`).toBe("google");
    // The spoof of issue 48: "moc.elgoog" shown as "google.com" behind a right-to-left override.
    expect(withoutInvisibleFormatting("\u202Emoc.elgoog\u202C")).toBe("moc.elgoog");
  });

  it("keeps the joiners in typed text, where words and emoji need them", () => {
    const persian = "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645";
    const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}";
    expect(withoutInvisibleFormatting(persian, { keepJoiners: true })).toBe(persian);
    expect(withoutInvisibleFormatting(family, { keepJoiners: true })).toBe(family);
    for (const code of [...bidi, ...otherZeroWidth])
      expect(withoutInvisibleFormatting(`An${String.fromCharCode(code)}na`, { keepJoiners: true })).toBe("Anna");
  });

  it("leaves ordinary and right-to-left text alone", () => {
    for (const text of ["Mila Jansen", "\u05E9\u05DC\u05D5\u05DD", "\u0645\u0631\u062D\u0628\u0627", "emoji 💪", ""])
      expect(withoutInvisibleFormatting(text)).toBe(text);
  });
});
