import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISLANDS_MANIFEST } from "~/features/islands/islands-manifest";
import { DEV_ISLANDS_BASE, devIslandModules, islandModules } from "./islands";
import { existsSync } from "node:fs";

describe("island files from the islands' build manifest", () => {
  it("lists each island entry first, then every chunk it imports, once", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "islands-"));
    mkdirSync(path.join(dir, ".vite"));
    writeFileSync(
      path.join(dir, ISLANDS_MANIFEST),
      JSON.stringify({
        "app/features/questionnaire/questionnaire.island.tsx": {
          file: "assets/questionnaire.island-a.js",
          imports: ["_preact.js", "_shared.js"],
        },
        "_preact.js": { file: "assets/preact-b.js", imports: ["_shared.js"] },
        "_shared.js": { file: "assets/shared-c.js" },
      }),
    );
    expect(islandModules(dir)).toEqual({
      questionnaire: ["/assets/questionnaire.island-a.js", "/assets/preact-b.js", "/assets/shared-c.js"],
    });
  });

  it("never reads the application's manifest, whose islands carry React DOM", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "islands-"));
    mkdirSync(path.join(dir, ".vite"));
    writeFileSync(
      path.join(dir, ".vite", "manifest.json"),
      JSON.stringify({
        "app/features/questionnaire/questionnaire.island.tsx": {
          file: "assets/questionnaire.island-a.js",
          imports: ["_react.js"],
        },
        "_react.js": { file: "assets/react-b.js" },
      }),
    );
    expect(islandModules(dir)).toEqual({});
  });

  it("knows no islands without a build (development)", () => {
    expect(islandModules(mkdtempSync(path.join(tmpdir(), "islands-")))).toEqual({});
  });
});

describe("islands in development", () => {
  it("names each island's source entry under the islands' dev server", () => {
    const islands = devIslandModules(process.cwd());
    expect(Object.keys(islands).length).toBeGreaterThan(0);
    for (const [name, files] of Object.entries(islands)) {
      expect(files).toHaveLength(1);
      const file = files[0]!;
      expect(file.startsWith(DEV_ISLANDS_BASE)).toBe(true);
      expect(file.endsWith(`/${name}.island.tsx`)).toBe(true);
      expect(existsSync(path.join(process.cwd(), file.slice(DEV_ISLANDS_BASE.length)))).toBe(true);
    }
  });
});
