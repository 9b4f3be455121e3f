// A phone visitor's first taps, timed from the tap to its visible answer. The production build on
// the real server, Chromium on the phone profile of Lighthouse's mobile preset: 375 × 812 touch
// screen, CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), 150 ms round trip, 1.6 Mbps down and
// 750 kbps up (CDP Network.emulateNetworkConditions), cold cache (a fresh context per run).
//
// Each run: load the page, look at the first screen for a second, scroll a little with a touch
// gesture (to the control when it sits lower on the page), then tap. A probe in the page stamps
// the input event's own timestamp (pointerdown/touchstart) and, frame by frame
// (requestAnimationFrame), checks whether the answer is on screen; the difference is
// "tap → visible". "tap → done" is when the action itself has happened (the next question shows,
// the dropdown's links are visible); for most controls both are the same moment. Also per run:
// long tasks (PerformanceObserver "longtask") in the 8 s after the first scroll, their blocking
// time over 50 ms, the longest Event Timing entry of the tap's interaction (what INP would count
// for it: from the input to the frame that shows its answer), and the JavaScript the page fetched
// (gzip as sent: CDP Network.loadingFinished encodedDataLength of Script responses). Median of 5
// runs. Targets: visible within 100 ms, the tap's event timing within 200 ms, no tap lost.
// CHROMIUM_PATH=/usr/bin/chromium runs it in the full browser instead of the headless shell.
//   npm run bench:tap
//   BENCH_SCENARIOS=menu-pricing,start-first TAP_RUNS=3 npm run bench:tap
import { mkdirSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM, machine, median, requireBuild, startServer } from "./lib.mjs";

const RUNS = Number(process.env.TAP_RUNS ?? 5);
const LOOK_MS = 1_000;
const AFTER_SCROLL_MS = 300;
const OBSERVE_MS = 8_000;
/** A tap with no visible answer by then counts as lost. */
const LOST_AFTER_MS = 15_000;
/** Targets: the answer on screen within 100 ms of the tap, the tap's event timing within 200 ms. */
const TARGET = { visibleMs: 100, eventMs: 200 };
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false };
// Lighthouse's mobile preset (simulated slow 4G): 150 ms RTT, 1.6 Mbps down, 750 kbps up.
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/**
 * Installed before any page script. `__tapProbe.arm(check)` starts checking `check()` every frame;
 * the first input event after arming is the tap. Everything is in the page's own clock.
 */
function installProbe() {
  const probe = {
    armed: false,
    inputAt: null,
    visibleAt: null,
    doneAt: null,
    scrollAt: null,
    longTasks: [],
    events: [],
    arm(visible, done) {
      probe.armed = true;
      probe.inputAt = null;
      probe.visibleAt = null;
      probe.doneAt = null;
      const frame = (now) => {
        if (probe.inputAt !== null) {
          if (probe.visibleAt === null && visible()) probe.visibleAt = now;
          if (probe.doneAt === null && done()) probe.doneAt = now;
        }
        if (probe.visibleAt === null || probe.doneAt === null) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
  };
  window.__tapProbe = probe;
  const onInput = (event) => {
    if (probe.armed && probe.inputAt === null) probe.inputAt = event.timeStamp;
  };
  for (const type of ["pointerdown", "touchstart", "mousedown"])
    addEventListener(type, onInput, { capture: true, passive: true });
  const onScroll = (event) => {
    if (probe.scrollAt === null) probe.scrollAt = event.timeStamp;
  };
  for (const type of ["touchstart", "scroll", "wheel"])
    addEventListener(type, onScroll, { capture: true, passive: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      probe.events.push({ name: e.name, start: e.startTime, duration: e.duration, interaction: e.interactionId });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
}

// Answers, checked in the page every frame: `snapshot` runs when the probe is armed (just before
// the tap), `visible` and `done` after it. `window.__tapped` is the control about to be tapped.

/** A menu panel (dialog, popover or any element with "menu" in its id or name) that was not on screen. */
const menuProbe = {
  snapshot: () => {
    const candidates = () =>
      [...document.querySelectorAll("dialog, [role=dialog], [popover], [id*=menu i], [aria-label*=menu i]")].filter(
        (el) => el.tagName !== "BUTTON",
      );
    window.__menuBefore = new Set(candidates().filter((el) => el.checkVisibility()));
    window.__menuCandidates = candidates;
  },
  visible: () =>
    window
      .__menuCandidates()
      .some((el) => !window.__menuBefore.has(el) && el.checkVisibility() && el.querySelector("a")),
};

/** An answer of the questionnaire: its pressed state is the visible answer, the next question the action. */
const questionnaireAnswer = (id, label, path) => ({
  id,
  label,
  path,
  target: (page) => page.locator("#fitness-form").getByRole("button", { pressed: false }).first(),
  snapshot: () =>
    (window.__stepText = /Step \d+ of \d+/.exec(document.querySelector("#fitness-form").textContent)?.[0]),
  // The pressed state is on screen: chosen by the island, or held (drawn pressed) until it runs.
  visible: () =>
    window.__tapped.getAttribute("aria-pressed") === "true" ||
    window.__tapped.hasAttribute("data-tapped") ||
    /Step \d+ of \d+/.exec(document.querySelector("#fitness-form").textContent)?.[0] !== window.__stepText,
  done: () => /Step \d+ of \d+/.exec(document.querySelector("#fitness-form").textContent)?.[0] !== window.__stepText,
});

const SCENARIOS = [
  ...[
    ["menu-pricing", "/pricing"],
    ["menu-blog", "/blog/optimize-running-cadence"],
    ["menu-get-fit", "/services/get-fit"],
  ].map(([id, path]) => ({
    id,
    label: `Menu, after a scroll, on ${path}`,
    path,
    target: (page) => page.getByRole("button", { name: "Menu", exact: true }),
    snapshot: menuProbe.snapshot,
    visible: menuProbe.visible,
  })),
  questionnaireAnswer("start-first", "First answer of the questionnaire on /start", "/start"),
  // The questionnaire at the foot of the home page runs only when it comes near the screen: the
  // scroll down to it starts it.
  questionnaireAnswer("home-questionnaire", "First answer of the questionnaire on /, scrolled to", "/"),
  {
    id: "home-next-testimonials",
    label: '"Next testimonials" on /',
    path: "/",
    target: (page) => page.getByRole("button", { name: "Next testimonials" }),
    // The carousel moved: a transform, a scroll position or the current page marker changed.
    snapshot: () => {
      const root = window.__tapped.closest("section") ?? document.body;
      window.__carousel = () =>
        [...root.querySelectorAll("*")]
          .map((el) => `${el.style.transform}|${el.scrollLeft}|${el.getAttribute("aria-current") ?? ""}`)
          .join(",");
      window.__carouselBefore = window.__carousel();
    },
    visible: () => window.__carousel() !== window.__carouselBefore,
  },
  {
    ...questionnaireAnswer(
      "start-second-300ms",
      "Second answer 300 ms after the first, right after load (/start)",
      "/start",
    ),
    secondTap: true,
  },
  {
    id: "pricing-choose",
    label: '"Choose" on a pricing card (loading state)',
    path: "/pricing",
    hold: ["**/api/create-checkout-session", "**/pricing"],
    target: (page) =>
      page
        .getByRole("button", { name: /^Choose/ })
        .filter({ visible: true })
        .first(),
    snapshot: () => (window.__before = window.__tapped.textContent),
    visible: () =>
      window.__tapped.getAttribute("aria-busy") === "true" ||
      window.__tapped.disabled ||
      window.__tapped.textContent !== window.__before,
  },
  {
    id: "newsletter-submit",
    label: "Newsletter submit on a blog post (loading state)",
    path: "/blog/optimize-running-cadence",
    hold: ["**/api/newsletter", "**/newsletter**"],
    // The form in the article (a post has no footer form; its sticky bar is hidden at first).
    prepare: async (page) => {
      const form = page.locator('[data-newsletter="in-article"]');
      await form.getByRole("textbox").fill(`bench-${Date.now()}@example.com`);
    },
    target: (page) => page.locator('[data-newsletter="in-article"]').locator('button[type="submit"]').first(),
    snapshot: () => {
      const form = window.__tapped.closest("form");
      window.__before = form.textContent;
      window.__form = form;
    },
    visible: () =>
      window.__tapped.getAttribute("aria-busy") === "true" ||
      window.__tapped.disabled ||
      window.__form.textContent !== window.__before,
  },
  {
    id: "services-dropdown",
    label: "Services dropdown (desktop width)",
    path: "/pricing",
    device: "desktop",
    target: (page) => page.getByRole("banner").getByRole("button", { name: "Services" }),
    // The dropdown's own links are on screen.
    snapshot: () => {
      const box = window.__tapped.closest("li, details, div");
      window.__links = () => [...box.querySelectorAll("a")].filter((a) => a.checkVisibility()).length;
      window.__linksBefore = window.__links();
    },
    visible: () => window.__links() > window.__linksBefore,
  },
  {
    id: "faq-show-more",
    label: '"Show more" in the FAQ on /',
    path: "/",
    target: (page) => page.getByText("Show more", { exact: true }),
    snapshot: () => {
      const box = window.__tapped.closest("section") ?? document.body;
      window.__questions = () => [...box.querySelectorAll("summary")].filter((s) => s.checkVisibility()).length;
      window.__questionsBefore = window.__questions();
    },
    visible: () => window.__questions() > window.__questionsBefore,
  },
];

const chosen = process.env.BENCH_SCENARIOS?.split(",").map((s) => s.trim());
const scenarios = chosen ? SCENARIOS.filter((s) => chosen.includes(s.id)) : SCENARIOS;
if (chosen && scenarios.length !== chosen.length) {
  console.error(`Unknown scenario in BENCH_SCENARIOS. Known: ${SCENARIOS.map((s) => s.id).join(", ")}`);
  process.exit(1);
}

requireBuild();
const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
});

/**
 * Arms the probe on `locator`'s element and returns the centre of its box (viewport coordinates).
 * The scenario's checks go in as source text through CDP (Runtime.evaluate), which the page's
 * Content-Security-Policy does not govern; the page itself evaluates no code.
 */
async function arm(page, locator, scenario) {
  const handle = await locator.elementHandle({ timeout: LOST_AFTER_MS });
  await handle.evaluate((el) => (window.__tapped = el));
  await page.evaluate(
    `(${scenario.snapshot})(); window.__tapProbe.arm(${scenario.visible}, ${scenario.done ?? scenario.visible});`,
  );
  const box = await handle.boundingBox();
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cover = await handle.evaluate((el, p) => {
    const top = document.elementFromPoint(p.x, p.y);
    return el.contains(top) ? null : (top?.outerHTML.slice(0, 160) ?? "nothing (outside the view)");
  }, point);
  if (cover) console.error(`${scenario.id}: something covers the control at the tap point: ${cover}`);
  return point;
}

/** Waits until the page has not scrolled for ten frames in a row. */
async function scrollSettled(page) {
  await page.waitForFunction(
    () =>
      new Promise((resolve) => {
        let last = scrollY;
        let still = 0;
        const frame = () => {
          still = scrollY === last ? still + 1 : 0;
          last = scrollY;
          if (still >= 10) resolve(true);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    null,
    { timeout: LOST_AFTER_MS },
  );
}

async function tap(page, scenario, point) {
  if (scenario.device === "desktop") await page.mouse.click(point.x, point.y);
  else await page.touchscreen.tap(point.x, point.y);
}

/** Waits (polling from here, not in the page) until the probe has its stamps or the tap is lost. */
async function result(page, until) {
  const deadline = Date.now() + LOST_AFTER_MS;
  for (;;) {
    const probe = await page.evaluate(() => {
      const p = window.__tapProbe;
      return { inputAt: p.inputAt, visibleAt: p.visibleAt, doneAt: p.doneAt };
    });
    const complete = until === "done" ? probe.doneAt !== null : probe.visibleAt !== null && probe.doneAt !== null;
    if (complete || Date.now() > deadline) {
      if (!complete) console.error(`no answer within ${LOST_AFTER_MS} ms: ${JSON.stringify(probe)}`);
      return probe;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function once(scenario) {
  const context = await browser.newContext(scenario.device === "desktop" ? DESKTOP : PHONE);
  const page = await context.newPage();
  // A visitor who has already refused analytics: no cookie bar over the controls, no tag, and the
  // app waits for the first interaction as for anyone who has not accepted.
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
  for (const pattern of scenario.hold ?? [])
    await page.route(pattern, (route) =>
      route.request().method() === "POST" ? undefined /* held: the loading state stays */ : route.fallback(),
    );
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const scripts = new Map();
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script") scripts.set(e.requestId, 0);
  });
  cdp.on("Network.loadingFinished", (e) => {
    if (scripts.has(e.requestId)) scripts.set(e.requestId, e.encodedDataLength);
  });
  page.on("pageerror", (error) => console.error(`${scenario.id}: page error: ${error.message}`));
  await page.addInitScript(installProbe);
  await page.goto(`${server.url}${scenario.path}`, { waitUntil: "load", timeout: 60_000 });

  let firstToNextStep;
  if (scenario.secondTap) {
    // Right after load: the first answer at once; the second as soon as its question shows, and
    // not before 300 ms after the first.
    const point = await arm(page, scenario.target(page), scenario);
    await tap(page, scenario, point);
    const tappedAt = Date.now();
    const first = await result(page, "done");
    firstToNextStep = first.doneAt === null ? null : first.doneAt - first.inputAt;
    const wait = 300 - (Date.now() - tappedAt);
    if (wait > 0) await page.waitForTimeout(wait);
  } else {
    await page.waitForTimeout(LOOK_MS);
    // Scroll with a touch (or wheel, at desktop width) gesture: a little, or on to the control.
    const top = await scenario.target(page).evaluate((el) => el.getBoundingClientRect().top);
    const height = (scenario.device === "desktop" ? DESKTOP : PHONE).viewport.height;
    const distance = Math.max(200, Math.round(top - height * 0.5));
    if (scenario.device === "desktop") await page.mouse.wheel(0, 200);
    else
      await cdp.send("Input.synthesizeScrollGesture", {
        x: 187,
        y: 600,
        yDistance: -distance,
        speed: 2_000,
        gestureSourceType: "touch",
      });
    if (scenario.prepare) await scenario.prepare(page);
    await page.waitForTimeout(AFTER_SCROLL_MS);
    // Filling a field far down scrolls to it smoothly, for longer than the pause above.
    await scrollSettled(page);
    // One touch swipe does not carry the page far: a control still out of view (the testimonials'
    // buttons, a pricing card's Choose), or under the sticky header (where filling a field above it
    // can leave it), is brought into view, or the tap would land on something else.
    const inView = await scenario.target(page).evaluate((el) => {
      const box = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    });
    if (!inView) {
      await scenario.target(page).evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
      await page.waitForTimeout(AFTER_SCROLL_MS);
    }
  }
  const point = await arm(page, scenario.target(page), scenario);
  await tap(page, scenario, point);
  const probe = await result(page, "both");
  // Long tasks in the 8 s after the first scroll (or the first tap, for the right-after-load case).
  const windowStart = await page.evaluate(() => window.__tapProbe.scrollAt ?? window.__tapProbe.inputAt ?? 0);
  const waitLeft = windowStart + OBSERVE_MS - (await page.evaluate(() => performance.now()));
  if (waitLeft > 0) await page.waitForTimeout(waitLeft);
  const { longTasks, events } = await page.evaluate(() => ({
    longTasks: window.__tapProbe.longTasks,
    events: window.__tapProbe.events,
  }));
  await context.close();
  const inWindow = longTasks.filter((t) => t.start >= windowStart && t.start <= windowStart + OBSERVE_MS);
  const lost = probe.inputAt === null || probe.visibleAt === null || (scenario.secondTap && probe.doneAt === null);
  return {
    visible: lost ? null : probe.visibleAt - probe.inputAt,
    done: probe.doneAt === null || probe.inputAt === null ? null : probe.doneAt - probe.inputAt,
    firstToNextStep,
    lost,
    longTasks: inWindow.length,
    blocking: inWindow.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
    longestTask: inWindow.reduce((max, t) => Math.max(max, t.duration), 0),
    // The tap's own interaction, as INP counts it: entries with an interaction id from the tap on.
    // Hover entries (pointerover while the page loads under a resting pointer) are no interaction.
    longestEvent: events
      .filter((e) => e.interaction > 0 && probe.inputAt !== null && e.start >= probe.inputAt - 1)
      .reduce((max, e) => Math.max(max, e.duration), 0),
    jsBytes: [...scripts.values()].reduce((sum, n) => sum + n, 0),
  };
}

const rows = [];
try {
  for (const scenario of scenarios) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await once(scenario));
      console.error(`${scenario.id} run ${i + 1}/${RUNS}: ${JSON.stringify(runs.at(-1))}`);
    }
    const kept = runs.filter((r) => !r.lost);
    const med = (key, from = kept) => {
      const values = from.map((r) => r[key]).filter((v) => typeof v === "number");
      return values.length ? Math.round(median(values)) : null;
    };
    rows.push({
      id: scenario.id,
      label: scenario.label,
      visible: med("visible"),
      done: med("done"),
      lost: runs.length - kept.length,
      longTasks: med("longTasks", runs),
      blocking: med("blocking", runs),
      longestTask: med("longestTask", runs),
      longestEvent: med("longestEvent", runs),
      jsKb: Number((median(runs.map((r) => r.jsBytes)) / 1024).toFixed(1)),
      firstToNextStep: scenario.secondTap ? med("firstToNextStep", runs) : undefined,
      runs,
    });
  }
} finally {
  await browser.close();
  await server.stop();
}

const ms = (n) => (n === null ? "-" : String(n));
console.log(
  `\nTap to visible answer — phone profile (375×812 touch, CPU 4×, 150 ms RTT, 1.6 Mbps), median of ${RUNS} — ${new Date().toISOString()} — ${machine()}\n`,
);
console.log(
  `| scenario | tap → visible ms | tap → done ms | lost taps | long tasks (8 s) | blocking ms | longest task ms | longest event ms | JS KB gzip | visible ≤ ${TARGET.visibleMs} ms, event ≤ ${TARGET.eventMs} ms |`,
);
console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|---|");
for (const r of rows)
  console.log(
    `| ${r.label} | ${ms(r.visible)} | ${ms(r.done)} | ${r.lost}/${RUNS} | ${ms(r.longTasks)} | ${ms(r.blocking)} | ${ms(r.longestTask)} | ${ms(r.longestEvent)} | ${r.jsKb} | ${r.lost === 0 && r.visible !== null && r.visible <= TARGET.visibleMs && r.longestEvent <= TARGET.eventMs ? "met" : "MISSED"} |`,
  );
for (const r of rows)
  if (r.firstToNextStep !== undefined)
    console.log(`\n${r.label}: the first tap showed the next question after ${ms(r.firstToNextStep)} ms (median).`);
mkdirSync("bench/reports", { recursive: true });
const file = `bench/reports/tap-${new Date().toISOString().slice(0, 19).replace(/:/g, "")}.json`;
writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), machine: machine(), runs: RUNS, rows }, null, 2));
console.log(`\nreport: ${file}`);
