import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { newsletterCopy, newsletterMessages } from "#content/newsletter";
import { useLocation } from "react-router";
import { track } from "~/features/analytics/track";
import { ConsentNote } from "~/ui/consent-note";
import { formShownAt } from "~/kernel/form-shown-at";
import { subscribeSchema, type SubscribeResponse } from "./schema";
import { ELAPSED_FIELD } from "~/infra/form-fields";
import { buttonStyles, type ButtonVariant } from "~/ui/button";
import { Honeypot } from "~/ui/field";
import { RESET_DELAY_MS } from "./reset-delay";

export interface NewsletterFormProps {
  variant: "footer" | "blog-overview" | "in-article" | "sticky";
  /** BLOG_SOURCE: the post path on /blog/{slug}, 'blog-overview' on /blog, otherwise 'footer'. */
  source: string;
  serviceType?: string;
  content?: { title: string; description: string; ctaText: string; disclaimer?: string; inputPlaceholder: string };
  className?: string;
  /** Called once the address is accepted (the sticky bar remembers it and hides). */
  onSubscribed?: () => void;
}

type Status = "idle" | "loading" | "success" | "error";

export { RESET_DELAY_MS };

const styles = {
  footer: {
    wrapper: "",
    title: "text-lg font-semibold text-white",
    description: "mt-1 text-sm text-white/80",
    input: "border-white/30 bg-white/10 text-white placeholder:text-white/70 focus:border-aqua",
    button: "accent",
    disclaimer: "text-white/70",
    success: "text-aqua",
    error: "text-[#ffb4a8]",
  },
  "blog-overview": {
    wrapper: "rounded-3xl bg-navy px-6 py-10 text-white sm:px-12 sm:py-14",
    title: "text-2xl font-bold tracking-tight text-white sm:text-3xl",
    description: "mt-3 max-w-xl text-white/85",
    input: "border-white/30 bg-white text-ink placeholder:text-ink/60 focus:border-aqua",
    button: "accent",
    disclaimer: "text-white/75",
    success: "text-aqua",
    error: "text-[#ffb4a8]",
  },
  "in-article": {
    wrapper: "rounded-2xl border border-teal/25 bg-[#eef6f5] px-6 py-8 sm:px-10",
    title: "text-2xl font-bold tracking-tight text-navy",
    description: "mt-2 text-ink/85",
    input: "border-navy/25 bg-white text-ink placeholder:text-ink/60 focus:border-teal",
    button: "primary",
    disclaimer: "text-ink/75",
    success: "text-teal-700",
    error: "text-[#b42318]",
  },
  sticky: {
    wrapper: "",
    title: "text-base font-semibold text-white",
    description: "text-sm text-white/80",
    input: "border-white/30 bg-white text-ink placeholder:text-ink/60 focus:border-aqua",
    button: "accent",
    disclaimer: "text-white/70",
    success: "text-aqua",
    error: "text-[#ffb4a8]",
  },
} as const satisfies Record<string, Record<string, string> & { button: ButtonVariant }>;

/**
 * The newsletter sign-up in its four places. States idle, loading, success and error
 *. Without JavaScript the form posts to the same endpoint and the
 * visitor lands on /newsletter with the outcome.
 */
export function NewsletterForm({
  variant,
  source,
  serviceType,
  content,
  className = "",
  onSubscribed,
}: NewsletterFormProps) {
  const copy = content ?? newsletterCopy[variant];
  const { pathname } = useLocation();
  const look = styles[variant];
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const openedAt = useRef(0);
  const [hydrated, setHydrated] = useState(false);
  const [status, setStatus] = useState<Status>("idle");
  const [message, setMessage] = useState("");
  const [fieldError, setFieldError] = useState(false);
  /** The address a confirmation e-mail went to: stays after the form resets, with a resend button. */
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    openedAt.current = formShownAt();
    setHydrated(true);
  }, []);

  useEffect(() => {
    if (status !== "success" && status !== "error") return;
    const timer = setTimeout(() => {
      if (status === "success") formRef.current?.reset();
      setStatus("idle");
      setMessage("");
      setFieldError(false);
    }, RESET_DELAY_MS[variant]);
    return () => clearTimeout(timer);
  }, [status, variant]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "loading" || status === "success") return;
    const body = new FormData(event.currentTarget);
    body.set(ELAPSED_FIELD, String(Math.round(performance.now() - openedAt.current)));
    const check = subscribeSchema.safeParse(Object.fromEntries(body));
    if (!check.success) {
      const emailIssue = check.error.issues.find((issue) => issue.path[0] === "email");
      setStatus("error");
      setMessage(emailIssue?.message ?? newsletterMessages.error);
      setFieldError(!!emailIssue);
      return;
    }
    setStatus("loading");
    setMessage("");
    try {
      const response = await fetch("/api/newsletter", {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams([...body].map(([k, v]) => [k, String(v)])),
      });
      const answer = (await response.json().catch(() => null)) as SubscribeResponse | null;
      if (!response.ok || !answer?.ok) {
        setStatus("error");
        setFieldError(answer?.field === "email");
        // Validation and rate-limit answers say what to do; anything else gets the general text.
        setMessage(
          response.status === 400 || response.status === 429
            ? (answer?.message ?? newsletterMessages.error)
            : newsletterMessages.error,
        );
        return;
      }
      setStatus("success");
      // Held for the trainer's review (sent too fast to be typed): her words say so, and no e-mail is on its way yet.
      setMessage(answer.held ? answer.message : newsletterMessages.success);
      setSentTo(answer.confirmByEmail && !answer.held ? check.data.email : null);
      track("blog_subscription", { source, submittedAt: new Date().toISOString() });
      onSubscribed?.();
    } catch {
      setStatus("error");
      setMessage(newsletterMessages.error);
    }
  }

  const busy = status === "loading" || status === "success";
  const inputId = `${id}-email`;
  const messageId = `${id}-message`;
  const titleId = `${id}-title`;
  const Heading = variant === "sticky" ? "p" : "h2";
  const inline = variant === "sticky";

  return (
    <section
      aria-labelledby={titleId}
      className={`${look.wrapper} ${className}`}
      data-newsletter={variant}
      // On a page without the application, newsletter.enhancer.ts takes the form over, fetched when
      // the form is first used (a focus, a tap, a send: the boot script holds the send until then).
      data-enhance="newsletter"
      data-enhance-on-use=""
      data-resend-class={`md:col-start-2 ${look.disclaimer}`}
    >
      <div
        className={
          inline
            ? "sm:flex sm:items-center sm:gap-6"
            : variant === "footer"
              ? "md:grid md:grid-cols-[1fr_minmax(0,30rem)] md:items-center md:gap-x-12"
              : ""
        }
      >
        <div className={inline ? "hidden min-w-0 sm:block" : ""}>
          <Heading id={titleId} className={look.title}>
            {copy.title}
          </Heading>
          <p className={look.description}>{copy.description}</p>
        </div>
        <form
          ref={formRef}
          method="post"
          action="/api/newsletter"
          noValidate={hydrated}
          // Before the app runs, the page's loader hands an empty address to it instead of the
          // browser's bubble, so the visitor sees the site's own message either way.
          data-own-errors=""
          onSubmit={onSubmit}
          className={inline ? "flex-1" : variant === "footer" ? "mt-5 md:mt-0" : "mt-5"}
          aria-label={copy.title}
        >
          <input type="hidden" name="source" value={source} />
          <input type="hidden" name="variant" value={variant} />
          <input type="hidden" name="page" value={pathname} />
          {serviceType && <input type="hidden" name="serviceType" value={serviceType} />}
          <Honeypot />
          <div className={`flex gap-3 ${inline ? "flex-row" : "flex-col sm:flex-row"}`}>
            <label htmlFor={inputId} className="sr-only">
              {newsletterMessages.emailLabel}
            </label>
            <input
              id={inputId}
              type="email"
              name="email"
              required
              maxLength={254}
              autoComplete="email"
              inputMode="email"
              placeholder={copy.inputPlaceholder}
              disabled={busy}
              aria-invalid={status === "error" && fieldError ? true : undefined}
              aria-describedby={messageId}
              className={`min-h-12 w-full min-w-0 flex-1 rounded-full border px-5 text-base outline-none transition-colors disabled:opacity-70 ${look.input}`}
            />
            <button
              type="submit"
              disabled={busy}
              className={buttonStyles({
                variant: look.button,
                // aria-busy: sent before the form's script runs, held until it does (features/enhancers/boot.ts).
                className: `shrink-0 ${inline ? "px-4 sm:px-6" : "px-6"} disabled:cursor-not-allowed disabled:opacity-80 aria-busy:cursor-progress aria-busy:opacity-80`,
              })}
            >
              {status === "loading" ? (
                <span className="inline-flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
                  />
                  {newsletterMessages.sending}
                </span>
              ) : (
                copy.ctaText
              )}
            </button>
          </div>
          <div
            id={messageId}
            className={inline ? "" : "min-h-6"}
            data-newsletter-message=""
            data-success-class={`${inline ? "mt-2" : "mt-3"} text-sm font-semibold ${look.success}`}
            data-error-class={`${inline ? "mt-2" : "mt-3"} text-sm font-semibold ${look.error}`}
          >
            {status === "success" && (
              <p role="status" className={`${inline ? "mt-2" : "mt-3"} text-sm font-semibold ${look.success}`}>
                {message}
              </p>
            )}
            {status === "error" && (
              <p role="alert" className={`${inline ? "mt-2" : "mt-3"} text-sm font-semibold ${look.error}`}>
                {message}
              </p>
            )}
          </div>
          {copy.disclaimer && !inline && <p className={`mt-1 text-xs ${look.disclaimer}`}>{copy.disclaimer}</p>}
          <ConsentNote
            kind="newsletter"
            field="consentVersion"
            className={`${inline ? "mt-1" : "mt-2"} ${look.disclaimer}`}
          />
        </form>
        {sentTo && !inline && <ResendNote email={sentTo} className={`md:col-start-2 ${look.disclaimer}`} />}
      </div>
    </section>
  );
}

/**
 * "Check your inbox" under a form whose sign-up waits for the double opt-in, with a resend button.
 * A plain form as well: without the fetch it posts natively and lands on /newsletter?status=resent.
 */
function ResendNote({ email, className }: { email: string; className: string }) {
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      const response = await fetch("/api/newsletter/resend", {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ email }),
      });
      const body = (await response.json().catch(() => null)) as { ok?: boolean; message?: string } | null;
      setAnswer({ ok: response.ok && !!body?.ok, message: body?.message ?? newsletterMessages.error });
    } catch {
      setAnswer({ ok: false, message: newsletterMessages.error });
    } finally {
      setSending(false);
    }
  }

  return (
    <form method="post" action="/api/newsletter/resend" onSubmit={onSubmit} className={`mt-3 text-sm ${className}`}>
      <input type="hidden" name="email" value={email} />
      <p role="status">
        {newsletterMessages.checkInbox} <strong>{email}</strong>.
      </p>
      <p className="mt-1">
        {newsletterMessages.resendHeading}{" "}
        <button type="submit" disabled={sending} className="min-h-6 font-semibold underline underline-offset-2">
          {newsletterMessages.resendButton}
        </button>
      </p>
      {answer && (
        <p role={answer.ok ? "status" : "alert"} className="mt-1 font-semibold">
          {answer.message}
        </p>
      )}
    </form>
  );
}
