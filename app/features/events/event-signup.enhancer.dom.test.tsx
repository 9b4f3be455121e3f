import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { event } from "#content/event";
import { EVENT_MESSAGES } from "./event-rules";
import { WAITLIST_TEXTS, type EventOutcome } from "./event-schema";
import { EventSignupForm } from "./event-signup-form";
import { enhance } from "./event-signup.enhancer";
import { HELD_MESSAGES } from "~/features/leads/held-messages";

/**
 * The event signup form on /nicaragua (event-signup-form.tsx, with the event's published texts) run
 * by its enhancer against a stubbed server, in a DOM: the states between the form and the thanks.
 * Axe over these states, and the form reaching a real server, stay browser tests (tests/e2e/event.spec.ts).
 */

let sent: Record<string, unknown>[] = [];
let reply: () => Promise<Response> = () => Promise.reject(new TypeError("no answer set up"));
const answer = (status: number, outcome: EventOutcome) => () =>
  Promise.resolve(new Response(JSON.stringify(outcome), { status, headers: { "Content-Type": "application/json" } }));

function renderForm() {
  document.body.innerHTML = renderToStaticMarkup(
    <EventSignupForm buttonLabel={event.buttonLabel} thanks={event.thanks} waitlistThanks={WAITLIST_TEXTS.thanks} />,
  );
  const root = document.querySelector<HTMLElement>('[data-enhance="event-signup"]')!;
  enhance(root);
  const byLabel = (text: string) => {
    const label = [...root.querySelectorAll("label")].find((l) => l.textContent === text);
    return document.getElementById(label?.htmlFor ?? "") as HTMLInputElement;
  };
  return {
    root,
    name: byLabel("Name"),
    phone: byLabel("Phone number"),
    email: byLabel("E-mail (optional)"),
    reserve: root.querySelector<HTMLButtonElement>('button[type="submit"]')!,
  };
}

/** The texts shown in the form's place (or in it), in order. */
const texts = (root: HTMLElement) => [...root.querySelectorAll("p")].map((p) => p.textContent).filter(Boolean);
const alerts = (root: HTMLElement) => [...root.querySelectorAll('[role="alert"]')].map((p) => p.textContent);

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  consoleError = vi.spyOn(console, "error");
  vi.stubGlobal(
    "fetch",
    vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return reply();
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("the event signup form", () => {
  it("refuses a blank name and a missing phone in place, focusing the first field to fix", async () => {
    const form = renderForm();
    form.name.value = "   ";
    form.reserve.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(form.root)).toContain(EVENT_MESSAGES.name);
    expect(texts(form.root)).toContain(EVENT_MESSAGES.phone);
    expect(document.activeElement).toBe(form.name);
    expect(form.name.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(form.phone.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      EVENT_MESSAGES.phone,
    );
    expect(sent).toHaveLength(0);
  });

  it("a failed save shows the error note and still thanks the visitor", async () => {
    reply = answer(503, { status: "failed", message: EVENT_MESSAGES.databaseError });
    const form = renderForm();
    form.name.value = "Eva";
    form.phone.value = "+505 8888 1234";
    form.reserve.click();
    // While it is sent: the button says so and nothing can be changed.
    expect(form.reserve.disabled).toBe(true);
    expect(form.name.disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(alerts(form.root)).toEqual([EVENT_MESSAGES.databaseError]);
    expect(texts(form.root)).toEqual([EVENT_MESSAGES.databaseError, event.thanks]);
    expect(form.root.querySelector("form")).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
    expect(sent).toEqual([
      expect.objectContaining({ name: "Eva", phone: "+505 8888 1234", idempotencyKey: expect.any(String) }),
    ]);
  });

  it("a sign-up held for the trainer's check (sent too fast) says so instead of the usual thanks", async () => {
    reply = answer(202, { status: "ok", leadId: "lead-3", held: true });
    const form = renderForm();
    form.name.value = "Eva Lopez";
    form.phone.value = "+505 8888 1234";
    form.reserve.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(form.root)).toEqual([HELD_MESSAGES.event]);
    expect(document.activeElement).toBe(form.root.querySelector("p"));
  });

  it("a reserved spot, or one on the waiting list, ends in its own thanks with focus on it", async () => {
    reply = answer(200, { status: "ok", leadId: "lead-1" });
    const form = renderForm();
    form.name.value = "Eva Lopez";
    form.phone.value = "+505 8888 1234";
    form.reserve.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(form.root)).toEqual([event.thanks]);
    expect(document.activeElement).toBe(form.root.querySelector("p"));

    reply = answer(200, { status: "ok", leadId: "lead-2", waitlisted: true });
    const full = renderForm();
    full.name.value = "Marco";
    full.phone.value = "+505 8888 4321";
    full.reserve.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(full.root)).toEqual([WAITLIST_TEXTS.thanks]);
  });

  it("refuses a wrong e-mail address in place with its hint still read, and sends a right one", async () => {
    reply = answer(200, { status: "ok", leadId: "lead-3" });
    const form = renderForm();
    form.name.value = "Eva";
    form.phone.value = "+505 8888 1234";
    form.email.value = "eva@example";
    form.reserve.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(form.root)).toContain(EVENT_MESSAGES.emailInvalid);
    expect(document.activeElement).toBe(form.email);
    const described = (form.email.getAttribute("aria-describedby") ?? "").split(" ");
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      expect.stringMatching(/calendar file/),
      EVENT_MESSAGES.emailInvalid,
    ]);
    expect(sent).toHaveLength(0);

    form.email.value = "eva@example.com";
    form.reserve.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent[0]).toMatchObject({ name: "Eva", phone: "+505 8888 1234", email: "eva@example.com" });
    expect(texts(form.root)).toEqual([event.thanks]);
  });

  it("the server's refusals stay on the form: its field messages, or its own message", async () => {
    reply = answer(400, {
      status: "invalid",
      errors: { phone: EVENT_MESSAGES.phoneInvalid },
      values: { name: "Eva", phone: "12", email: "" },
    });
    const form = renderForm();
    form.name.value = "Eva";
    form.phone.value = "12";
    form.reserve.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(form.root)).toContain(EVENT_MESSAGES.phoneInvalid);
    expect(document.activeElement).toBe(form.phone);
    expect(form.reserve.disabled).toBe(false);
    expect(form.reserve.textContent).toBe(event.buttonLabel);

    reply = answer(410, { status: "closed", message: "Sign-ups are closed" });
    form.phone.value = "+505 8888 1234";
    form.reserve.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(alerts(form.root)).toEqual(["Sign-ups are closed"]);
    // The same attempt keeps its key, so a retry is never stored twice.
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
  });
});
