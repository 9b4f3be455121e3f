import { useEffect, useRef, type ReactNode } from "react";
import { Form, NavLink, useLocation, useNavigation } from "react-router";
import { checkSessionOverHttp, createSessionKeeper } from "~/features/auth/session-keeper";
import { Button, ButtonLink, type ButtonVariant } from "~/ui/button";
import { z } from "zod";
import { compactInputClass, TextField } from "~/ui/field";

const RENEW_EVERY_MS = 4 * 60_000;

/** Renews the session while the page is open; see session-keeper.ts for the rules. */
export function SessionKeeper() {
  useEffect(() => {
    const keeper = createSessionKeeper({
      intervalMs: RENEW_EVERY_MS,
      check: () => checkSessionOverHttp(),
      onRejected: () =>
        window.location.assign(
          `/admin/login?reason=expired&redirectTo=${encodeURIComponent(window.location.pathname + window.location.search)}`,
        ),
      isVisible: () => document.visibilityState !== "hidden",
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
    });
    const onVisibility = () => keeper.visibilityChanged();
    document.addEventListener("visibilitychange", onVisibility);
    keeper.start();
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      keeper.stop();
    };
  }, []);
  return null;
}

const NAV = [
  { to: "/admin", label: "Leads", end: true },
  { to: "/admin/funnel", label: "Funnel" },
  { to: "/admin/vitals", label: "Page speed" },
  { to: "/admin/events", label: "Events" },
  { to: "/admin/event-signups", label: "Event signups" },
  { to: "/admin/offers", label: "Prices" },
  { to: "/admin/subscribers", label: "Subscribers" },
  { to: "/admin/newsletter", label: "Newsletter" },
  { to: "/admin/clients", label: "Clients" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/articles", label: "Articles" },
  { to: "/admin/testimonials", label: "Testimonials" },
  { to: "/admin/faq", label: "FAQ" },
  { to: "/admin/site", label: "Contact details" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/follow-ups", label: "Follow-ups" },
  { to: "/admin/unsaved", label: "Unsaved submissions" },
  { to: "/admin/held", label: "Held for review" },
  { to: "/admin/data-requests", label: "Data requests" },
  { to: "/faq-visual-export", label: "Make a social-media picture of a question" },
  { to: "/testimonial-visual-export", label: "Make a social-media picture of a testimonial" },
  { to: "/admin/security", label: "Security" },
];

function NavLinks({ layout }: { layout: "row" | "column" }) {
  return (
    <ul className={layout === "row" ? "flex flex-wrap gap-1 text-sm" : "grid gap-1"}>
      {NAV.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              `inline-flex min-h-11 items-center rounded-full px-3 font-medium ${layout === "column" ? "w-full" : ""} ${isActive ? "bg-navy text-white" : "text-ink hover:bg-navy/5"}`
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SignOut() {
  return (
    <Form method="post" action="/admin/sign-out">
      <input type="hidden" name="scope" value="local" />
      <Button type="submit" variant="secondary" size="sm" className="whitespace-nowrap">
        Sign out
      </Button>
    </Form>
  );
}

/**
 * The back office's own bar (navigation, the trainer's account, sign-out), shown by the admin
 * layout route on signed-in pages. It keeps the session alive while the page is open. On a
 * phone the links fold into a menu button (a plain <details>, so it opens without JavaScript)
 * and the page's content starts right under it. The layout stays in place from page to page, so
 * the menu closes itself once she has picked one: left open, it pushed the new page about 900 px
 * down, below the list of links.
 */
export function AdminBar({ email }: { email: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  // Only a move to another page closes it: the page's scripts arriving must not close a menu she
  // opened before they did (a phone may take a moment to load them).
  const shownFor = useRef(key);
  useEffect(() => {
    if (shownFor.current === key) return;
    shownFor.current = key;
    if (menu.current) menu.current.open = false;
  }, [key]);
  return (
    <div className="border-b border-navy/10 bg-white">
      <SessionKeeper />
      <details ref={menu} className="group px-4 py-1 md:hidden">
        <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full px-3 font-semibold text-navy hover:bg-navy/5 [&::-webkit-details-marker]:hidden">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
            <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
          </svg>
          Menu
        </summary>
        <nav aria-label="Back office" className="pb-3 pt-1">
          <NavLinks layout="column" />
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-navy/10 pt-3 text-sm">
            <span className="min-w-0 break-all text-ink/80">{email}</span>
            <SignOut />
          </div>
        </nav>
      </details>
      <div className="mx-auto hidden max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6 md:flex">
        <nav aria-label="Back office">
          <NavLinks layout="row" />
        </nav>
        <div className="flex items-center gap-3 text-sm">
          <span className="min-w-0 break-all text-ink/80">{email}</span>
          <SignOut />
        </div>
      </div>
    </div>
  );
}

/** A signed-in page: its title, actions beside it, and its content, inside the admin layout. */
export function AdminShell({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-8">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2 sm:mb-6">
        <h1 className="text-2xl font-bold text-navy sm:text-3xl">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** Centered card for the signed-out pages (sign-in, verify, reset). */
export function AuthCard({ title, children, intro }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-20">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy/10 sm:p-8">
        <h1 className="text-2xl font-bold text-navy">{title}</h1>
        {intro ? <div className="mt-2 text-ink/80">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** The trainer's account address, as the sign-in and forgotten-password pages ask for it. */
export function AccountEmailField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <TextField
      id="account-email"
      look="compact"
      label="E-mail address"
      name="email"
      type="email"
      autoComplete="username"
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** The new password and its repeat, as the reset-link page and the Security page ask for them. */
export function NewPasswordFields({ errors }: { errors: Partial<Record<"newPassword" | "confirmPassword", string>> }) {
  return (
    <>
      <TextField
        id="new-password"
        look="compact"
        label="New password"
        hint="At least 12 characters."
        name="newPassword"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword}
      />
      <TextField
        id="confirm-password"
        look="compact"
        label="New password again"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  );
}

export function SubmitButton({
  children,
  busyText,
  name,
  value,
  variant = "primary",
}: {
  children: ReactNode;
  busyText?: string;
  name?: string;
  value?: string;
  variant?: Extract<ButtonVariant, "primary" | "secondary" | "danger">;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (!name || navigation.formData?.get(name) === value);
  return (
    <Button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      variant={variant}
      size="md"
      className="disabled:opacity-60"
    >
      {busy && busyText ? busyText : children}
    </Button>
  );
}

/**
 * A step that is asked twice (cancel, delete): the first tap only opens the question, a plain
 * <details> that works before the application runs; the form inside it does the step.
 */
export function ConfirmStep({
  label,
  look = "outline",
  className = "",
  id,
  intent,
  confirm,
  busyText,
  children,
  fields = {},
}: {
  /** The first button: "Delete…". */
  label: string;
  /** A bordered button, or a quieter underlined one for a rarer step. */
  look?: "outline" | "link";
  className?: string;
  /** The record's id, sent as `id`. */
  id: string;
  /** Sent as `intent`. */
  intent: string;
  /** The second button: "Yes, delete Anna". */
  confirm: string;
  busyText: string;
  /** The question. */
  children: ReactNode;
  /** More hidden fields the step sends besides `id` and `intent`. */
  fields?: Record<string, string>;
}) {
  const looks = { outline: "border border-red-700/40", link: "underline" };
  return (
    <details className={className ? `group w-full ${className}` : "group w-full"}>
      <summary
        className={`inline-flex min-h-11 cursor-pointer list-none items-center rounded-full px-4 text-sm font-semibold text-red-800 hover:bg-red-50 [&::-webkit-details-marker]:hidden ${looks[look]}`}
      >
        {label}
      </summary>
      <Form method="post" className="mt-2 rounded-lg bg-red-50 p-3">
        <p className="mb-2">{children}</p>
        <input type="hidden" name="id" value={id} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <SubmitButton name="intent" value={intent} variant="danger" busyText={busyText}>
          {confirm}
        </SubmitButton>
      </Form>
    </details>
  );
}

export function Notice({ tone = "info", children }: { tone?: "info" | "error" | "success"; children: ReactNode }) {
  const styles = {
    info: "bg-sky-50 text-navy ring-sky-200",
    error: "bg-red-50 text-red-800 ring-red-200",
    success: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`mb-4 rounded-lg px-4 py-3 ring-1 ${styles}`}>
      {children}
    </div>
  );
}

/** A list's search words and page from its address; a value out of range falls back, never fails. */
const listQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function listQuery(url: string): { q: string; page: number } {
  const params = new URL(url).searchParams;
  return listQuerySchema.parse({ q: params.get("q") ?? "", page: params.get("page") ?? 1 });
}

/** The address of another page of a list, keeping its search words. */
export function pageHref(path: string, q = ""): (page: number) => string {
  return (page) => `${path}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
}

/** A list's search box: a plain GET form, so a search is an address she can keep or share. */
export function ListSearch({ id, name, label, q }: { id: string; name: string; label: string; q: string }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={name}
      className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy/10"
    >
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <input id={id} name="q" type="search" defaultValue={q} className={compactInputClass} />
      </div>
      <Button type="submit" variant="dark" size="sm">
        Search
      </Button>
    </Form>
  );
}

export function Pagination({
  page,
  pageCount,
  total,
  capped,
  href,
}: {
  page: number;
  pageCount: number;
  total: number;
  capped?: boolean;
  href: (page: number) => string;
}) {
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>
        {total.toLocaleString("en-GB")}
        {capped ? "+ (narrow the filters to see older ones)" : ""} in total · page {page} of {pageCount}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <ButtonLink to={href(page - 1)} variant="quiet" size="sm">
            Previous page
          </ButtonLink>
        ) : null}
        {page < pageCount ? (
          <ButtonLink to={href(page + 1)} variant="quiet" size="sm">
            Next page
          </ButtonLink>
        ) : null}
      </div>
    </nav>
  );
}

export function formatDateTime(value: Date | string | null): string {
  if (!value) return "";
  return new Date(value).toLocaleString("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Europe/Amsterdam",
  });
}

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

export const adminMeta = (title: string) => [
  { title: `${title} · Back office` },
  { name: "robots", content: "noindex, nofollow" },
  // Installable to the home screen (Android; iPhone via "Add to Home Screen", needed there for Web Push).
  { tagName: "link", rel: "manifest", href: "/admin.webmanifest" },
  { tagName: "link", rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { name: "theme-color", content: "#0b1f3a" },
];

/** An editor's earlier versions, each with a one-click "restore and publish" (articles keep their own list with diffs). */
export function VersionHistory({
  versions,
}: {
  versions: { version: number; reason: string; createdAt: Date | string; summary: ReactNode }[];
}) {
  return (
    <section aria-labelledby="history-heading" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-navy/10">
      <h2 id="history-heading" className="text-xl font-semibold text-navy">
        Earlier versions
      </h2>
      <ol className="mt-3 grid gap-2 text-sm">
        {versions.map((v) => (
          <li key={v.version} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <strong>Version {v.version}</strong> ({v.reason}, {formatDateTime(v.createdAt)}): {v.summary}
            </span>
            <Form method="post">
              <input type="hidden" name="version" value={v.version} />
              <SubmitButton name="intent" value="restore" variant="secondary">
                Restore version {v.version} and publish
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ol>
    </section>
  );
}
