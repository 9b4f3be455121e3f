// The stages of the test suite and their bookkeeping, shared by scripts/test.mjs (the whole suite)
// and scripts/test-changed.mjs (the tests of a change).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { relative } from "node:path";

export const results = { passed: 0, failed: 0, skipped: 0 };
export const timings = [];
// The names of the failed (and flaky) tests, repeated at the end: a long log is often read from its tail.
export const failures = [];
mkdirSync("test-results", { recursive: true });

/**
 * Runs one stage. A stage run beside a longer one that prints as it goes (`quiet`) keeps its output
 * and prints it in one piece when it ends, so the two never interleave line by line.
 */
export function run(label, command, args, { quiet = false } = {}) {
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
export const check = async (label, command, args, options) =>
  (await run(label, command, args, options)) || (results.failed++, failures.push(label), false);

/** A package's command, run on this script's Node.js. */
export const tool = (script, ...args) => [process.execPath, [script, ...args]];
const VITEST = "node_modules/vitest/vitest.mjs";
const PLAYWRIGHT = "node_modules/@playwright/test/cli.js";

export async function vitest(label, projects, options, args = ["run", ...projects.flatMap((p) => ["--project", p])]) {
  const report = `test-results/vitest-${projects.join("-")}.json`;
  rmSync(report, { force: true });
  const ok = await run(
    label,
    ...tool(VITEST, ...args, "--reporter=default", "--reporter=json", `--outputFile=${report}`),
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

export async function playwright(label = "end-to-end tests (Playwright, Chromium)", args = []) {
  // Each stage has its own report file (playwright.config.ts).
  const file = `test-results/${process.env.E2E_DRILLS ? "e2e-drills" : process.env.E2E_SWEEPS ? "e2e-sweeps" : "e2e"}.json`;
  rmSync(file, { force: true });
  const ok = await run(label, ...tool(PLAYWRIGHT, "test", ...args));
  if (!existsSync(file)) return (results.failed++, failures.push(`${label}: no report`), false);
  const report = JSON.parse(readFileSync(file, "utf8"));
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

/** Prints each stage's time, the failed tests again and the totals; exits 0 only if all passed. */
export function finish(ok, started) {
  console.log(`\nstage times: ${timings.join(", ")}; total ${Math.round((Date.now() - started) / 1000)} s`);
  if (failures.length) console.log(`\nfailed or flaky:\n${failures.map((name) => `  ${name}`).join("\n")}`);
  console.log(`\n${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
  process.exit(ok && results.failed === 0 ? 0 : 1);
}
