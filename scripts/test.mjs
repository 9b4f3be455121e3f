// The whole test suite: type-check, lint, production build and unit tests side by side; then,
// side by side, the HTML validators over every public page's server HTML and the integration
// tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), which start the built server;
// then end-to-end in Chromium. The long drills (2,000 submissions through a database outage, the
// soak, and the browser tests tagged @drill: 20 paced runs through each questionnaire branch) run
// with `npm run test:drills`, which CI runs after this.
// Prints each stage's time and ends with one line "N passed, N failed, N skipped".
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { relative } from "node:path";

const results = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
// The names of the failed (and flaky) tests, repeated at the end: a long log is often read from its tail.
const failures = [];
mkdirSync("test-results", { recursive: true });

/**
 * Runs one stage. A stage run beside a longer one that prints as it goes (`quiet`) keeps its output
 * and prints it in one piece when it ends, so the two never interleave line by line.
 */
function run(label, command, args, { quiet = false } = {}) {
  const started = Date.now();
  console.log(`\n=== ${label}: started${quiet ? " (its output follows when it ends)" : ""} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (status) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      timings.push(`${label}: ${seconds} s`);
      if (quiet) console.log(`\n=== ${label}: output ===\n${Buffer.concat(output).toString().trimEnd()}`);
      console.log(`=== ${label}: ${status === 0 ? "ok" : "FAILED"} (${seconds} s)`);
      resolve(status === 0);
    });
  });
}

/** A stage that is one check (not a test runner) counts as one failure when it fails. */
const check = async (label, command, args, options) =>
  (await run(label, command, args, options)) || (results.failed++, failures.push(label), false);

async function vitest(label, project, options) {
  const report = `test-results/vitest-${project}.json`;
  rmSync(report, { force: true });
  const ok = await run(
    label,
    "npx",
    ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile=${report}`],
    options,
  );
  if (!existsSync(report)) return (results.failed++, failures.push(`${label}: no report`), false);
  const counts = JSON.parse(readFileSync(report, "utf8"));
  results.passed += counts.numPassedTests;
  results.failed += counts.numFailedTests;
  results.skipped += counts.numPendingTests + (counts.numTodoTests ?? 0);
  for (const file of counts.testResults ?? []) {
    const name = relative(process.cwd(), file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") failures.push(`${label}: ${name} › ${test.fullName}`);
    }
    // A file that fails before any of its tests runs (an import error) has no test results.
    if (file.status === "failed" && !file.assertionResults?.length) failures.push(`${label}: ${name}: ${file.message}`);
  }
  return ok;
}

async function playwright(label = "end-to-end tests (Playwright, Chromium)", args = []) {
  rmSync("test-results/e2e.json", { force: true });
  const ok = await run(label, "npx", ["playwright", "test", ...args]);
  if (!existsSync("test-results/e2e.json")) return (results.failed++, failures.push(`${label}: no report`), false);
  const report = JSON.parse(readFileSync("test-results/e2e.json", "utf8"));
  const { stats } = report;
  results.passed += stats.expected + (stats.flaky ?? 0);
  results.failed += stats.unexpected;
  results.skipped += stats.skipped;
  // A flaky test failed once and passed on CI's one retry: named at the end as well.
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const where = `[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`;
        if (test.status === "unexpected") failures.push(`${label}: ${where}`);
        if (test.status === "flaky") failures.push(`${label} (flaky, passed on retry): ${where}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return ok;
}

const started = Date.now();
const drills = process.argv.includes("--drills");
let ok;
if (drills) {
  // The browser drills (tagged @drill, left out of npm test) need the build npm test made.
  process.env.E2E_DRILLS = "1";
  const faults = await vitest("fault drills (Vitest)", "drills");
  const browser = await playwright("browser drills (Playwright, @drill)", ["--project", "desktop"]);
  ok = faults && browser;
} else {
  // Lint and unit tests need no build: they share the two cores with type-check and build (the
  // build after type-check, as both write React Router's generated route types).
  const first = await Promise.all([
    check("type-check", "npm", ["run", "-s", "typecheck"]).then(async (typed) => [
      typed,
      await check("production build", "npm", ["run", "-s", "build"]),
    ]),
    check("lint and format", "npm", ["run", "-s", "lint"]),
    vitest("unit tests (Vitest)", "unit"),
  ]).then(([[typed, built], linted, unit]) => [typed, linted, built, unit]);
  const built = first[2];
  // The validators and the integration tests need only the build and run side by side (the
  // validators print when they end); the end-to-end tests follow on their own. Run beside the
  // integration tests as well (decision 035) they took no less wall time on 2 cores, since the suite
  // is bound by CPU, and under that load whole-page tests ran into their time limits (decision 037).
  const [validated, integration] = built
    ? await Promise.all([
        check("HTML validators (Nu checker, html-validate)", "npm", ["run", "-s", "validate:html"], { quiet: true }),
        vitest("integration tests (Vitest)", "integration"),
      ])
    : [false, false];
  const e2e = built ? await playwright() : false;
  ok = first.every(Boolean) && validated && integration && e2e;
}

if (!process.env.TEST_DATABASE_URL) {
  console.log("\nnote: TEST_DATABASE_URL is not set, so integration tests ran on PGlite only (.ci/run sets it).");
}
console.log(`\nstage times: ${timings.join(", ")}; total ${Math.round((Date.now() - started) / 1000)} s`);
if (failures.length) console.log(`\nfailed or flaky:\n${failures.map((name) => `  ${name}`).join("\n")}`);
console.log(`\n${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
process.exit(ok && results.failed === 0 ? 0 : 1);
