import { currentConsent } from "#content/consent";
import type { Enhance } from "~/features/enhancers/boot";
import { ELAPSED_FIELD, HONEYPOT_FIELD } from "~/infra/form-fields";
import { checkEventSignup, EVENT_FIELDS, EVENT_MESSAGES, type EventField } from "./event-rules";
import type { EventOutcome } from "./event-schema";

function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The event signup form on /nicaragua (event-signup-form.tsx): checks the fields with the server's
 * rules, sends JSON to /api/event-signup with a pending state, and follows the server's answer in
 * place: the thanks (the waiting-list thanks when the event was full, the held-for-review note when
 * it was sent faster than a person types), the error note and then the
 * thanks when the save failed, the field messages, or the form's own message (too many tries, a
 * refused request, the event closed meanwhile). Without script the form posts to the page.
 */
export const enhance: Enhance = (root) => {
  const form = root.querySelector("form");
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const formError = form?.querySelector<HTMLElement>("[data-form-error]");
  const live = form?.querySelector<HTMLElement>("[data-live]");
  if (!form || !button || !formError || !live) return;
  const input = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const label = button.dataset.label ?? button.textContent ?? "";
  let key: string | null = null;

  const alert = (message: string, extra = "") => {
    const p = document.createElement("p");
    p.setAttribute("role", "alert");
    p.className = `${extra}${root.dataset.alertClass ?? ""}`;
    p.textContent = message;
    return p;
  };
  const showErrors = (errors: Partial<Record<EventField, string>>) => {
    for (const field of EVENT_FIELDS) {
      const field_ = input(field);
      if (!field_) continue;
      const id = `${field_.id}-error`;
      document.getElementById(id)?.remove();
      // A field's hint stays described with or without an error.
      const hint = document.getElementById(`${field_.id}-hint`) ? `${field_.id}-hint` : null;
      const message = errors[field];
      if (message) {
        const p = document.createElement("p");
        p.id = id;
        p.className = root.dataset.errorClass ?? "";
        p.textContent = message;
        field_.after(p);
        field_.setAttribute("aria-invalid", "true");
        field_.setAttribute("aria-describedby", hint ? `${hint} ${id}` : id);
      } else {
        field_.removeAttribute("aria-invalid");
        if (hint) field_.setAttribute("aria-describedby", hint);
        else field_.removeAttribute("aria-describedby");
      }
    }
  };
  const setBusy = (busy: boolean) => {
    button.disabled = busy;
    for (const name of EVENT_FIELDS) input(name)!.disabled = busy;
    button.textContent = busy ? "Reserving..." : label;
    live.textContent = busy ? "Reserving your spot..." : "";
  };
  const finish = (waitlisted: boolean, note?: string, held = false) => {
    const box = document.createElement("div");
    box.className = "text-center";
    if (note) box.append(alert(note, "mb-4 "));
    const thanks = document.createElement("p");
    thanks.tabIndex = -1;
    thanks.className = root.dataset.thanksClass ?? "";
    thanks.textContent =
      (held ? root.dataset.heldThanks : waitlisted ? root.dataset.waitlistThanks : root.dataset.thanks) ?? "";
    box.append(thanks);
    form.replaceWith(box);
    thanks.focus();
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const values = {
      name: input("name")?.value ?? "",
      phone: input("phone")?.value ?? "",
      email: input("email")?.value ?? "",
    };
    const errors = checkEventSignup(values);
    showErrors(errors);
    formError.replaceChildren();
    const firstWrong = EVENT_FIELDS.find((field) => errors[field]);
    if (firstWrong) {
      input(firstWrong)?.focus();
      return;
    }
    key ??= newKey();
    setBusy(true);
    let outcome: EventOutcome | null;
    try {
      const response = await fetch("/api/event-signup", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          ...values,
          idempotencyKey: key,
          sourceUrl: location.href,
          consentVersion: currentConsent.event,
          [HONEYPOT_FIELD]: input(HONEYPOT_FIELD)?.value ?? "",
          [ELAPSED_FIELD]: Math.round(performance.now()),
        }),
      });
      outcome = (await response.json().catch(() => null)) as EventOutcome | null;
    } catch {
      outcome = null;
    }
    setBusy(false);
    if (outcome?.status === "ok") finish(!!outcome.waitlisted, undefined, !!outcome.held);
    else if (outcome?.status === "failed") finish(false, outcome.message);
    else if (outcome?.status === "invalid") {
      showErrors(outcome.errors);
      input(EVENT_FIELDS.find((field) => outcome.errors[field]) ?? "name")?.focus();
    } else if (outcome?.status === "rate-limited" || outcome?.status === "bad-request" || outcome?.status === "closed")
      formError.replaceChildren(alert(outcome.message));
    else finish(false, EVENT_MESSAGES.unexpectedError);
  });
};
