// Where the end-to-end run spent its time, from Playwright's JSON report (test-results/e2e.json or
// the path given): the wall time, how many worker processes ran (each is a new Chromium and, for
// back-office tests, a new signed-in trainer), the time per file and the slowest tests.
// Usage: node scripts/e2e-profile.mjs [report.json] [how many slowest tests, default 25]
import { readFileSync } from "node:fs";

const [file = "test-results/e2e.json", top = "25"] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, "utf8"));
const perFile = new Map();
const tests = [];
const workers = new Set();

function visit(suite, specFile) {
  const here = suite.file ?? specFile;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        workers.add(`${test.projectName} ${result.workerIndex}`);
        const entry = perFile.get(here) ?? { ms: 0, tests: 0 };
        entry.ms += result.duration;
        entry.tests += 1;
        perFile.set(here, entry);
        tests.push({
          ms: result.duration,
          name: `[${test.projectName}] ${here}:${spec.line} ${spec.title}`,
          status: result.status,
        });
      }
    }
  }
  for (const child of suite.suites ?? []) visit(child, here);
}
for (const suite of report.suites) visit(suite, suite.file);

const s = (ms) => (ms / 1000).toFixed(1).padStart(7);
const total = [...perFile.values()].reduce((sum, e) => sum + e.ms, 0);
console.log(`wall ${s(report.stats.duration)} s, test time ${s(total)} s, worker processes ${workers.size}`);
console.log(
  `passed ${report.stats.expected}, failed ${report.stats.unexpected}, flaky ${report.stats.flaky}, skipped ${report.stats.skipped}\n`,
);
console.log("per file (sum of test durations, tests):");
for (const [name, e] of [...perFile].sort((a, b) => b[1].ms - a[1].ms))
  console.log(`${s(e.ms)} s ${String(e.tests).padStart(4)}  ${name}`);
console.log(`\nslowest ${top} tests:`);
for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, Number(top)))
  console.log(`${s(t.ms)} s  ${t.status.padEnd(8)} ${t.name}`);
