import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { APP_HOLD, ENHANCER_HOLD, ISLAND_HOLD } from "./holds";
import { holdReplay, type HoldReplay, type HoldRules } from "./hold-replay";
import { DOCUMENT_HOLD_REPLAY_FUNCTION, HOLD_REPLAY_FUNCTION } from "./hold-replay.inline";

/**
 * The client runtime's rules for each page type (docs/client-runtime.md), in a DOM with a fake clock:
 * an early tap or send is held, marked, replayed once the zone's code runs, or done as plain HTML if
 * it never comes. Each case runs against the TypeScript source and against the minified text the
 * pages carry (hold-replay.inline.ts).
 */

type Run = typeof holdReplay;
const shipped = new Function(`return (${HOLD_REPLAY_FUNCTION})`)() as Run;
/** The public pages' copy, without what only the application uses. */
const shippedToDocuments = new Function(`return (${DOCUMENT_HOLD_REPLAY_FUNCTION})`)() as Run;

/** Listeners the runtime adds to the window, taken off after each test. */
let added: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
const addListener = window.addEventListener.bind(window);
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(window, "addEventListener").mockImplementation((type, listener, options) => {
    added.push([type, listener, options]);
    addListener(type, listener, options);
  });
});
afterEach(() => {
  for (const [type, listener, options] of added) window.removeEventListener(type, listener, options);
  added = [];
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("data-hydrated");
});

/** Lets the replays run: the first after the settled promise, each next one a task later. */
const replays = () => vi.runAllTimersAsync();

/** What reached the page's own code (listeners on the elements, as an enhancer or island adds them). */
function seen(element: Element, type: string) {
  const events: Event[] = [];
  element.addEventListener(type, (event) => {
    events.push(event);
    // No navigation in the test's DOM: what a browser would do is recorded, not done.
    event.preventDefault();
  });
  return events;
}

function page(rules: HoldRules, run: Run, html: string) {
  document.body.innerHTML = html;
  const start = vi.fn<(zone: Element) => void>();
  const runtime: HoldReplay = run(rules, start);
  const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
  return { runtime, start, $ };
}

describe.each([
  ["source", holdReplay, true],
  ["as shipped to the back office", shipped, true],
  ["as shipped to the public pages", shippedToDocuments, false],
] as const)("hold and replay (%s)", (_, run, application) => {
  describe("document pages (enhancers)", () => {
    const part = `<div data-enhance="share"><button type="button" data-needs-script>Copy</button>
      <a href="/start" data-replay>Back</a>
      <form action="/api/newsletter" method="post" data-own-errors><input name="email" required>
      <button name="variant" value="footer">Subscribe</button></form></div>
      <button type="button" data-needs-script id="elsewhere">Outside any part</button>`;

    it("holds a tap on a script-only control, drawn pressed, and replays it once the part runs", async () => {
      const { runtime, start, $ } = page(ENHANCER_HOLD, run, part);
      const copy = $("[data-needs-script]");
      const taps = seen(copy, "click");
      copy.click();
      expect(taps).toHaveLength(0);
      expect(copy.hasAttribute("data-tapped")).toBe(true);
      expect(start).toHaveBeenCalledWith($("[data-enhance]"));
      $("[data-enhance]").setAttribute("data-enhanced", "");
      runtime.settle($("[data-enhance]"), true);
      await replays();
      expect(taps).toHaveLength(1);
      expect(copy.hasAttribute("data-tapped")).toBe(false);
      // Once the part runs, taps go straight through.
      copy.click();
      expect(taps).toHaveLength(2);
    });

    it("holds a send with its button busy and sends it again, with that button, through the part's code", async () => {
      const { runtime, $ } = page(ENHANCER_HOLD, run, part);
      const form = $<HTMLFormElement>("form");
      const button = $("form button");
      $<HTMLInputElement>("[name=email]").value = "early@example.com";
      const sends = seen(form, "submit") as SubmitEvent[];
      form.requestSubmit(button);
      expect(sends).toHaveLength(0);
      expect(button.getAttribute("aria-busy")).toBe("true");
      $("[data-enhance]").setAttribute("data-enhanced", "");
      runtime.settle($("[data-enhance]"), true);
      await replays();
      expect(sends).toHaveLength(1);
      expect(sends[0]!.submitter).toBe(button);
      expect(button.hasAttribute("aria-busy")).toBe(false);
    });

    it("if the part's code never comes, a held send posts the form and a held link is followed", async () => {
      const { runtime, $ } = page(ENHANCER_HOLD, run, part);
      const form = $<HTMLFormElement>("form");
      const link = $("a");
      $<HTMLInputElement>("[name=email]").value = "offline@example.com";
      const sends = seen(form, "submit");
      const follows = seen(link, "click");
      form.requestSubmit($<HTMLButtonElement>("form button"));
      link.click();
      expect([sends.length, follows.length]).toEqual([0, 0]);
      runtime.settle($("[data-enhance]"), false);
      await replays();
      expect([sends.length, follows.length]).toEqual([1, 1]);
      // The part is left to the browser from then on.
      expect(runtime.waiting(form)).toBeNull();
    });

    it("keeps the browser's bubble from a data-own-errors form and hands the check to the part's code", async () => {
      const { runtime, start, $ } = page(ENHANCER_HOLD, run, part);
      const form = $<HTMLFormElement>("form");
      const sends = seen(form, "submit");
      const invalid = new Event("invalid", { cancelable: true });
      $("[name=email]").dispatchEvent(invalid);
      expect(invalid.defaultPrevented).toBe(true);
      expect(start).toHaveBeenCalledTimes(1);
      $("[data-enhance]").setAttribute("data-enhanced", "");
      runtime.settle($("[data-enhance]"), true);
      await replays();
      expect(sends).toHaveLength(1);
    });

    it("gives the browser's own check back when the part's code never comes", async () => {
      const { runtime, $ } = page(ENHANCER_HOLD, run, part);
      const form = $<HTMLFormElement>("form");
      const reported = vi.spyOn(form, "reportValidity").mockReturnValue(false);
      $("[name=email]").dispatchEvent(new Event("invalid", { cancelable: true }));
      runtime.settle($("[data-enhance]"), false);
      await replays();
      expect(reported).toHaveBeenCalledTimes(1);
    });

    it("leaves alone a control outside any part, and one in a part that runs", () => {
      const { $ } = page(ENHANCER_HOLD, run, part);
      const outside = seen($("#elsewhere"), "click");
      $("#elsewhere").click();
      expect(outside).toHaveLength(1);
      $("[data-enhance]").setAttribute("data-enhanced", "");
      const copy = seen($("[data-needs-script]"), "click");
      $("[data-needs-script]").click();
      expect(copy).toHaveLength(1);
    });
  });

  describe("island pages", () => {
    const island = `<div data-island="questionnaire"><form><button type="button" id="a">A</button>
      <button type="button" id="b">B</button><button type="button" popovertarget="tip" id="tip-button">?</button>
      <button id="send">Send</button></form></div>`;

    it("replays held taps in order, one per task, each on what the previous one rendered", async () => {
      const { runtime, start, $ } = page(ISLAND_HOLD, run, island);
      const order: string[] = [];
      for (const id of ["a", "b"]) $(`#${id}`).addEventListener("click", () => order.push(id));
      $("#a").click();
      $("#b").click();
      expect(order).toEqual([]);
      expect(start).toHaveBeenCalledWith($("[data-island]"));
      expect($("#a").hasAttribute("data-tapped")).toBe(true);
      $("[data-island]").setAttribute("data-island-running", "");
      runtime.settle($("[data-island]"), true);
      await Promise.resolve();
      await Promise.resolve();
      expect(order).toEqual(["a"]);
      await replays();
      expect(order).toEqual(["a", "b"]);
    });

    it("draws a held submit button busy; if the island never comes, its form is sent as HTML would", async () => {
      const { runtime, $ } = page(ISLAND_HOLD, run, island);
      const sends = seen($("form"), "submit") as SubmitEvent[];
      const other = seen($("#a"), "click");
      $("#send").click();
      $("#a").click();
      expect($("#send").getAttribute("aria-busy")).toBe("true");
      expect(sends).toHaveLength(0);
      runtime.settle($("[data-island]"), false);
      await replays();
      expect(sends).toHaveLength(1);
      expect(sends[0]!.submitter).toBe($("#send"));
      expect($("[data-island]").hasAttribute("data-island-failed")).toBe(true);
      // A control only the island runs has nothing to fall back to: its tap is let go, unmarked.
      expect(other).toHaveLength(0);
      expect($("#a").hasAttribute("data-tapped")).toBe(false);
      expect($("#send").hasAttribute("aria-busy")).toBe(false);
    });

    it("never holds a control that works natively (a popover's button)", () => {
      const { start, $ } = page(ISLAND_HOLD, run, island);
      const taps = seen($("#tip-button"), "click");
      $("#tip-button").click();
      expect(taps).toHaveLength(1);
      expect(start).not.toHaveBeenCalled();
    });
  });

  if (application)
    describe("the back office (the application)", () => {
      const screen = `<main><button type="button" id="add">Add</button>
      <form method="post"><label>Title <input name="title" id="title"></label><button id="save">Save</button></form></main>`;

      it("hands what was typed meanwhile to the application, then replays a tap made twice once", async () => {
        const { runtime, $ } = page(APP_HOLD, run, screen);
        const title = $<HTMLInputElement>("#title");
        title.value = "Spring run";
        title.dispatchEvent(new Event("input", { bubbles: true }));
        const taps = seen($("#add"), "click");
        $("#add").click();
        $("#add").click();
        // The application hydrates: React listens from the root now.
        const typed: string[] = [];
        document.addEventListener("input", (event) => typed.push((event.target as HTMLInputElement).value));
        document.documentElement.setAttribute("data-hydrated", "");
        runtime.settle(document.documentElement, true);
        await replays();
        expect(typed).toEqual(["Spring run"]);
        expect(taps).toHaveLength(1);
        // The application's pages are not drawn pressed: their own pending states show.
        expect($("#add").hasAttribute("data-tapped")).toBe(false);
      });

      it("holds a form's send rather than its button's tap, and posts it natively if the application fails", async () => {
        const { runtime, start, $ } = page(APP_HOLD, run, screen);
        const sends = seen($("form"), "submit") as SubmitEvent[];
        let clicked = 0;
        $("#save").addEventListener("click", () => (clicked += 1));
        $("#save").click();
        // The tap itself goes through (the browser checks the form then): its send is what waits.
        expect(clicked).toBe(1);
        expect(sends).toHaveLength(0);
        expect(start).toHaveBeenCalledWith(document.documentElement);
        runtime.settle(document.documentElement, false);
        await replays();
        expect(sends).toHaveLength(1);
        expect(sends[0]!.submitter).toBe($("#save"));
      });
    });
});
