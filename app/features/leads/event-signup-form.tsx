import { formShownAt } from "~/features/site/hydration-signal";
import { useEffect, useRef, useState } from "react";
import { Honeypot, TextField } from "~/ui/field";
import { ConsentNote } from "~/ui/consent-note";
import { currentConsent } from "#content/consent";
import { EVENT_MESSAGES, validateEventSignup, type EventField, type EventOutcome } from "./event-schema";
import { Button } from "~/ui/button";
import { ELAPSED_FIELD, HONEYPOT_FIELD } from "~/infra/form-fields";

interface EventSignupFormProps {
  buttonLabel: string;
  thanks: string;
  /** Shown instead of the thanks when the event was full and the name joined the waiting list. */
  waitlistThanks: string;
  /** The server's answer to a plain (no-JavaScript) post of this form. */
  serverOutcome?: EventOutcome;
}

type View =
  { name: "form"; formError?: string } | { name: "submitting" } | { name: "done"; note?: string; waitlisted?: boolean };

function initialView(outcome: EventOutcome | undefined): View {
  if (!outcome) return { name: "form" };
  if (outcome.status === "ok") return { name: "done", waitlisted: outcome.waitlisted };
  if (outcome.status === "failed") return { name: "done", note: outcome.message };
  if (outcome.status === "invalid") return { name: "form" };
  return { name: "form", formError: outcome.message };
}

function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Event signup: name and phone, 'Reserve My Spot'. A plain form posting to /nicaragua
 * that, with JavaScript, posts JSON instead and shows form → submitting → done in place.
 * A failed save still ends in the thanks message, after the error note.
 */
export function EventSignupForm({ buttonLabel, thanks, waitlistThanks, serverOutcome }: EventSignupFormProps) {
  const [view, setView] = useState<View>(() => initialView(serverOutcome));
  const [values, setValues] = useState(
    serverOutcome?.status === "invalid" ? serverOutcome.values : { name: "", phone: "" },
  );
  const [errors, setErrors] = useState<Partial<Record<EventField, string>>>(
    serverOutcome?.status === "invalid" ? serverOutcome.errors : {},
  );
  const [honeypot, setHoneypot] = useState("");
  const nameRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const started = useRef<number | null>(null);
  const key = useRef<string | null>(null);

  useEffect(() => {
    started.current = formShownAt();
  }, []);

  useEffect(() => {
    if (view.name === "done") doneRef.current?.focus();
  }, [view.name]);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateEventSignup(values);
    setErrors(found);
    if (found.name || found.phone) {
      (found.name ? nameRef : phoneRef).current?.focus();
      return;
    }
    key.current ??= newKey();
    setView({ name: "submitting" });
    try {
      const response = await fetch("/api/event-signup", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          ...values,
          idempotencyKey: key.current,
          sourceUrl: window.location.href,
          consentVersion: currentConsent.event,
          [HONEYPOT_FIELD]: honeypot,
          [ELAPSED_FIELD]: Math.round(performance.now() - (started.current ?? performance.now())),
        }),
      });
      const outcome = (await response.json().catch(() => null)) as EventOutcome | null;
      if (outcome?.status === "ok") setView({ name: "done", waitlisted: outcome.waitlisted });
      else if (outcome?.status === "failed") setView({ name: "done", note: outcome.message });
      else if (outcome?.status === "invalid") {
        setErrors(outcome.errors);
        setView({ name: "form" });
      } else if (
        outcome?.status === "rate-limited" ||
        outcome?.status === "bad-request" ||
        outcome?.status === "closed"
      )
        setView({ name: "form", formError: outcome.message });
      else setView({ name: "done", note: EVENT_MESSAGES.unexpectedError });
    } catch {
      setView({ name: "done", note: EVENT_MESSAGES.unexpectedError });
    }
  };

  if (view.name === "done") {
    return (
      <div className="text-center">
        {view.note && (
          <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {view.note}
          </p>
        )}
        <p ref={doneRef} tabIndex={-1} className="text-xl font-bold text-navy">
          {view.waitlisted ? waitlistThanks : thanks}
        </p>
      </div>
    );
  }

  const submitting = view.name === "submitting";
  return (
    <form
      method="post"
      action="/nicaragua"
      noValidate
      onSubmit={onSubmit}
      aria-label="Reserve your spot"
      className="grid gap-5"
    >
      <TextField
        id="event-name"
        name="name"
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        error={errors.name}
        inputRef={nameRef}
        disabled={submitting}
      />
      <TextField
        id="event-phone"
        name="phone"
        type="tel"
        label="Phone number"
        autoComplete="tel"
        inputMode="tel"
        value={values.phone}
        onChange={(e) => setValues((v) => ({ ...v, phone: e.target.value }))}
        error={errors.phone}
        inputRef={phoneRef}
        disabled={submitting}
      />
      <Honeypot value={honeypot} onChange={setHoneypot} />
      {view.name === "form" && view.formError && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {view.formError}
        </p>
      )}
      <Button type="submit" disabled={submitting} className="px-8 text-lg disabled:opacity-70">
        {submitting ? "Reserving..." : buttonLabel}
      </Button>
      <ConsentNote kind="event" field="consentVersion" className="text-ink/75" />
      <p className="sr-only" aria-live="polite">
        {submitting ? "Reserving your spot..." : ""}
      </p>
    </form>
  );
}
