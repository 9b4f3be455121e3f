import { data, Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-messages";
import { requireServices } from "~/context";
import { audit, forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta, formatDateTime, Notice } from "~/features/back-office/ui";
import { describeWait, retryHelps } from "~/features/messages/describe";
import { retryMessage } from "~/features/messages/engine.server";
import { messagesOverview, type MessageLine } from "~/features/messages/overview.server";
import { amsterdamDateTime } from "~/infra/amsterdam";
import { Button } from "~/ui/button";

export const meta: Route.MetaFunction = () => adminMeta("Messages");
export const headers = forwardSessionHeaders;

/** Every e-mail, notification and web hook call the site sends (docs/decisions/056): what went out, what waits and why, what failed. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const overview = await messagesOverview(ctx.services.database.db);
  // The lines are written here, in her time zone, so the page reads the same everywhere.
  const time = (at: Date) => amsterdamDateTime(at).slice(11, 16);
  return data(
    {
      waiting: overview.waiting.map((group) => describeWait(group, time)),
      goingOut: overview.goingOut,
      planned: overview.planned,
      problems: overview.problems.map((m) => ({ ...m, retry: retryHelps(m) })),
      sent: overview.sent,
    },
    { headers: trainer.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const id = String((await request.formData()).get("id") ?? "");
  const db = ctx.services.database.db;
  if (!(await retryMessage(db, id)))
    return data({ ok: false, message: "That message cannot be retried." }, { status: 404, headers: trainer.headers });
  ctx.services.messages.kick();
  await audit(db, { action: "message.retried", userId: trainer.user.id, ip: ctx.clientIp, detail: { id } });
  return data({ ok: true, message: "Queued again: it goes out within a minute." }, { headers: trainer.headers });
}

const KIND: Record<string, string> = {
  "lead-notice": "New-lead notice",
  "newsletter-confirm": "Newsletter confirmation",
  "newsletter-webhook": "Spreadsheet web hook",
  "newsletter-warning": "Newsletter warning",
  "newsletter-welcome": "Newsletter welcome",
  "order-confirmation": "Order confirmation",
  "order-notice": "Paid-order notice",
  alarm: "Alarm",
};

function Line({ message, children }: { message: MessageLine; children?: React.ReactNode }) {
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy/10">
      <p className="font-semibold text-navy">
        {KIND[message.kind] ?? message.kind} · {message.channel === "email" ? message.recipient : message.channel}
      </p>
      <p className="text-sm text-ink/70">{formatDateTime(message.at)}</p>
      {message.lastAnswer ? <p className="mt-1 text-sm break-words text-ink/80">{message.lastAnswer}</p> : null}
      {children}
    </li>
  );
}

export default function AdminMessages() {
  const { waiting, goingOut, planned, problems, sent } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AdminShell title="Messages">
      {result ? (
        <div className="mb-4">
          <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice>
        </div>
      ) : null}
      <h2 className="mb-2 text-lg font-semibold text-navy">Waiting</h2>
      {waiting.length === 0 && goingOut === 0 ? (
        <Notice>Nothing is waiting: every message went out or is listed below.</Notice>
      ) : (
        <ul className="grid gap-2">
          {goingOut > 0 ? <li>{goingOut === 1 ? "1 message is" : `${goingOut} messages are`} going out now.</li> : null}
          {waiting.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {planned > 0 ? (
        <p className="mt-2 text-sm text-ink/80">
          {planned === 1 ? "1 reminder or follow-up is" : `${planned} reminders and follow-ups are`} planned for later:
          each lead's page says when, and Follow-ups switches them.
        </p>
      ) : null}
      <h2 className="mt-8 mb-2 text-lg font-semibold text-navy">Not delivered</h2>
      {problems.length === 0 ? (
        <Notice>None.</Notice>
      ) : (
        <ul className="grid gap-3">
          {problems.map((message) => (
            <Line key={message.id} message={message}>
              <p className="mt-1 text-sm">
                {message.state === "unknown"
                  ? "It may have arrived: the server stopped while handing it over."
                  : "Failed for good."}
              </p>
              {message.retry ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="id" value={message.id} />
                  <Button type="submit" variant="secondary" size="sm">
                    {message.state === "unknown" ? "Send again (it may arrive twice)" : "Retry"}
                  </Button>
                </Form>
              ) : null}
            </Line>
          ))}
        </ul>
      )}
      <h2 className="mt-8 mb-2 text-lg font-semibold text-navy">Sent lately</h2>
      {sent.length === 0 ? (
        <Notice>Nothing yet.</Notice>
      ) : (
        <ul className="grid gap-3">
          {sent.map((message) => (
            <Line key={message.id} message={message} />
          ))}
        </ul>
      )}
    </AdminShell>
  );
}
