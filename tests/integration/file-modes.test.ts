import { chmodSync } from "node:fs";
import { expect, it } from "vitest";
import { migratedDataDir } from "../support/data-dir";
import { openToOthers } from "../support/file-modes";
import { startServer } from "../support/server";

it("the data directory is the site's alone while it runs and after it stops: files 0600, folders 0700", async () => {
  // The embedded database as PGlite makes it (its files 0666) in a folder anyone may enter, under
  // the usual mask (022), as a first start on a new machine finds them.
  const dataDir = await migratedDataDir();
  chmodSync(dataDir, 0o755);
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    // Made at start: the sign-in secret, the content cache, the backups folder.
    expect(openToOthers(dataDir)).toEqual([]);
  } finally {
    expect(await server.stop()).toBe(0);
  }
  // Whatever the database made while it ran (new tables' files, its log) is closed up at the stop.
  expect(openToOthers(dataDir)).toEqual([]);
}, 150_000);
