import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOLD_REPLAY_FUNCTION } from "./hold-replay.inline";
import { HOLD_REPLAY_SOURCE, inlineFunction } from "./inline-script";

const root = path.resolve(import.meta.dirname, "../../..");

describe("the pages' inline client runtime", () => {
  it("is made from the current hold-replay.ts (else run `npm run build:runtime`)", () => {
    expect(HOLD_REPLAY_FUNCTION).toBe(inlineFunction(path.join(root, HOLD_REPLAY_SOURCE), "holdReplay"));
  });
});
