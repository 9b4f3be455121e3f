import { Link } from "react-router";
import { CONTACT_CHANNELS, CONTACT_LABELS, type ContactChannel, type ContactLinks } from "~/features/leads/contact";
import type { Repeats } from "~/features/leads/repeats";
import { formatDateTime } from "./ui";

/**
 * Tells the server that the trainer reached out, while the link itself opens WhatsApp, the
 * dialler or the mail app. keepalive lets the request finish when the phone switches apps.
 */
function recordContact(leadId: string, channel: ContactChannel): Promise<{ status: string } | null> {
  const body = new FormData();
  body.set("channel", channel);
  return fetch(`/admin/leads/${leadId}/contact`, {
    method: "POST",
    body,
    keepalive: true,
    credentials: "same-origin",
  }).then(
    async (response) => (response.ok ? ((await response.json()) as { status: string }) : null),
    () => null,
  );
}

const channelStyle: Record<ContactChannel, string> = {
  whatsapp: "bg-emerald-700 text-white hover:bg-emerald-800",
  call: "bg-navy text-white hover:bg-navy-700",
  email: "border border-navy/30 text-navy hover:bg-navy/5",
};

/**
 * WhatsApp, Call and E-mail for one lead (each only when the lead gave what it needs), wherever
 * the back office shows a lead. A tap opens the app and records the attempt on the lead's
 * timeline (a lead still at "new" becomes "contacted"); `onRecorded` hears the status after it.
 * Without JavaScript the links still open; she sets the status by hand.
 */
export function ContactButtons({
  leadId,
  name,
  links,
  onRecorded,
}: {
  leadId: string;
  name: string;
  links: ContactLinks;
  onRecorded?: (status: string) => void;
}) {
  if (!CONTACT_CHANNELS.some((channel) => links[channel])) return null;
  return (
    <ul aria-label={`Contact ${name}`} className="mt-3 grid grid-cols-3 gap-2">
      {CONTACT_CHANNELS.map((channel) => {
        const href = links[channel];
        if (!href) return null;
        return (
          <li key={channel}>
            <a
              href={href}
              // WhatsApp opens in its own app or tab; the back office stays where it was.
              {...(channel === "whatsapp" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              onClick={() => {
                void recordContact(leadId, channel).then((answer) => {
                  if (answer) onRecorded?.(answer.status);
                });
              }}
              className={`flex min-h-11 items-center justify-center rounded-full px-3 text-sm font-semibold ${channelStyle[channel]}`}
            >
              {CONTACT_LABELS[channel]}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** "Also sent on …" and "Sent the form again on …": the same person's other questionnaires, linked. */
export function RepeatFlags({ repeats }: { repeats: Repeats }) {
  if (repeats.earlier.length === 0 && repeats.later.length === 0) return null;
  const item = (label: string, other: { id: string; createdAt: string }) => (
    <li key={other.id}>
      <Link to={`/admin/leads/${other.id}`} className="inline-block py-3 underline">
        {label} <time dateTime={other.createdAt}>{formatDateTime(other.createdAt)}</time>
      </Link>
    </li>
  );
  return (
    <ul
      aria-label="The same person's other questionnaires"
      className="mt-2 rounded-md bg-amber-100 px-3 text-sm font-semibold text-amber-950"
    >
      {repeats.earlier.map((other) => item("Also sent on", other))}
      {repeats.later.map((other) => item("Sent the form again on", other))}
    </ul>
  );
}
