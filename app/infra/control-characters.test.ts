import { describe, expect, it } from "vitest";
import { hasNoControlCharacters } from "./control-characters";

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
