import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newsletterMessages } from "#content/newsletter";
import { site } from "#content/site";
import { SiteFooter } from "~/kernel/footer";
import { enhance } from "./newsletter.enhancer";
import { NewsletterForm } from "./newsletter-form";
import { RESET_DELAY_MS } from "./reset-delay";

/**
 * The newsletter form's enhancer on the server's own markup (rendered here as the page renders it),
 * with the server answered by a stub and a fake clock: the states a visitor sees once the enhancer
 * runs. Holding a send until the enhancer loads, and the form without script, need a browser
 * (tests/e2e/hydration.spec.ts, documents.spec.ts, newsletter.spec.ts).
 */

/** Renders the element as the server does for `url` (with a router and the root's data), then runs the enhancer. */
async function renderAt(url: string, element: ReactElement) {
  const handler = createStaticHandler([
    { id: "root", path: "/", loader: () => ({ site }), children: [{ path: "*", element }] },
  ]);
  const context = await handler.query(new Request(new URL(url, location.origin)));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  document.body.innerHTML = renderToStaticMarkup(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
  for (const part of document.querySelectorAll<HTMLElement>('[data-enhance~="newsletter"]')) enhance(part);
}

/** The site's footer as the pages compose it, with this feature's form in its slot. */
const footer = <SiteFooter newsletter={<NewsletterForm variant="footer" source="footer" />} />;

const section = (variant: string) => {
  const found = document.querySelector<HTMLElement>(`[data-newsletter="${variant}"]`);
  if (!found) throw new Error(`no ${variant} form`);
  return found;
};
const field = (scope: HTMLElement) => scope.querySelector<HTMLInputElement>('input[name="email"]')!;
const button = (scope: HTMLElement) =>
  scope.querySelector<HTMLButtonElement>('form[data-own-errors] button[type="submit"]')!;
const texts = (scope: HTMLElement, role: "status" | "alert") =>
  [...scope.querySelectorAll(`[role="${role}"]`)].map((el) => el.textContent);

/** What the stubbed server received, one entry per request. */
let sent: URLSearchParams[] = [];
/** Answers each request with the next of these (a pending promise keeps the request open). */
let answers: (() => Promise<Response>)[] = [];
const json = (status: number, body: unknown) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
const accepted = json(200, { ok: true, message: newsletterMessages.success, confirmByEmail: false });

/** Types the address and presses the form's button, then lets the answer arrive (no time passes). */
async function subscribeIn(scope: HTMLElement, email: string) {
  field(scope).value = email;
  button(scope).click();
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  answers = [];
  window.dataLayer = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new URLSearchParams(String(init?.body ?? "")));
      const next = answers.shift();
      return next ? next() : Promise.reject(new TypeError("no answer set up"));
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the footer form", () => {
  it("subscribes, disables the inputs, pushes blog_subscription and resets after 5 s", async () => {
    await renderAt("/pricing", footer);
    const form = section("footer");
    answers.push(accepted);
    await subscribeIn(form, "footer.reader@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get("source")).toBe("footer");
    expect(sent[0]?.get("email")).toBe("footer.reader@example.com");
    expect(texts(form, "status")).toEqual([newsletterMessages.success]);
    expect(field(form).disabled).toBe(true);
    expect(button(form).disabled).toBe(true);
    expect(window.dataLayer?.filter((e) => (e as { event?: string }).event === "blog_subscription")).toEqual([
      { event: "blog_subscription", source: "footer", submittedAt: expect.any(String) },
    ]);
    await vi.advanceTimersByTimeAsync(RESET_DELAY_MS.footer - 100);
    expect(texts(form, "status")).toEqual([newsletterMessages.success]);
    await vi.advanceTimersByTimeAsync(200);
    expect(texts(form, "status")).toEqual([]);
    expect(field(form).disabled).toBe(false);
    expect(field(form).value).toBe("");
  });

  it("is not on the blog's pages, which have forms of their own", async () => {
    await renderAt("/blog", footer);
    expect(document.querySelectorAll('[data-newsletter="footer"]')).toHaveLength(0);
    await renderAt("/blog/any-post", footer);
    expect(document.querySelectorAll('[data-newsletter="footer"]')).toHaveLength(0);
  });

  it("an empty address shows the error at once without a request", async () => {
    await renderAt("/pricing", footer);
    const form = section("footer");
    // The boot script fetches the enhancer when the form is first used (checked in a browser).
    expect(form.getAttribute("data-enhance")).toBe("newsletter");
    expect(form.hasAttribute("data-enhance-on-use")).toBe(true);
    await subscribeIn(form, "");
    expect(texts(form, "alert")).toEqual([newsletterMessages.error]);
    expect(field(form).getAttribute("aria-invalid")).toBe("true");
    expect(sent).toHaveLength(0);
  });

  it("a server failure shows the error, leaves the field usable and clears after 5 s", async () => {
    await renderAt("/pricing", footer);
    const form = section("footer");
    answers.push(json(500, {}));
    await subscribeIn(form, "someone@example.com");
    expect(texts(form, "alert")).toEqual([newsletterMessages.error]);
    expect(field(form).disabled).toBe(false);
    await vi.advanceTimersByTimeAsync(RESET_DELAY_MS.footer + 100);
    expect(texts(form, "alert")).toEqual([]);
    // An error keeps what was typed, so it can be corrected and sent again.
    expect(field(form).value).toBe("someone@example.com");
  });
});

describe("the blog overview form", () => {
  it("shows the server's message for an address it rejects, on the field", async () => {
    await renderAt("/blog", <NewsletterForm variant="blog-overview" source="blog-overview" />);
    const form = section("blog-overview");
    answers.push(json(400, { ok: false, message: "Please enter a valid email address", field: "email" }));
    await subscribeIn(form, "typo@example.con");
    expect(texts(form, "alert")).toEqual(["Please enter a valid email address"]);
    expect(field(form).getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the general error when the network fails", async () => {
    await renderAt("/blog", <NewsletterForm variant="blog-overview" source="blog-overview" />);
    const form = section("blog-overview");
    answers.push(() => Promise.reject(new TypeError("Failed to fetch")));
    await subscribeIn(form, "offline@example.com");
    expect(texts(form, "alert")).toEqual([newsletterMessages.error]);
    expect(button(form).disabled).toBe(false);
  });
});

describe("the in-article form", () => {
  const post = "/blog/a-post";
  const render = () =>
    renderAt(post, <NewsletterForm variant="in-article" source={post} serviceType="running_training" />);

  it("shows the error when the server fails with a page, not JSON", async () => {
    await render();
    const form = section("in-article");
    answers.push(() => Promise.resolve(new Response("Internal Server Error", { status: 500 })));
    await subscribeIn(form, "article.reader@example.com");
    expect(texts(form, "alert")).toEqual([newsletterMessages.error]);
  });

  it("after the enhancer runs: pending state, a bad address and the server's error", async () => {
    await render();
    const form = section("in-article");
    await subscribeIn(form, "not-an-address");
    expect(texts(form, "alert")).toEqual([newsletterMessages.invalidEmail]);
    expect(sent).toHaveLength(0);

    let answer: (response: Response) => void = () => {};
    answers.push(() => new Promise<Response>((resolve) => (answer = resolve)));
    await subscribeIn(form, "reader.document@example.com");
    // Sending: the button says so and neither it nor the field can be used; the old error is gone.
    expect(button(form).textContent).toBe(newsletterMessages.sending);
    expect(button(form).disabled).toBe(true);
    expect(field(form).disabled).toBe(true);
    expect(texts(form, "alert")).toEqual([]);
    answer(
      new Response('{"ok":false,"message":"x"}', { status: 503, headers: { "Content-Type": "application/json" } }),
    );
    await vi.advanceTimersByTimeAsync(0);
    // Anything but a validation or rate-limit answer gets the general text, not the server's.
    expect(texts(form, "alert")).toEqual([newsletterMessages.error]);
    expect(button(form).disabled).toBe(false);
    expect(button(form).textContent).not.toBe(newsletterMessages.sending);
  });
});
