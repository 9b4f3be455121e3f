// The whole test suite, in order: type-check, lint, production build (integration and
// end-to-end tests run the built server), unit and integration tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), end-to-end in Chromium.
// Ends with one line "N passed, N failed" summing every runner.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, mkdirSync } from "node:fs";

const results = { passed: 0, failed: 0, skipped: 0 };
mkdirSync("test-results", { recursive: true });

function run(label, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${label} ===`);
  const { status } = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${status === 0 ? "ok" : "FAILED"} (${Math.round((Date.now() - started) / 1000)} s)`);
  return status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, "utf8"));
  results.passed += report.numPassedTests;
  results.failed += report.numFailedTests;
  results.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  return true;
}

function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  results.passed += stats.expected + (stats.flaky ?? 0);
  results.failed += stats.unexpected;
  results.skipped += stats.skipped;
  return true;
}

const steps = [
  () => run("type-check", "npm", ["run", "-s", "typecheck"]) || (results.failed++, false),
  () => run("lint", "npm", ["run", "-s", "lint"]) || (results.failed++, false),
  () => run("production build", "npm", ["run", "-s", "build"]) || (results.failed++, false),
  () => {
    const ok = run("unit and integration tests (Vitest)", "npx", [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      "--outputFile=test-results/vitest.json",
    ]);
    if (!countVitest("test-results/vitest.json")) results.failed++;
    return ok;
  },
  () => {
    const ok = run("end-to-end tests (Playwright, Chromium)", "npx", ["playwright", "test"]);
    if (!countPlaywright("test-results/e2e.json")) results.failed++;
    return ok;
  },
];

let ok = true;
for (const step of steps) ok = step() && ok;

if (!process.env.TEST_DATABASE_URL) {
  console.log("\nnote: TEST_DATABASE_URL is not set, so integration tests ran on PGlite only (.ci/run sets it).");
}
console.log(`\n${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
process.exit(ok && results.failed === 0 ? 0 : 1);
