import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { templateKey } from "./tests/support/template-key.ts";

/**
 * Browser downloads are blocked here: use the system Chromium. Debian's `chromium-headless-shell`
 * (the same engine without the desktop browser's processes, what Playwright itself runs headless)
 * comes first when installed: the same browser tests took 27-40 % less CPU in it than in `chromium`
 * (bench/RESULTS.md, 2026-11-26), which `.ci/run` installs for the same reason.
 */
function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install one with `sudo apt-get install chromium-headless-shell` " +
        "or point CHROMIUM_PATH at a Chromium/Chrome executable.",
    );
  }
  return found;
}

/**
 * Tests tagged @drill (many paced runs through a flow, minutes of a worker's time) are left out of
 * `npm test` and run at 1280 px by `npm run test:drills` (E2E_DRILLS=1), which CI runs after it.
 */
const drills = !!process.env.E2E_DRILLS;
/**
 * Tests tagged @sweep walk every route (axe over each whole page, consent and the CSP on every page,
 * every back-office page at both widths): `npm run test:sweeps` (E2E_SWEEPS=1) runs only those, once
 * per CI run; `npm test` walks a representative handful of the same routes (tests/e2e/sweep.ts).
 */
const sweeps = !!process.env.E2E_SWEEPS;
const stage = drills ? "e2e-drills" : sweeps ? "e2e-sweeps" : "e2e";

/**
 * The server's data directory, made once by the main process (workers inherit E2E_DATA_DIR). npm
 * test's server starts on an empty one, its first start tested there; the sweeps' server starts on a
 * copy of the migrated embedded database the integration tests left (tests/support/data-dir.ts) when
 * there is one: PGlite's initdb and every migration took 20-50 s of a loaded 2-core machine. The
 * drills start no server here, so they get no copy.
 */
function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "coach-e2e-"));
  const template = path.join(tmpdir(), `coach-pglite-template-${templateKey()}`);
  if (stage === "e2e-sweeps" && existsSync(path.join(template, "PG_VERSION"))) {
    cpSync(template, path.join(dir, "pglite"), { recursive: true });
  }
  return dir;
}
const port = Number(process.env.E2E_PORT ?? 4310);
export const e2eDataDir = process.env.E2E_DATA_DIR ?? newDataDir();
process.env.E2E_DATA_DIR = e2eDataDir;

export default defineConfig({
  testDir: "tests/e2e",
  // Traces of failed tests (of retried ones on CI); the reports (test-results/*.json) stay beside it.
  outputDir: "test-results/e2e-output",
  // CI's 2 cores run three workers, their browsers and the server: a page that answers in 2 s here
  // took 10-30 s there under load (a publish, a whole-page load). The checks are the same; CI only
  // waits longer before calling a state missing.
  timeout: process.env.CI ? 45_000 : 30_000,
  expect: { timeout: process.env.CI ? 12_000 : 7_000 },
  fullyParallel: true,
  // Three on CI too: most of a browser test is waiting on a page or a server. On the 2-core machine
  // (foundation, back-office, blog and checkout specs, load 20-27) 2 workers took 679 s and 178 s
  // of CPU, 3 workers 493 s and 182 s, with no more failures (bench/RESULTS.md, round 2).
  workers: 3,
  // On CI a test that fails once is run again and reported as flaky in the totals (see the closing
  // line of npm test); a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: `test-results/${stage}.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs a fifth of the browser stage's CPU (decision 093): on CI only a retry
    // records one, so a test that fails once and again still leaves its trace; locally, failures do.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // Every test runs at 1280 px; those tagged @mobile run again on a 375 px touch phone, and those
    // tagged @phone (the phone menu, the one-card carousel) run on the phone only. Each stage (npm
    // test, the sweeps, the drills) runs only its own tests.
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      ...(drills
        ? { grep: /@drill\b/ }
        : sweeps
          ? { grep: /@sweep\b/, grepInvert: /@phone\b|@drill\b/ }
          : { grepInvert: /@phone\b|@drill\b|@sweep\b/ }),
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], viewport: { width: 375, height: 740 } },
      grep: sweeps ? /^(?=.*@sweep\b)(?=.*@(?:mobile|phone)\b)/ : /@mobile\b|@phone\b/,
      grepInvert: sweeps ? /@drill\b/ : /@drill\b|@sweep\b/,
    },
  ],
  // The browser drills start the server they read afterwards themselves (islands.spec.ts): none here.
  webServer: drills
    ? []
    : {
        command: `node ${process.env.BUILD_DIR ?? "build"}/server-runtime/index.js`,
        url: `http://127.0.0.1:${port}/healthz`,
        reuseExistingServer: false,
        // A fresh embedded database migrates on first start, which is slow on a loaded 2-core machine.
        timeout: 180_000,
        stdout: "ignore",
        stderr: "pipe",
        env: {
          BUILD_DIR: process.env.BUILD_DIR ?? "build",
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: e2eDataDir,
          LOG_LEVEL: "warn",
          SITE_URL: `http://127.0.0.1:${port}`,
          RATE_LIMIT_FORMS_PER_MINUTE: "1000",
          RATE_LIMIT_POSTS_PER_MINUTE: "5000",
          // Every page a test leaves sends a page-speed report from the same address.
          RATE_LIMIT_VITALS_PER_MINUTE: "5000",
        },
      },
});
