import { fieldErrorClass, Honeypot, TextField } from "~/ui/field";
import { ConsentNote } from "~/ui/consent-note";
import type { EventOutcome } from "./event-schema";
import { Button } from "~/ui/button";
import { HELD_MESSAGES } from "~/features/leads/held-messages";

interface EventSignupFormProps {
  buttonLabel: string;
  thanks: string;
  /** Shown instead of the thanks when the event was full and the name joined the waiting list. */
  waitlistThanks: string;
  /** The server's answer to a plain (no-JavaScript) post of this form. */
  serverOutcome?: EventOutcome;
}

/** What the optional address is for (docs/decisions/079): without it, she confirms by WhatsApp as before. */
const EMAIL_HINT =
  "For the confirmation with a calendar file, a reminder the day before, and word at once if a place comes free.";

const ALERT = "rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800";
const THANKS = "text-xl font-bold text-navy";

/**
 * Event signup: name, phone and an optional e-mail address, 'Reserve My Spot'. A plain form posting to /nicaragua (the page shows
 * the server's answer); event-signup.enhancer.ts sends it as JSON instead and shows
 * form → sending → done in place, with the waiting-list thanks when the event was full. A failed save
 * still ends in the thanks message, after the error note; one sent too fast to be typed is held for the
 * trainer's review, and the thanks says so.
 */
export function EventSignupForm({ buttonLabel, thanks, waitlistThanks, serverOutcome }: EventSignupFormProps) {
  const done =
    serverOutcome?.status === "ok"
      ? { waitlisted: serverOutcome.waitlisted, held: serverOutcome.held }
      : serverOutcome?.status === "failed"
        ? { note: serverOutcome.message }
        : null;
  return (
    <div
      data-enhance="event-signup"
      data-thanks={thanks}
      data-waitlist-thanks={waitlistThanks}
      data-held-thanks={HELD_MESSAGES.event}
      data-alert-class={ALERT}
      data-error-class={fieldErrorClass}
      data-thanks-class={THANKS}
    >
      {done ? (
        <div className="text-center">
          {"note" in done && done.note && (
            <p role="alert" className={`mb-4 ${ALERT}`}>
              {done.note}
            </p>
          )}
          <p tabIndex={-1} className={THANKS}>
            {"held" in done && done.held
              ? HELD_MESSAGES.event
              : "waitlisted" in done && done.waitlisted
                ? waitlistThanks
                : thanks}
          </p>
        </div>
      ) : (
        <SignupFields buttonLabel={buttonLabel} outcome={serverOutcome} />
      )}
    </div>
  );
}

function SignupFields({ buttonLabel, outcome }: { buttonLabel: string; outcome?: EventOutcome }) {
  const values = outcome?.status === "invalid" ? outcome.values : { name: "", phone: "", email: "" };
  const errors = outcome?.status === "invalid" ? outcome.errors : {};
  const formError =
    outcome && outcome.status !== "invalid" && outcome.status !== "ok" && outcome.status !== "failed"
      ? outcome.message
      : undefined;
  return (
    <form method="post" action="/nicaragua" noValidate aria-label="Reserve your spot" className="grid gap-5">
      <TextField
        id="event-name"
        name="name"
        label="Name"
        autoComplete="name"
        defaultValue={values.name}
        error={errors.name}
      />
      <TextField
        id="event-phone"
        name="phone"
        type="tel"
        label="Phone number"
        autoComplete="tel"
        inputMode="tel"
        defaultValue={values.phone}
        error={errors.phone}
      />
      <TextField
        id="event-email"
        name="email"
        type="email"
        label="E-mail (optional)"
        hint={EMAIL_HINT}
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        defaultValue={values.email}
        error={errors.email}
      />
      <Honeypot />
      <div data-form-error="">
        {formError && (
          <p role="alert" className={ALERT}>
            {formError}
          </p>
        )}
      </div>
      <Button type="submit" className="px-8 text-lg disabled:opacity-70" data-label={buttonLabel}>
        {buttonLabel}
      </Button>
      <ConsentNote kind="event" field="consentVersion" className="text-ink/75" />
      <p className="sr-only" aria-live="polite" data-live="" />
    </form>
  );
}
