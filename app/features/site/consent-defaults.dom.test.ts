import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consentDefaults } from "./consent-defaults";
import { consentDefaultsScript } from "./gtm";

/**
 * The head script of a page with a tag manager (consent-defaults.ts) in a DOM: Consent Mode's
 * defaults, a returning visitor's choice, and the cookie bar's buttons answered before the
 * application runs. Each case runs against the TypeScript source and against the text the pages
 * carry (consent-defaults.inline.ts; inline-script.test.ts checks that it is made from the current
 * source).
 */

const names = { storage: "cookie-consent", cookie: "cookie_consent", chosen: "data-consent-set" };
type Layer = { dataLayer?: unknown[] };
const layer = () =>
  ((window as Window & Layer).dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const consentCalls = () => layer().filter((entry) => entry[0] === "consent");

let listeners: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
const addListener = document.addEventListener.bind(document);
let posts: { url: string; body: string }[] = [];
beforeEach(() => {
  vi.spyOn(document, "addEventListener").mockImplementation((type, listener, options) => {
    listeners.push([type, listener, options]);
    addListener(type, listener, options);
  });
  posts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string, init: RequestInit) => {
      posts.push({ url, body: String(init.body) });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
});
afterEach(() => {
  for (const [type, listener, options] of listeners) document.removeEventListener(type, listener, options);
  listeners = [];
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (window as Window & Layer).dataLayer;
  localStorage.clear();
  document.cookie = "cookie_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  document.documentElement.removeAttribute("data-consent-set");
  document.documentElement.removeAttribute("data-hydrated");
  document.body.innerHTML = "";
});

const runs = {
  "the source": () => consentDefaults(names),
  "the page's text": () => new Function(consentDefaultsScript)(),
};

describe.each(Object.entries(runs))("the consent head script, %s", (_, run) => {
  it("denies everything by default, as Arguments objects gtag.js reads", () => {
    run();
    expect(consentCalls()).toEqual([
      ["consent", "default", expect.objectContaining({ analytics_storage: "denied", ad_storage: "denied" })],
    ]);
    expect(Object.prototype.toString.call((window as Window & Layer).dataLayer![0])).toBe("[object Arguments]");
    expect(document.documentElement.hasAttribute("data-consent-set")).toBe(false);
    // No choice is written (a cleared cookie may linger as an empty value in some DOMs).
    expect(document.cookie).not.toMatch(/cookie_consent=\w/);
  });

  it("gives a returning visitor's acceptance at once and tells the server again", () => {
    localStorage.setItem("cookie-consent", "accepted");
    run();
    expect(consentCalls().map((call) => call[1])).toEqual(["default", "update"]);
    expect(consentCalls()[1]![2]).toEqual({ analytics_storage: "granted" });
    expect(document.documentElement.hasAttribute("data-consent-set")).toBe(true);
    expect(document.cookie).toContain("cookie_consent=accepted");
  });

  it("answers the bar's buttons before the application runs, and only tells the server after", () => {
    run();
    document.body.innerHTML = '<button data-consent-choice="rejected"><span>Reject</span></button>';
    document.querySelector("span")!.click();
    expect(localStorage.getItem("cookie-consent")).toBe("rejected");
    expect(consentCalls().at(-1)).toEqual(["consent", "update", { analytics_storage: "denied" }]);
    expect(document.documentElement.hasAttribute("data-consent-set")).toBe(true);
    expect(document.cookie).toContain("cookie_consent=rejected");
    expect(posts.map((post) => post.url)).toEqual(["/api/first-touch"]);

    // Once the application runs it keeps the choice itself; the script still tells the server.
    document.documentElement.setAttribute("data-hydrated", "");
    document.body.innerHTML = '<button data-consent-choice="accepted">Accept</button>';
    document.querySelector("button")!.click();
    expect(localStorage.getItem("cookie-consent")).toBe("rejected");
    expect(consentCalls()).toHaveLength(2);
    expect(document.cookie).toContain("cookie_consent=accepted");
    expect(posts).toHaveLength(2);
  });
});
