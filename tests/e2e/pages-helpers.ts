import { expect, type Locator, type Page } from "@playwright/test";

/** Most tests are not about cookies: start with a stored choice so the bar stays away. */
export async function withCookieChoice(page: Page, choice: "accepted" | "rejected" = "rejected") {
  await page.addInitScript((value) => window.localStorage.setItem("cookie-consent", value), choice);
}

/** Top of an element relative to the viewport, once smooth scrolling has settled. */
export async function topOf(page: Page, id: string): Promise<number> {
  return page.evaluate(
    (elementId) => Math.round(document.getElementById(elementId)?.getBoundingClientRect().top ?? -9999),
    id,
  );
}

/**
 * The expanded state Chromium gives a control's accessibility node (what a screen reader hears).
 * Buttons that open a popover expose it without an aria-expanded attribute, which Playwright's own
 * role checks read, so this asks the browser's accessibility tree directly.
 */
export async function expandedState(locator: Locator): Promise<boolean | undefined> {
  const page = locator.page();
  const mark = `ax-${Math.random().toString(36).slice(2)}`;
  await locator.evaluate((el, value) => el.setAttribute("data-ax-probe", value), mark);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send("Runtime.evaluate", {
      expression: `document.querySelector('[data-ax-probe="${mark}"]')`,
    });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", {
      objectId: result.objectId,
      fetchRelatives: false,
    });
    const expanded = nodes[0]?.properties?.find((property) => property.name === "expanded");
    return expanded ? Boolean(expanded.value.value) : undefined;
  } finally {
    await cdp.detach();
    await locator.evaluate((el) => el.removeAttribute("data-ax-probe"));
  }
}

/** Waits until the control's accessible expanded state is the given one. */
export async function expectExpanded(locator: Locator, expanded: boolean) {
  await expect.poll(() => expandedState(locator)).toBe(expanded);
}
