import { z } from "zod";
import { data, Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-held";
import { requireServices } from "~/context";
import { audit, forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { describeDeadLetter } from "~/features/back-office/dead-letters";
import { SubmissionFields } from "~/features/back-office/submission-fields";
import {
  AdminShell,
  adminMeta,
  ConfirmStep,
  formatDateTime,
  ListSearch,
  listQuery,
  Notice,
  pageHref,
  Pagination,
} from "~/features/back-office/ui";
import type { ReactNode } from "react";
import {
  acceptHeld,
  deleteHeld,
  deleteHeldLike,
  listHeld,
  type HeldForm,
  type HeldListRow,
} from "~/features/leads/held.server";
import { eventLeadSchema, intakeLeadSchema, storeLead } from "~/features/leads/signups.server";
import { leadDeps } from "~/features/leads/submission.server";
import { subscribeSchema } from "~/features/newsletter/schema";
import { subscribe } from "~/features/newsletter/subscribe.server";
import { consentCaptureSchema } from "~/infra/consent.server";
import { firstTouchSchema } from "~/infra/first-touch";
import { Button } from "~/ui/button";
import { retention } from "#content/retention";

export const meta: Route.MetaFunction = () => adminMeta("Held for review");
export const headers = forwardSessionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const { q, page } = listQuery(request.url);
  // "Delete all like this" deletes what had come in by now, the moment the counts were taken.
  const shownAt = new Date().toISOString();
  const held = await listHeld(ctx.services.database.db, { q, page });
  return data({ q, shownAt, ...held, rows: held.rows.map(view) }, { headers: trainer.headers });
}

const FORM_LABELS: Record<HeldForm, string> = {
  intake: "Intake questionnaire",
  event: "Event signup",
  newsletter: "Newsletter sign-up",
};

/** Who sent it and what they wrote; how the page knew it (first touch, consent proof) stays out of the way. */
function view(row: HeldListRow) {
  const raw = (row.payload && typeof row.payload === "object" ? row.payload : {}) as Record<string, unknown>;
  const { firstTouch: _touch, consent: _consent, input, ...rest } = raw;
  const payload = input && typeof input === "object" ? { ...(input as Record<string, unknown>), ...rest } : rest;
  const { fields } = describeDeadLetter({
    id: row.id,
    kind: row.form,
    payload,
    createdAt: row.createdAt.toISOString(),
    deadAt: "",
    attempts: 0,
  });
  return {
    id: row.id,
    form: FORM_LABELS[row.form],
    receivedAt: row.createdAt.toISOString(),
    elapsedMs: row.elapsedMs,
    network: row.network,
    sameContent: row.sameContent,
    sameNetwork: row.sameNetwork,
    looksReal: row.looksReal,
    fields: fields.filter((field) => !["variant", "consentVersion", "page", "eventKey"].includes(field.label)),
  };
}

const newsletterPayloadSchema = z.object({
  input: subscribeSchema,
  firstTouch: firstTouchSchema.nullable().optional(),
  consent: consentCaptureSchema.optional(),
});

const likeSchema = z.object({ by: z.enum(["content", "network"]), upTo: z.iso.datetime() });

type ActionResult = { ok: true; message: string } | { ok: false; message: string };

/** Accept: stored as the form would have stored it (notifications and e-mails included); delete: gone. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const db = ctx.services.database.db;
  const answer = (result: ActionResult, status = 200) => data(result, { status, headers: trainer.headers });
  const intent = form.get("intent");
  if (intent === "delete") {
    if (!(await deleteHeld(db, id))) return answer({ ok: false, message: "That submission was already handled." }, 404);
    await audit(db, { action: "held.deleted", userId: trainer.user.id, ip: ctx.clientIp, detail: { id } });
    return answer({ ok: true, message: "Deleted." });
  }
  if (intent === "delete-like") {
    const like = likeSchema.safeParse({ by: form.get("by"), upTo: form.get("upTo") });
    if (!like.success) return answer({ ok: false, message: "Choose which ones to delete again." }, 400);
    const gone = await deleteHeldLike(db, id, like.data.by, new Date(like.data.upTo));
    if (gone === null) return answer({ ok: false, message: "That submission was already handled." }, 404);
    await audit(db, {
      action: "held.deleted-like",
      userId: trainer.user.id,
      ip: ctx.clientIp,
      detail: { id, by: like.data.by, count: gone },
    });
    return answer({ ok: true, message: `Deleted ${gone.toLocaleString("en-GB")}.` });
  }
  if (intent !== "accept") return answer({ ok: false, message: "Choose Accept or Delete." }, 400);
  const accepted = await acceptHeld(db, id, async (kind, payload) => {
    if (kind === "newsletter") {
      const held = newsletterPayloadSchema.parse(payload);
      await subscribe(ctx.services, held.input, {
        firstTouch: held.firstTouch ?? null,
        consent: held.consent,
      });
      return;
    }
    const lead = kind === "intake" ? intakeLeadSchema.parse(payload) : eventLeadSchema.parse(payload);
    const stored = await storeLead(leadDeps(ctx), kind, lead);
    if (stored.status === "failed") throw new Error("the lead could not be stored");
  }).catch((error: unknown) => {
    ctx.services.logger.error({ err: error }, "accepting a held submission failed");
    return "failed" as const;
  });
  if (accepted === "failed")
    return answer({ ok: false, message: "It could not be stored just now; it is still here. Please try again." }, 503);
  if (!accepted) return answer({ ok: false, message: "That submission was already handled." }, 404);
  await audit(db, { action: "held.accepted", userId: trainer.user.id, ip: ctx.clientIp, detail: { id } });
  const where = { intake: "Leads", event: "Event signups", newsletter: "Subscribers" }[accepted.form];
  return answer({ ok: true, message: `Accepted: it is now under ${where}.` });
}

/** "Delete all like this": every held form with this one's content, or from its network, up to when the page was shown. */
function DeleteAllLike({
  id,
  by,
  count,
  upTo,
  children,
}: {
  id: string;
  by: "content" | "network";
  count: number;
  upTo: string;
  /** What the forms have in common, after "This deletes the N". */
  children: ReactNode;
}) {
  const n = count.toLocaleString("en-GB");
  return (
    <ConfirmStep
      look="link"
      id={id}
      intent="delete-like"
      fields={{ by, upTo }}
      label={by === "content" ? `Delete all ${n} with this content…` : `Delete all ${n} from this network…`}
      confirm={`Yes, delete ${n}`}
      busyText="Deleting…"
    >
      This deletes the {n} {children} Nothing of them is kept.
    </ConfirmStep>
  );
}

export default function AdminHeld() {
  const { rows, total, page, pageCount, q, shownAt } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const href = pageHref("/admin/held", q);
  return (
    <AdminShell title="Held for review">
      <p className="mb-6 max-w-3xl text-ink/80">
        These forms came in faster than a person usually types, which is what spam robots do, but a visitor whose
        browser filled in the form can be that quick too. Each visitor was told their form is being checked. Accept the
        real ones (they then appear like any other and you get the usual notice); delete the rest. Anything left here is
        deleted after {retention.heldSubmissionDays} days.
      </p>
      {result ? (
        <div className="mb-6">
          <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice>
        </div>
      ) : null}
      <ListSearch id="held-q" name="Search held forms" label="Name, e-mail, phone or text" q={q} />
      {rows.length === 0 ? (
        <Notice>
          {q ? `No held form matches “${q}”.` : "Nothing is held: every form that came in went straight through."}
        </Notice>
      ) : (
        <>
          <ul className="grid gap-4">
            {rows.map((entry) => (
              <li key={entry.id}>
                <article
                  aria-labelledby={`held-${entry.id}`}
                  className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy/10 sm:p-5"
                >
                  <h2 id={`held-${entry.id}`} className="text-lg font-semibold text-navy">
                    {entry.form}, received {formatDateTime(entry.receivedAt)}
                  </h2>
                  <p className="mt-1 text-sm text-ink/70">
                    {entry.elapsedMs !== null
                      ? `Sent ${(Math.max(0, entry.elapsedMs) / 1000).toFixed(1)} s after the form appeared. `
                      : ""}
                    {entry.looksReal
                      ? "Looks like a real visitor."
                      : "Looks like part of a robot flood (the same text from many networks, or many from one)."}
                  </p>
                  <SubmissionFields fields={entry.fields} />
                  <Form method="post" className="mt-4 flex flex-wrap gap-3">
                    <input type="hidden" name="id" value={entry.id} />
                    <Button type="submit" name="intent" value="accept" variant="dark" size="sm">
                      Accept
                    </Button>
                    <Button type="submit" name="intent" value="delete" variant="secondary" size="sm">
                      Delete
                    </Button>
                  </Form>
                  {entry.sameContent > 1 || entry.sameNetwork > 1 ? (
                    <div className="mt-3 grid gap-2">
                      {entry.sameContent > 1 ? (
                        <DeleteAllLike id={entry.id} by="content" count={entry.sameContent} upTo={shownAt}>
                          held forms with the same name, e-mail, phone, answers and message as this one (this one
                          included).
                        </DeleteAllLike>
                      ) : null}
                      {entry.sameNetwork > 1 && entry.network ? (
                        <DeleteAllLike id={entry.id} by="network" count={entry.sameNetwork} upTo={shownAt}>
                          held forms sent from the network {entry.network} (this one included), whatever they say.
                        </DeleteAllLike>
                      ) : null}
                    </div>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} total={total} href={href} />
        </>
      )}
    </AdminShell>
  );
}
