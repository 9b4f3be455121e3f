import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newsletterMessages } from "#content/newsletter";
import { enhance as enhanceNewsletter } from "./newsletter.enhancer";
import { RESET_DELAY_MS } from "./reset-delay";
import { enhance } from "./capture-bar.enhancer";
import { EmailCaptureBar } from "./email-capture-bar";

/**
 * A post's e-mail capture bar (email-capture-bar.tsx) run by its enhancer and its form's, in a DOM
 * with a fake clock: when it shows, what it remembers, how it goes. The page's height and the scroll
 * position are given here (what the browser's layout reports); that they come from a real page is
 * left to the browser.
 */

const PAGE_HEIGHT = 4_000;
const post = (slug: string) => ({ slug, path: `/blog/${slug}` });
const first = post("first-post");
const second = post("second-post");

/** The ResizeObservers the page made: the browser calls them once it has laid the page out. */
let observers: ResizeObserverCallback[] = [];
class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    observers.push(this.callback);
  }
  unobserve() {}
  disconnect() {
    observers = observers.filter((callback) => callback !== this.callback);
  }
}

let sent: URLSearchParams[] = [];
let answer: () => Promise<Response> = () => Promise.reject(new TypeError("no answer set up"));

/** Opens a post: the bar as the server sends it, the page laid out, both enhancers run. */
function openPost({ slug, path }: { slug: string; path: string }) {
  observers = [];
  window.scrollTo(0, 0);
  document.body.innerHTML = renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <EmailCaptureBar slug={slug} source={path} serviceType="running_training" />
    </MemoryRouter>,
  );
  const root = document.querySelector<HTMLElement>('[data-enhance="capture-bar"]')!;
  enhance(root);
  enhanceNewsletter(root.querySelector<HTMLElement>('[data-enhance~="newsletter"]')!);
  Object.defineProperty(document.documentElement, "scrollHeight", { configurable: true, value: PAGE_HEIGHT });
  for (const callback of observers) callback([], {} as ResizeObserver);
  return root;
}

/** The visitor scrolls to `percent` of what the page can scroll. */
function scrollToPercent(percent: number) {
  window.scrollTo(0, ((PAGE_HEIGHT - innerHeight) * percent) / 100);
  window.dispatchEvent(new Event("scroll"));
}

/** Shown: neither it nor a parent is hidden (a hidden bar is out of the accessibility tree too). */
const shown = (el: Element) => !el.closest("[hidden]");
const bar = (root: HTMLElement) => root.querySelector<HTMLElement>('aside[aria-label="Newsletter"]')!;
const texts = (scope: Element, role: "status" | "alert") =>
  [...scope.querySelectorAll(`[role="${role}"]`)].map((el) => el.textContent);

async function subscribeIn(root: HTMLElement, email: string) {
  root.querySelector<HTMLInputElement>('input[name="email"]')!.value = email;
  root.querySelector<HTMLButtonElement>('form[data-own-errors] button[type="submit"]')!.click();
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sent = [];
  vi.stubGlobal("ResizeObserver", FakeResizeObserver);
  vi.stubGlobal(
    "fetch",
    vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new URLSearchParams(String(init?.body ?? "")));
      return answer();
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
  window.scrollTo(0, 0);
});

const reply = (status: number, body: string) => () =>
  Promise.resolve(new Response(body, { status, headers: { "Content-Type": "application/json" } }));

describe("the sticky e-mail capture bar", () => {
  it("appears after half the article, subscribes, hides after 3 s and stays away", async () => {
    answer = reply(200, JSON.stringify({ ok: true, message: newsletterMessages.success, confirmByEmail: false }));
    const root = openPost(first);
    expect(shown(bar(root))).toBe(false);
    scrollToPercent(45);
    expect(shown(bar(root))).toBe(false);
    scrollToPercent(60);
    expect(shown(bar(root))).toBe(true);
    await subscribeIn(root, "sticky.reader@example.com");
    expect(sent[0]?.get("variant")).toBe("sticky");
    expect(sent[0]?.get("source")).toBe(first.path);
    expect(texts(bar(root), "status")).toEqual([newsletterMessages.success]);
    await vi.advanceTimersByTimeAsync(RESET_DELAY_MS.sticky + 100);
    expect(shown(bar(root))).toBe(false);

    // Subscribed once: no bar on any other post.
    const next = openPost(second);
    scrollToPercent(60);
    await vi.advanceTimersByTimeAsync(500);
    expect(shown(bar(next))).toBe(false);
  });

  it("remembers a dismissal for that post only", () => {
    const root = openPost(first);
    scrollToPercent(60);
    root.querySelector<HTMLButtonElement>("button[data-dismiss]")!.click();
    expect(shown(bar(root))).toBe(false);
    expect(localStorage.getItem(`blog-subscribe-${first.slug}`)).toBe("dismissed");

    // The same post again (a reload): the bar stays away at any scroll.
    const again = openPost(first);
    expect(again.hidden).toBe(true);
    scrollToPercent(60);
    scrollToPercent(100);
    expect(shown(bar(again))).toBe(false);

    const other = openPost(second);
    scrollToPercent(60);
    expect(shown(bar(other))).toBe(true);
  });

  it("shows the error when the server fails, clears it after 3 s and stays", async () => {
    answer = reply(500, "{}");
    const root = openPost(first);
    scrollToPercent(60);
    await subscribeIn(root, "sticky.reader@example.com");
    expect(texts(bar(root), "alert")).toEqual([newsletterMessages.error]);
    await vi.advanceTimersByTimeAsync(RESET_DELAY_MS.sticky + 100);
    expect(texts(bar(root), "alert")).toEqual([]);
    expect(shown(bar(root))).toBe(true);
  });
});
