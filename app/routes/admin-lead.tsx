import { data, Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/admin-lead";
import { requireServices } from "~/context";
import { sourceLabel, type FirstTouch } from "~/infra/first-touch";
import { audit, forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { updateLead } from "~/features/reports/data.server";
import { leadTimeline } from "~/features/reports/timeline.server";
import { ConsentList } from "~/features/back-office/consent-list";
import type { TimelineEntry } from "~/features/reports/timeline.server";
import { leadUpdateSchema } from "~/features/back-office/filters";
import { STATUS_LABELS, type LeadStatus } from "~/features/back-office/labels";
import { fieldErrors } from "~/features/auth/schema";
import { AdminShell, adminMeta, formatDateTime, formatMoney, Notice } from "~/features/back-office/ui";
import { Button } from "~/ui/button";
import { NoteField, StatusSelect } from "~/features/back-office/lead-form";
import { CONTACT_LABELS, isContactChannel } from "~/features/leads/contact";
import { ContactButtons, RepeatFlags } from "~/features/back-office/lead-contact";
import { cancelLeadFollowUp, leadFollowUps } from "~/features/follow-ups/lead.server";
import { LeadFollowUps } from "~/features/back-office/lead-follow-ups";

export const meta: Route.MetaFunction = () => adminMeta("Lead");
export const headers = forwardSessionHeaders;

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const timeline = /^[0-9a-f-]{36}$/i.test(params.id) ? await leadTimeline(ctx.services.database.db, params.id) : null;
  if (!timeline) throw data("This lead does not exist.", { status: 404 });
  const followUps = await leadFollowUps(ctx.services.database.db, timeline.lead);
  return data({ ...timeline, followUps }, { headers: trainer.headers });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const form = await request.formData();
  if (form.get("intent") === "cancel-follow-up") return cancelFollowUp(ctx, trainer, params.id, form);
  const parsed = leadUpdateSchema.safeParse({
    id: params.id,
    status: form.get("status"),
    note: form.get("note") ?? "",
  });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), saved: false }, { status: 400 });
  const found = await updateLead(ctx.services.database.db, parsed.data, trainer.user.id, ctx.services.followUps);
  if (!found) return data({ errors: { form: "This lead no longer exists." }, saved: false }, { status: 404 });
  await audit(ctx.services.database.db, {
    action: "lead.updated",
    userId: trainer.user.id,
    ip: ctx.clientIp,
    detail: { id: parsed.data.id, status: parsed.data.status },
  });
  return data({ errors: {} as Record<string, string>, saved: true }, { headers: trainer.headers });
}

/** Cancel on the lead's follow-ups: only one of this lead's, only while it is still planned. */
async function cancelFollowUp(
  ctx: ReturnType<typeof requireServices>,
  trainer: ReturnType<typeof trainerOf>,
  leadId: string,
  form: FormData,
) {
  const db = ctx.services.database.db;
  const timeline = /^[0-9a-f-]{36}$/i.test(leadId) ? await leadTimeline(db, leadId) : null;
  const key = String(form.get("key") ?? "");
  const done = timeline ? await cancelLeadFollowUp(db, timeline.lead, key) : false;
  if (!done)
    return data(
      {
        errors: {} as Record<string, string>,
        saved: false,
        followUp: { ok: false, message: "That message is no longer planned." },
      },
      { status: 404, headers: trainer.headers },
    );
  await audit(db, { action: "follow-up.cancelled", userId: trainer.user.id, ip: ctx.clientIp, detail: { key } });
  return data(
    {
      errors: {} as Record<string, string>,
      saved: false,
      followUp: { ok: true, message: "Cancelled: it will not go out." },
    },
    { headers: trainer.headers },
  );
}

const statusName = (s: string | null) => (s ? (STATUS_LABELS[s as LeadStatus] ?? s) : "(none)");

function sourceLines(touch: FirstTouch): string[] {
  const utm = [
    ["source", touch.utmSource],
    ["medium", touch.utmMedium],
    ["campaign", touch.utmCampaign],
    ["term", touch.utmTerm],
    ["content", touch.utmContent],
  ].filter(([, v]) => v);
  return [
    `Source: ${sourceLabel(touch)}`,
    ...(utm.length ? [`Campaign: ${utm.map(([k, v]) => `${k} ${v}`).join(", ")}`] : []),
    ...(touch.referrer ? [`Referring site: ${touch.referrer}`] : []),
    `Landing page: ${touch.landingPath}`,
  ];
}

function describe(entry: TimelineEntry): { title: string; lines: string[]; link?: { to: string; label: string } } {
  switch (entry.kind) {
    case "first-visit":
      return { title: "First visit", lines: sourceLines(entry.firstTouch) };
    case "intake":
      return {
        title: "Intake questionnaire",
        lines: [
          ...entry.answers.map((a) => `${a.question}: ${a.answer}`),
          ...(entry.message ? [`Message: ${entry.message}`] : []),
        ],
      };
    case "call-booked":
      return {
        title: "Intake call booked",
        lines: [
          ...(entry.startsAt ? [`For ${formatDateTime(entry.startsAt)}`] : []),
          `Via ${entry.provider}${entry.matchedBy ? `, matched by ${entry.matchedBy}` : ""}`,
        ],
      };
    case "call-cancelled":
      return {
        title: "Intake call cancelled",
        lines: entry.startsAt ? [`Was for ${formatDateTime(entry.startsAt)}`] : [],
      };
    case "event-signup":
      return {
        title: "Signed up for the beach workout",
        lines: [`As ${entry.name ?? "(no name)"}, same phone number`],
      };
    case "newsletter":
      return { title: `Newsletter: ${entry.status}`, lines: [entry.note] };
    case "order":
      return {
        title: `Order: ${entry.plan}`,
        lines: [
          `${formatMoney(entry.amountCents, entry.currency)} per payment, now ${entry.status.replace(/_/g, " ")}`,
        ],
      };
    case "payment":
      return {
        title: `Payment ${entry.instalment} of ${entry.of}`,
        lines: [formatMoney(entry.amountCents, entry.currency)],
      };
    case "status":
      return {
        title: `Status: ${statusName(entry.from)} → ${statusName(entry.to)}`,
        lines: [
          entry.actor === "trainer"
            ? "By you"
            : `On its own (${{ booking: "call booked", cancellation: "call cancelled", payment: "paid order" }[entry.reason ?? ""] ?? entry.reason})`,
        ],
      };
    case "note":
      return { title: "Note", lines: [entry.note ?? ""] };
    case "repeat":
      return {
        title: "Sent the form again",
        lines: [],
        link: { to: `/admin/leads/${entry.leadId}`, label: "Open that questionnaire" },
      };
    case "contact":
      return {
        title: `Contact attempt: ${isContactChannel(entry.channel) ? CONTACT_LABELS[entry.channel] : entry.channel}`,
        lines: ["By you, from the back office"],
      };
  }
}

export default function AdminLead() {
  const { lead, entries, consents, repeats, followUps } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const errors: Record<string, string> = result?.errors ?? {};
  return (
    <AdminShell
      title={lead.name}
      actions={
        <Link to="/admin" className="min-h-11 rounded-full px-3 py-2.5 font-medium text-teal-700 underline">
          All leads
        </Link>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="lead-details" className="self-start rounded-2xl bg-white p-5 ring-1 ring-navy/10">
          <h2 id="lead-details" className="text-lg font-semibold text-navy">
            Details
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">E-mail</dt>
            <dd className="break-all">{lead.email ?? ""}</dd>
            <dt className="font-medium">Phone</dt>
            <dd>
              {lead.links.call ? (
                <a href={lead.links.call} className="text-teal-700 underline">
                  {lead.phone}
                </a>
              ) : (
                (lead.phone ?? "")
              )}
            </dd>
            <dt className="font-medium">Source</dt>
            <dd>{sourceLabel(lead.firstTouch)}</dd>
            <dt className="font-medium">Status</dt>
            <dd>{statusName(lead.status)}</dd>
          </dl>
          <RepeatFlags repeats={repeats} />
          <ContactButtons
            leadId={lead.id}
            name={lead.name}
            links={lead.links}
            // The attempt (and a "new" lead's move to "contacted") shows on the timeline at once.
            onRecorded={() => void revalidator.revalidate()}
          />
          {/* Keyed by the status, so a status changed by a contact tap shows in the select. */}
          <Form key={lead.status} method="post" className="mt-4 grid gap-3">
            <StatusSelect id="status" label="Change status" defaultValue={lead.status} />
            <NoteField id="note" rows={3} defaultValue={lead.note ?? ""} error={errors.note} />
            <Button
              type="submit"
              disabled={navigation.state === "submitting"}
              variant="dark"
              size="md"
              className="disabled:opacity-60"
            >
              {navigation.state === "submitting" ? "Saving…" : "Save"}
            </Button>
          </Form>
          <p role="status" className="mt-2 text-sm text-emerald-800">
            {result?.saved ? "Saved." : ""}
          </p>
          {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        </section>
        <section aria-labelledby="timeline-heading" className="rounded-2xl bg-white p-5 ring-1 ring-navy/10">
          <h2 id="timeline-heading" className="text-lg font-semibold text-navy">
            Timeline
          </h2>
          <ol aria-label="Timeline, oldest first" className="mt-4 space-y-4 border-l-2 border-teal/40 pl-5">
            {entries.map((entry, i) => {
              const { title, lines, link } = describe(entry);
              return (
                <li key={`${entry.kind}-${entry.at}-${i}`}>
                  <p className="text-xs text-ink/75">
                    <time dateTime={entry.at}>
                      {entry.kind === "first-visit" ? entry.firstTouch.firstSeen : formatDateTime(entry.at)}
                    </time>
                  </p>
                  <h3 className="font-semibold text-navy">{title}</h3>
                  {lines.map((line) => (
                    <p key={line} className="whitespace-pre-line text-sm">
                      {line}
                    </p>
                  ))}
                  {link ? (
                    <Link to={link.to} className="inline-flex min-h-11 items-center text-sm text-teal-700 underline">
                      {link.label}
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </section>
        <div className="lg:col-span-full">
          <LeadFollowUps
            followUps={followUps}
            result={result && "followUp" in result ? (result.followUp as { ok: boolean; message: string }) : undefined}
          />
        </div>
        <section
          aria-labelledby="consent-heading"
          className="rounded-2xl bg-white p-5 ring-1 ring-navy/10 lg:col-span-full"
        >
          <h2 id="consent-heading" className="text-lg font-semibold text-navy">
            Proof of consent
          </h2>
          <div className="mt-4">
            <ConsentList records={consents ?? []} />
          </div>
        </section>
      </div>
    </AdminShell>
  );
}
