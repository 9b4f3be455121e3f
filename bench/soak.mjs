// Soak benchmark: the soak test from the suite, for 2 minutes instead of 1 (SOAK_SECONDS to change).
// Prints the RSS samples, the live heap after GC at start and end, and the request count.
import { spawnSync } from "node:child_process";
import { requireBuild } from "./lib.mjs";

requireBuild();
const seconds = process.env.SOAK_SECONDS ?? "120";
console.log(
  `Soak: ${seconds} s of mixed load (pages, newsletter, intake; 10 in flight) against build ${process.env.BUILD_DIR ?? "build"}`,
);
const { status } = spawnSync(
  "npx",
  ["vitest", "run", "--project", "integration", "tests/integration/fault-soak.test.ts"],
  {
    stdio: "inherit",
    env: { ...process.env, SOAK_SECONDS: seconds },
  },
);
process.exit(status ?? 1);
