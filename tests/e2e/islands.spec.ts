import type { BrowserContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { expect, test } from "./fixtures";
import { answerToContact, holdIsland, option } from "./island-helpers";
import { pool, startFaultServer, type FaultServer } from "../support/fault";
import { openDatabase } from "~/infra/db.server";
import { signups } from "#db/schema";
import { questionnaireReach } from "~/features/questionnaire/step-counts.server";
import {
  ageWords,
  competitionGoalWords,
  frequencyWords,
  genderWords,
  goalWords,
  sportWords,
  type AnswerNumber,
} from "~/features/leads/vocabulary";

/**
 * The questionnaire is an island (docs/decisions/017-islands-and-per-request-pages.md): it hydrates on
 * its own, early, without the page's application, and a tap made before it runs shows at once and
 * is replayed when it does. Labels come from the answer vocabulary, never from today's copy.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
});

const flow = (page: Page) => page.locator('[data-island="questionnaire"]');
test("the questionnaire runs on its own after load, without the page's application", async ({ page }) => {
  await page.goto("/start", { waitUntil: "load" });
  await expect(flow(page)).toHaveAttribute("data-island-running", "");
  // Nobody touched the page: the island runs; the page has no application (decision 031).
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await option(flow(page), goalWords["getting-fit"].label).click();
  await expect(flow(page).getByText(/Step 2 of/)).toBeVisible();
});

test("an island far down the page is fetched after load but runs only when it comes near the screen", async ({
  page,
}) => {
  const fetched = page.waitForEvent("requestfinished", (request) =>
    /\/questionnaire\.island-[^/]+\.js$/.test(new URL(request.url()).pathname),
  );
  await page.goto("/", { waitUntil: "load" });
  // The questionnaire is at the foot of the home page: its code is fetched at low priority...
  await expect(page.locator('link[rel="modulepreload"][href*="/questionnaire.island-"]').first()).toBeAttached();
  await fetched;
  // ...and not run while the visitor is at the top: its entry module is not on the page.
  await expect(page.locator('script[src*="/questionnaire.island-"]')).toHaveCount(0);
  await expect(flow(page)).not.toHaveAttribute("data-island-running", "");
  await flow(page).scrollIntoViewIfNeeded();
  await expect(flow(page)).toHaveAttribute("data-island-running", "");
  await option(flow(page), goalWords["getting-fit"].label).click();
  await expect(flow(page).getByText(/Step 2 of/)).toBeVisible();
});

test("a tap before the island runs shows pressed at once and counts when it runs", async ({ page }) => {
  const island = await holdIsland(page, "questionnaire");
  await page.goto("/start", { waitUntil: "load" });
  const goal = option(flow(page), goalWords.competition.label);
  await goal.click();
  await expect(goal).toHaveAttribute("data-tapped", "");
  await expect(flow(page).getByText(/Step 1 of/)).toBeVisible();
  await expect.poll(() => island.requested()).toBe(true);
  island.release();
  await expect(flow(page)).toHaveAttribute("data-island-running", "");
  await expect(flow(page).getByText(/Step 2 of/)).toBeVisible();
  await expect(option(flow(page), sportWords.triathlon.label)).toBeVisible();
  await expect(flow(page).locator("[data-tapped]")).toHaveCount(0);
});

test("the island's files carry no router and no schema library", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") scripts.push(await response.text());
  });
  await page.goto("/start", { waitUntil: "load" });
  await expect(flow(page)).toHaveAttribute("data-island-running", "");
  // Until the page drops the application (decision 017), it fetches the router too: look at the
  // files the island's boot script lists, which are what the page needs once it does.
  const files = await page.evaluate(() => {
    const boot = [...document.scripts].find((script) => script.textContent?.includes("modulepreload"));
    const listed = boot?.textContent?.match(/"\/assets\/[^"]+\.js"/g) ?? [];
    return listed.map((quoted) => JSON.parse(quoted) as string);
  });
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const body = await (await page.request.get(file)).text();
    expect(body, file).not.toMatch(/React Router|useNavigate|ZodError|\$ZodType/);
  }
});

test("the contact step works while the phone library is still loading", async ({ page }) => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/phone-input-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  // The thank-you view loads the scheduling widget; offline here, as in the paced runs below.
  await page.route("https://assets.calendly.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "/* offline */" }),
  );
  await page.clock.install();
  await page.goto("/start", { waitUntil: "load" });
  const scope = flow(page);
  await expect(scope).toHaveAttribute("data-island-running", "");
  await answerToContact(scope);
  await scope.getByLabel("First name").fill("Plain");
  await scope.getByLabel("Last name").fill("Phone");
  await scope.getByLabel("Email").fill("plain.phone@example.nl");
  // The library's country list is not there yet; the plain phone input takes the number.
  await expect(scope.getByRole("combobox", { name: "Country of your phone number" })).toHaveCount(0);
  await scope.getByLabel("Phone number").fill("06 1234 5678");
  release();
  await page.clock.fastForward(5_000);
  await scope.getByRole("button", { name: "Submit" }).click();
  await expect(scope.locator("[data-lead-id]")).toBeVisible();
});

test.describe("with scripts blocked", () => {
  test.use({ javaScriptEnabled: false });
  test("the page offers the plain form and no island controls", async ({ page }) => {
    await page.goto("/start");
    await expect(flow(page)).toBeHidden();
    await expect(page.locator("form[action='/start'], form[method='post']").first()).toBeVisible();
  });
});

/**
 * No tap is ever lost: the whole questionnaire, both branches, at a person's pace (300 ms between
 * taps) from right after load, 20 times; every run reaches the thank-you view and the stored lead
 * holds exactly the answers tapped. Its own server, so the database can be read afterwards.
 */
const branches: { name: string; taps: [AnswerNumber, string, string][]; steps: string[] }[] = [
  {
    name: "getting fit",
    // The questions' ids in the order this branch shows them, the contact step last.
    steps: ["goal", "frequency", "gender", "age", "contact"],
    taps: [
      [1, "getting-fit", goalWords["getting-fit"].label],
      [2, "hardly-ever", frequencyWords["hardly-ever"].label],
      [4, "female", genderWords.female.label],
      [5, "25-30", ageWords["25-30"].label],
    ],
  },
  {
    name: "competition",
    steps: ["goal", "sport", "competition-goal", "gender", "age", "contact"],
    taps: [
      [1, "competition", goalWords.competition.label],
      [2, "triathlon", sportWords.triathlon.label],
      [3, "distance", competitionGoalWords.distance.label],
      [4, "male", genderWords.male.label],
      [5, "31+", ageWords["31+"].label],
    ],
  },
];

const RUNS = 20;
const paced = test.extend<object, { tapServer: FaultServer }>({
  tapServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument
    async ({}, use) => {
      // Each visit reports every question it reaches, from the same address as every other lane.
      const server = await startFaultServer({ RATE_LIMIT_VITALS_PER_MINUTE: "100000" });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ tapServer }, use) => use(tapServer.url),
});

async function tapThrough(page: Page, context: BrowserContext, taps: [AnswerNumber, string, string][], run: number) {
  await page.goto("/start", { waitUntil: "load" });
  const scope = flow(page);
  for (const [, , label] of taps) {
    await option(scope, label).click({ timeout: 15_000 });
    // The scenario's pace between a person's taps, not a wait for the page.
    await page.waitForTimeout(300);
  }
  await scope.getByLabel("First name").fill(`Tap${run}`);
  await scope.getByLabel("Last name").fill("Island");
  await scope.getByLabel("Email").fill(`tap${run}@example.nl`);
  await expect(scope.getByRole("combobox", { name: "Country of your phone number" })).toBeVisible();
  await scope.getByRole("textbox", { name: "Phone number" }).pressSequentially("612345678");
  // The server refuses forms sent faster than a person could; a person takes longer than this run.
  await page.clock.fastForward(5_000);
  await scope.getByRole("button", { name: "Submit" }).click();
  await expect(scope.locator("[data-lead-id]")).toBeVisible();
  return scope.locator("[data-lead-id]").getAttribute("data-lead-id");
}

/**
 * Visitors at once: each is a browser context of its own; together they make the 20 runs per branch.
 * A run mostly waits on its page (about a second per tap here, the machine's cores not full), so
 * eight lanes took 210 s where four took 264 s (2026-11-29).
 */
const LANES = 8;

paced(
  "20 paced runs through each branch: every one reaches thank-you with its answers stored, and the funnel counts each question reached @drill",
  async ({ browser, baseURL, tapServer }) => {
    paced.setTimeout(600_000);
    const leads: { id: string; answers: Record<string, string> }[] = [];
    // The pace is a person's, so most of a run is waiting: several visitors tap side by side.
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        const context = await browser.newContext({ baseURL });
        const page = await context.newPage();
        const consoleErrors: string[] = [];
        page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
        await page.clock.install();
        // The scheduling widget "loads" without its API (offline in tests), so the scheduling page opens in a new tab.
        await page.route("https://assets.calendly.com/**", (route) =>
          route.fulfill({ status: 200, contentType: "text/javascript", body: "/* offline */" }),
        );
        await context.route("https://calendly.com/**", (route) =>
          route.fulfill({ status: 200, body: "<title>x</title>" }),
        );
        try {
          for (let run = lane; run < RUNS; run += LANES) {
            for (const branch of branches) {
              const id = await tapThrough(page, context, branch.taps, run);
              expect(id, `${branch.name} run ${run}`).toBeTruthy();
              leads.push({ id: id!, answers: Object.fromEntries(branch.taps.map(([n, value]) => [`q${n}`, value])) });
              for (const extra of context.pages()) if (extra !== page) await extra.close();
            }
          }
          expect(consoleErrors, `console errors in lane ${lane}`).toEqual([]);
        } finally {
          await context.close();
        }
      }),
    );
    expect(leads).toHaveLength(RUNS * branches.length);

    // Visitors who give up: per branch, one who leaves at each question (a new visitor each, so
    // nothing is restored), once that question has been reported; as many at once as the lanes.
    const reached = new Map<string, number>();
    const add = (step: string) => reached.set(step, (reached.get(step) ?? 0) + 1);
    for (const branch of branches) for (let i = 0; i < RUNS; i++) branch.steps.forEach(add);
    const leavers = branches.flatMap((branch) => branch.taps.map((_, stop) => ({ branch, stop })));
    await pool(leavers.length, LANES, async (index) => {
      const { branch, stop } = leavers[index]!;
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      const step = branch.steps[stop]!;
      const reported = page.waitForResponse(
        (r) => r.url().endsWith("/api/questionnaire-step") && r.request().postDataJSON()?.step === step,
      );
      await page.goto("/start", { waitUntil: "load" });
      for (const [, , label] of branch.taps.slice(0, stop)) await option(flow(page), label).click();
      expect((await reported).status(), `${branch.name} leaving at ${step}`).toBe(204);
      branch.steps.slice(0, stop + 1).forEach(add);
      await context.close();
    });
    await tapServer.stop();
    const database = await openDatabase({ dataDir: tapServer.dataDir });
    try {
      for (const lead of leads) {
        const [row] = await database.db.select().from(signups).where(eq(signups.id, lead.id));
        expect(row?.answers, lead.id).toEqual(lead.answers);
      }
      // The funnel's per-question counts are what the runs did.
      const funnel = await questionnaireReach(database.db, "2000-01-01", "2999-12-31");
      expect(Object.fromEntries(funnel.filter((s) => s.visitors > 0).map((s) => [s.step, s.visitors]))).toEqual(
        Object.fromEntries(reached),
      );
    } finally {
      await database.close();
    }
  },
);
