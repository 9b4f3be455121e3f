import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOCUMENT_HOLD_REPLAY_FUNCTION, HOLD_REPLAY_FUNCTION } from "./hold-replay.inline";
import { DOCUMENT_RUNTIME, HOLD_REPLAY_SOURCE, inlineFunction } from "./inline-script";

const source = path.resolve(import.meta.dirname, "../../..", HOLD_REPLAY_SOURCE);

describe("the pages' inline client runtime", () => {
  it("is made from the current hold-replay.ts (else run `npm run build:runtime`)", () => {
    expect(HOLD_REPLAY_FUNCTION).toBe(inlineFunction(source, "holdReplay"));
    expect(DOCUMENT_HOLD_REPLAY_FUNCTION).toBe(inlineFunction(source, "holdReplay", DOCUMENT_RUNTIME));
  });

  it("sends the public pages nothing only the application uses", () => {
    // The application's parts: values typed meanwhile handed on, a double tap replayed once, hover restored.
    for (const part of ["getOwnPropertyDescriptor", '"input"', "pointerover", "matchMedia"]) {
      expect(HOLD_REPLAY_FUNCTION).toContain(part);
      expect(DOCUMENT_HOLD_REPLAY_FUNCTION).not.toContain(part);
    }
  });
});
