import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOCUMENT_HOLD_REPLAY_FUNCTION, HOLD_REPLAY_FUNCTION } from "./hold-replay.inline";
import { INLINE_SCRIPTS, inlineFunction } from "./inline-script";

const root = path.resolve(import.meta.dirname, "../../..");

describe("the pages' inline scripts made from TypeScript", () => {
  it.each(INLINE_SCRIPTS.map((script) => [script.constant, script] as const))(
    "%s is made from the current source (else run `npm run build:runtime`)",
    async (constant, { source, name, fixed }) => {
      const shipped = (await import(path.join(root, source.replace(/\.ts$/, ".inline.ts")))) as Record<string, string>;
      expect(shipped[constant]).toBe(inlineFunction(path.join(root, source), name, fixed));
    },
  );

  it("sends the public pages nothing only the application uses", () => {
    // The application's parts: values typed meanwhile handed on, a double tap replayed once, hover restored.
    for (const part of ["getOwnPropertyDescriptor", '"input"', "pointerover", "matchMedia"]) {
      expect(HOLD_REPLAY_FUNCTION).toContain(part);
      expect(DOCUMENT_HOLD_REPLAY_FUNCTION).not.toContain(part);
    }
  });
});
