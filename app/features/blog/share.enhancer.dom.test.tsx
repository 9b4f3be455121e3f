import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { blogPostCopy } from "#content/newsletter";
import { enhance, TOAST_MS } from "./share.enhancer";
import { ShareActions } from "./share-actions";

/**
 * Share and Copy under a post (share-actions.tsx) run by their enhancer, in a DOM with a fake clock
 * and the DOM's own clipboard. A tap made before the enhancer runs, and the buttons with scripts
 * blocked, are left to the browser (tests/e2e/documents.spec.ts).
 */

const POST = "/blog/a-post";

function renderShare() {
  history.replaceState(null, "", POST);
  document.body.innerHTML = renderToStaticMarkup(
    <MemoryRouter initialEntries={[POST]}>
      <ShareActions title="A post" text="What the post is about" />
    </MemoryRouter>,
  );
  const root = document.querySelector<HTMLElement>('[data-enhance="share"]')!;
  enhance(root);
  return {
    copy: root.querySelector<HTMLButtonElement>("button[data-copy]")!,
    share: root.querySelector<HTMLButtonElement>("button[data-share]")!,
    toast: () => root.querySelector('[role="status"]')!.textContent,
    moreArticles: [...root.querySelectorAll("a")].find((a) => a.textContent === blogPostCopy.moreArticles),
  };
}

beforeEach(async () => {
  vi.useFakeTimers();
  await navigator.clipboard.writeText("");
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("share and copy on a post", () => {
  it("Copy puts the URL on the clipboard and shows a toast for 3 seconds", async () => {
    const page = renderShare();
    page.copy.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.toast()).toBe(blogPostCopy.copied);
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}${POST}`);
    await vi.advanceTimersByTimeAsync(TOAST_MS - 100);
    expect(page.toast()).toBe(blogPostCopy.copied);
    await vi.advanceTimersByTimeAsync(200);
    expect(page.toast()).toBe("");
  });

  it("Share falls back to copying where the browser has no share sheet", async () => {
    expect(typeof navigator.share).not.toBe("function");
    const page = renderShare();
    page.share.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.toast()).toBe(blogPostCopy.copied);
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}${POST}`);
    // The way back to the overview is a plain link (followed with scripts blocked in documents.spec.ts).
    expect(page.moreArticles?.getAttribute("href")).toBe("/blog");
  });

  it("Share opens the share sheet where there is one, and closing it is no error", async () => {
    const share = vi.fn(() => Promise.reject(new DOMException("Share canceled", "AbortError")));
    Object.defineProperty(navigator, "share", { configurable: true, value: share });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const page = renderShare();
      page.share.click();
      await vi.advanceTimersByTimeAsync(0);
      expect(share).toHaveBeenCalledWith({ title: "A post", text: "What the post is about", url: location.href });
      expect(page.toast()).toBe("");
      expect(warn).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, "share");
    }
  });
});
