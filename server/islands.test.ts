import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { islandModules } from "./islands";

describe("island files from the client build's manifest", () => {
  it("lists each island entry first, then every chunk it imports, once", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "islands-"));
    mkdirSync(path.join(dir, ".vite"));
    writeFileSync(
      path.join(dir, ".vite", "manifest.json"),
      JSON.stringify({
        "app/features/questionnaire/questionnaire.island.tsx": {
          file: "assets/questionnaire.island-a.js",
          imports: ["_react-dom.js", "_shared.js"],
        },
        "_react-dom.js": { file: "assets/react-dom-b.js", imports: ["_shared.js"] },
        "_shared.js": { file: "assets/shared-c.js" },
        "app/entry.client.tsx": { file: "assets/entry.client-d.js", imports: ["_react-dom.js"] },
      }),
    );
    expect(islandModules(dir)).toEqual({
      questionnaire: ["/assets/questionnaire.island-a.js", "/assets/react-dom-b.js", "/assets/shared-c.js"],
    });
  });

  it("knows no islands without a build (development)", () => {
    expect(islandModules(mkdtempSync(path.join(tmpdir(), "islands-")))).toEqual({});
  });
});
