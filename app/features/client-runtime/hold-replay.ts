/**
 * What one page type holds before its code runs, and how it replays it (docs/client-runtime.md).
 * Sent to the browser as JSON inside the page's boot script, so plain data only.
 */
export interface HoldRules {
  /** A zone: the part of the page one script takes over (an enhanced part, an island, the whole page). */
  zone: string;
  /** Set on the zone by its own code once it runs: from then on nothing in it is held. */
  ready: string;
  /** Set on a zone whose code could not load, for the stylesheet (islands). */
  failed?: string;
  /** The controls whose taps are held (a control that opens a popover or a dialog by itself never is). */
  controls: string;
  /**
   * Hold a form's sends (the submit event, its button drawn busy) and, in a `data-own-errors` form, the
   * browser's own check, so that the zone's code gives its own messages. A form's submit button is then
   * not held as a tap. Without it a submit button is a control like any other (islands).
   */
  forms?: boolean;
  /** Draw a held control pressed (`data-tapped`) and a held send's button busy (`aria-busy`). */
  mark?: boolean;
  /**
   * The React Router application (the back office): what was typed or chosen meanwhile is handed to
   * its state, a control tapped twice is replayed once, and the element under a resting mouse gets its
   * hover back.
   */
  app?: boolean;
}

/** What the page's loader tells the runtime. */
export interface HoldReplay {
  /** The zone an element is in while the zone's code has neither run nor failed; otherwise null. */
  waiting(element: EventTarget | null): Element | null;
  /**
   * The zone's code runs (`ok`) or could not be loaded: what was held in it is replayed in order, one
   * per task so that each lands on what the previous one rendered, or, if the code never came, done
   * as plain HTML does (a send posts the form, a link is followed; a tap on a control that only a
   * script runs has nothing to fall back to).
   */
  settle(zone: Element, ok: boolean): void;
}

type Control = HTMLElement & { disabled?: boolean; form?: HTMLFormElement | null; type?: string; href?: string };
interface Held {
  zone: Element;
  /** A tapped control. */
  control?: Control;
  /** A sent form, with the button that sent it. */
  form?: HTMLFormElement;
  submitter?: HTMLElement | null;
  /** A form that failed the browser's check (data-own-errors). */
  invalid?: boolean;
}

/**
 * Holds an early interaction (a tap on a marked control or link, a form's send) until the code of
 * the part it belongs to runs, and replays it then; falls back to the plain form or link if the code
 * never comes. `start(zone)` is called at each held interaction: the page's loader fetches or runs
 * that zone's code at once.
 *
 * This function is sent to the browser as its source text (hold-replay.inline.ts, made by
 * `npm run build:runtime`): it must not use anything from outside its own body. The documents' copy
 * is made with `rules.app` read as false, so everything only the application needs is kept under a
 * test of `rules.app` (the minifier drops it there).
 */
export function holdReplay(rules: HoldRules, start: (zone: Element) => void): HoldReplay {
  let queue: Held[] = [];
  const failed = new WeakSet<Element>();
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string | null>();
  const submits = (element: Control) => element.type === "submit" && !!element.form;

  function waiting(element: EventTarget | null): Element | null {
    const zone = element && (element as Element).closest ? (element as Element).closest(rules.zone) : null;
    return zone && !zone.hasAttribute(rules.ready) && !failed.has(zone) ? zone : null;
  }

  function hold(event: Event, item: Held): void {
    event.preventDefault();
    event.stopImmediatePropagation();
    queue.push(item);
    start(item.zone);
  }

  addEventListener(
    "click",
    (event) => {
      const target = event.target as Element | null;
      const control = (target && target.closest ? target.closest(rules.controls) : null) as Control | null;
      const zone = waiting(control);
      if (!control || !zone || control.disabled || control.matches("[popovertarget],[commandfor]")) return;
      // Where sends are held as sends, a form's own buttons send (or reset) it natively.
      if (rules.forms && control.form && control.type !== "button") return;
      if (rules.app && queue.some((item) => item.control === control)) {
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      if (rules.mark) {
        control.setAttribute("data-tapped", "");
        if (submits(control)) control.setAttribute("aria-busy", "true");
      }
      hold(event, { zone, control });
    },
    true,
  );

  if (rules.forms) {
    addEventListener(
      "submit",
      (event) => {
        const form = event.target;
        const zone = waiting(form);
        if (!(form instanceof HTMLFormElement) || !zone) return;
        const submitter = (event as SubmitEvent).submitter;
        if (rules.mark && submitter) submitter.setAttribute("aria-busy", "true");
        hold(event, { zone, form, submitter });
      },
      true,
    );
    addEventListener(
      "invalid",
      (event) => {
        const form = (event.target as HTMLInputElement).form;
        const zone = waiting(form);
        if (!form || !zone || !form.hasAttribute("data-own-errors")) return;
        event.preventDefault();
        if (!queue.some((item) => item.form === form)) queue.push({ zone, form, invalid: true });
        start(zone);
      },
      true,
    );
  }

  if (rules.app) {
    const note = (event: Event) => {
      const field = event.target;
      if (!waiting(field)) return;
      if (field instanceof HTMLInputElement && field.type === "file") typed.set(field, null);
      else if (
        field instanceof HTMLTextAreaElement ||
        field instanceof HTMLSelectElement ||
        (field instanceof HTMLInputElement && !/^(checkbox|radio|hidden)$/.test(field.type))
      )
        typed.set(field, field.value);
    };
    addEventListener("input", note, true);
    addEventListener("change", note, true);
  }

  function replay(item: Held, ok: boolean): void {
    const { control, form, submitter } = item;
    if (control) {
      control.removeAttribute("data-tapped");
      if (rules.mark && submits(control)) control.removeAttribute("aria-busy");
      if (control.href && (!ok || !control.isConnected)) {
        // A link is followed in any case: clicked where it still is (its zone no longer holds it).
        if (control.isConnected) control.click();
        else location.assign(control.href);
      } else if (!control.isConnected) return;
      else if (ok) control.click();
      else if (submits(control)) control.form!.requestSubmit(control);
      return;
    }
    if (!form) return;
    if (rules.mark && submitter) submitter.removeAttribute("aria-busy");
    if (!form.isConnected) return;
    if (item.invalid) {
      if (ok) form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
      else form.reportValidity();
    } else form.requestSubmit(submitter && (submitter as Control).form === form ? submitter : undefined);
  }

  function settle(zone: Element, ok: boolean): void {
    if (!ok) {
      failed.add(zone);
      if (rules.failed) zone.setAttribute(rules.failed, "");
    }
    const mine = queue.filter((item) => item.zone === zone);
    queue = queue.filter((item) => item.zone !== zone);
    let typing = Promise.resolve();
    if (rules.app && ok) {
      /** A value typed before the application ran, handed to its state as a fresh input. */
      const retype = (field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string | null) => {
        if (!field.isConnected) return;
        if (value === null) {
          field.dispatchEvent(new Event("change", { bubbles: true }));
          return;
        }
        // React keeps the value it last saw on the element: set it through that first, then the real one.
        field.value = "";
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
        field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
      };
      typed.forEach((value, field) => {
        if (!zone.contains(field)) return;
        typed.delete(field);
        typing = typing.then(() => retype(field, value));
      });
    }
    void typing.then(function next(): void {
      const item = mine.shift();
      if (item) {
        replay(item, ok);
        setTimeout(next, 0);
        return;
      }
      if (!rules.app || !ok || !matchMedia("(hover: hover)").matches) return;
      const hovered = document.querySelectorAll(":hover");
      if (hovered.length)
        hovered[hovered.length - 1]!.dispatchEvent(
          new PointerEvent("pointerover", { bubbles: true, pointerType: "mouse", isPrimary: true }),
        );
    });
  }

  return { waiting, settle };
}
