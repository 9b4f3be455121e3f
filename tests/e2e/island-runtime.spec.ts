import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { answerToContact, bringIslandsNear, holdIsland, option } from "./island-helpers";
import { goalWords } from "~/features/leads/vocabulary";

/**
 * The islands run in the browser on a small React-compatible library, not React DOM
 * (docs/decisions/034-preact-islands.md), while the server renders their HTML with React. These
 * check what that must not break in a browser: hydration adopts the
 * server's nodes instead of drawing them anew, and every id the islands pair still points at
 * its element after hydration and after later renders.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
});

// That no page can fetch React DOM, also once a part is used (every script it names and every module
// those import, statically or dynamically), is checked over the build for every page by
// tests/integration/page-scripts.test.ts.

const island = (page: Page, name: string) => page.locator(`[data-island="${name}"]`);
/** Every id the island's elements point at (label `for`, aria-describedby, -labelledby, -controls) that is not on the page exactly once. */
function unpairedIds(scope: Locator) {
  return scope.evaluate((root) => {
    const missing: string[] = [];
    for (const element of root.querySelectorAll("[for], [aria-describedby], [aria-labelledby], [aria-controls]")) {
      const ids = ["for", "aria-describedby", "aria-labelledby", "aria-controls"].flatMap(
        (name) => element.getAttribute(name)?.split(/\s+/).filter(Boolean) ?? [],
      );
      for (const id of ids)
        if (document.querySelectorAll(`[id="${CSS.escape(id)}"]`).length !== 1)
          missing.push(`${element.tagName.toLowerCase()} → ${id}`);
    }
    return missing;
  });
}

/** Tags every element the server rendered in the island (before it runs); returns how many. */
const markServerNodes = (scope: Locator) =>
  scope.evaluate((root) => {
    const elements = [...root.querySelectorAll("*")];
    elements.forEach((element) => ((element as HTMLElement & { serverNode?: true }).serverNode = true));
    return elements.length;
  });

/** How many elements the island has now, and how many of them are the tagged server ones. */
const serverNodes = (scope: Locator) =>
  scope.evaluate((root) => {
    const elements = [...root.querySelectorAll("*")];
    return {
      total: elements.length,
      fromServer: elements.filter((element) => (element as HTMLElement & { serverNode?: true }).serverNode).length,
    };
  });

test("hydration adopts the questionnaire's server HTML: the same nodes, none drawn anew", async ({ page }) => {
  const { release } = await holdIsland(page, "questionnaire");
  await page.goto("/start", { waitUntil: "load" });
  const scope = island(page, "questionnaire");
  const count = await markServerNodes(scope);
  expect(count).toBeGreaterThan(10);
  release();
  await expect(scope).toHaveAttribute("data-island-running", "");
  expect(await serverNodes(scope)).toEqual({ total: count, fromServer: count });
  // And the adopted nodes are live: a choice moves the flow on.
  await option(scope, goalWords["getting-fit"].label).click();
  await expect(scope.getByText(/Step 2 of/)).toBeVisible();
});

test("hydration adopts the checkout's server HTML and its buttons answer", async ({ page }) => {
  const { release } = await holdIsland(page, "checkout");
  await page.goto("/pricing", { waitUntil: "load" });
  const scope = island(page, "checkout");
  const count = await markServerNodes(scope);
  expect(count).toBeGreaterThan(10);
  release();
  await expect(scope).toHaveAttribute("data-island-running", "");
  expect((await serverNodes(scope)).fromServer).toBe(count);
  expect(await unpairedIds(scope)).toEqual([]);
});

test("every id the questionnaire pairs holds after hydration, after re-renders and after a refused submit", async ({
  page,
}) => {
  await page.goto("/start", { waitUntil: "load" });
  const scope = island(page, "questionnaire");
  await expect(scope).toHaveAttribute("data-island-running", "");
  expect(await unpairedIds(scope)).toEqual([]);
  // "Next" with nothing chosen: the question's error text is tied to the question.
  await scope.getByRole("button", { name: /Next/ }).click({ force: true });
  const question = scope.getByRole("group").first();
  await expect(question).toHaveAttribute("aria-describedby", /\S/);
  await expect(page.getByRole("alert").filter({ visible: true }).first()).toBeVisible();
  expect(await unpairedIds(scope)).toEqual([]);
  await answerToContact(scope);
  // The contact step: labels name their fields (getByLabel resolves through `for`).
  const firstName = scope.getByLabel("First name");
  await expect(firstName).toBeVisible();
  expect(await unpairedIds(scope)).toEqual([]);
  await scope.getByRole("button", { name: "Submit" }).click();
  // Refused: the first wrong field has the focus, is marked invalid, and names its error text.
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  const described = await firstName.getAttribute("aria-describedby");
  expect(described).toBeTruthy();
  await expect(page.locator(`[id="${described}"]`)).toBeVisible();
  expect(await unpairedIds(scope)).toEqual([]);
  // The phone field (drawn by its library once loaded) still answers to its label.
  await expect(scope.getByRole("textbox", { name: "Phone number" })).toBeVisible();
});

test("a question shown with a subline at hydration keeps its text and error paired after a refused step", async ({
  page,
}) => {
  // A page whose questionnaire starts at a question with a subline (the sport's own page).
  await page.goto("/services/triathlon-coaching", { waitUntil: "load" });
  const scope = island(page, "questionnaire");
  await bringIslandsNear(page);
  await expect(scope).toHaveAttribute("data-island-running", "");
  const question = scope.getByRole("group").first();
  await expect(question).toHaveAttribute("aria-describedby", /\S/);
  expect(await unpairedIds(scope)).toEqual([]);
  await scope.getByRole("button", { name: /Next/ }).click({ force: true });
  await expect(question).toHaveAttribute("aria-describedby", /\S+\s+\S+/);
  expect(await unpairedIds(scope)).toEqual([]);
});
