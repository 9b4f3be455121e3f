import { newsletterMessages } from "#content/newsletter-messages";
import { isValidEmail, MAX_EMAIL_LENGTH } from "~/infra/email-address";
import { ELAPSED_FIELD } from "~/infra/form-fields";
import { track } from "~/features/analytics/track";
import type { Enhance } from "~/features/enhancers/boot";
import { RESET_DELAY_MS, SUBSCRIBED_EVENT } from "./reset-delay";
import type { SubscribeResponse } from "./schema";

type Variant = keyof typeof RESET_DELAY_MS;

/**
 * The newsletter form on a document page (newsletter-form.tsx renders it; it posts as a plain form
 * without script): sends in place with a pending state, shows the site's own messages (an empty or
 * malformed address, the server's answer), offers the resend after a sign-up that waits for the
 * confirmation e-mail, and resets after a few seconds, as the React form does on other pages.
 */
export const enhance: Enhance = (section) => {
  const form = section.querySelector<HTMLFormElement>("form[data-own-errors]");
  const input = form?.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const box = form?.querySelector<HTMLElement>("[data-newsletter-message]");
  if (!form || !input || !button || !box) return;
  const variant = (section.dataset.newsletter ?? "footer") as Variant;
  const label = button.innerHTML;
  let busy = false;
  let timer = 0;
  form.noValidate = true;

  const show = (kind: "success" | "error" | null, message = "", fieldError = false) => {
    box.replaceChildren();
    if (kind) {
      const p = document.createElement("p");
      p.setAttribute("role", kind === "success" ? "status" : "alert");
      p.className = box.dataset[kind === "success" ? "successClass" : "errorClass"] ?? "";
      p.textContent = message;
      box.append(p);
    }
    if (kind === "error" && fieldError) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  };
  const setBusy = (value: boolean, sending = false) => {
    busy = value;
    input.disabled = value;
    button.disabled = value;
    if (sending) {
      const spinner = document.createElement("span");
      spinner.setAttribute("aria-hidden", "true");
      spinner.className = "size-4 animate-spin rounded-full border-2 border-current border-t-transparent";
      const wrap = document.createElement("span");
      wrap.className = "inline-flex items-center gap-2";
      wrap.append(spinner, newsletterMessages.sending);
      button.replaceChildren(wrap);
    } else button.innerHTML = label;
  };
  const settle = (kind: "success" | "error", message: string, fieldError = false) => {
    setBusy(kind === "success");
    show(kind, message, fieldError);
    clearTimeout(timer);
    timer = window.setTimeout(() => {
      if (kind === "success") form.reset();
      setBusy(false);
      show(null);
    }, RESET_DELAY_MS[variant]);
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    const email = input.value.trim();
    if (!email) return settle("error", newsletterMessages.error, true);
    if (email.length > MAX_EMAIL_LENGTH || !isValidEmail(email))
      return settle("error", newsletterMessages.invalidEmail, true);
    const body = new URLSearchParams();
    new FormData(form).forEach((value, key) => body.set(key, String(value)));
    body.set(ELAPSED_FIELD, String(Math.round(performance.now())));
    setBusy(true, true);
    show(null);
    try {
      const response = await fetch(form.action, { method: "POST", headers: { Accept: "application/json" }, body });
      const answer = (await response.json().catch(() => null)) as SubscribeResponse | null;
      if (!response.ok || !answer?.ok) {
        // Validation and rate-limit answers say what to do; anything else gets the general text.
        const own = response.status === 400 || response.status === 429;
        return settle(
          "error",
          own ? (answer?.message ?? newsletterMessages.error) : newsletterMessages.error,
          answer?.field === "email",
        );
      }
      // Held for the trainer's review (sent too fast to be typed): her words say so, and no e-mail is on its way yet.
      settle("success", answer.held ? answer.message : newsletterMessages.success);
      if (answer.confirmByEmail && !answer.held && variant !== "sticky") showResend(section, email);
      track("blog_subscription", { source: body.get("source") ?? "", submittedAt: new Date().toISOString() });
      section.dispatchEvent(new Event(SUBSCRIBED_EVENT, { bubbles: true }));
    } catch {
      settle("error", newsletterMessages.error);
    }
  });
};

/** "Check your inbox" under the form with a resend button; a plain form too (it posts without script). */
function showResend(section: HTMLElement, email: string) {
  section.querySelector("[data-newsletter-resend]")?.remove();
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = "", ...children: (Node | string)[]) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    node.append(...children);
    return node;
  };
  const note = el("form", `mt-3 text-sm ${section.dataset.resendClass ?? ""}`);
  note.method = "post";
  note.action = "/api/newsletter/resend";
  note.setAttribute("data-newsletter-resend", "");
  const hidden = el("input");
  hidden.type = "hidden";
  hidden.name = "email";
  hidden.value = email;
  const status = el("p", "", `${newsletterMessages.checkInbox} `, el("strong", "", email), ".");
  status.setAttribute("role", "status");
  const send = el("button", "min-h-6 font-semibold underline underline-offset-2", newsletterMessages.resendButton);
  send.type = "submit";
  const answer = el("p", "mt-1 font-semibold");
  answer.hidden = true;
  note.append(hidden, status, el("p", "mt-1", `${newsletterMessages.resendHeading} `, send), answer);
  note.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (send.disabled) return;
    send.disabled = true;
    let ok = false;
    let message: string = newsletterMessages.error;
    try {
      const response = await fetch(note.action, {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ email }),
      });
      const body = (await response.json().catch(() => null)) as { ok?: boolean; message?: string } | null;
      ok = response.ok && !!body?.ok;
      message = body?.message ?? newsletterMessages.error;
    } catch {
      // The general message stays.
    }
    send.disabled = false;
    answer.hidden = false;
    answer.setAttribute("role", ok ? "status" : "alert");
    answer.textContent = message;
  });
  section.querySelector("form[data-own-errors]")?.parentElement?.append(note);
}
