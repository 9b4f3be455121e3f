import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-event";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta, Notice, SubmitButton, VersionHistory } from "~/features/back-office/ui";
import {
  formValuesOf,
  isContentError,
  newEventTemplate,
  readEventForm,
  saveEvent,
  type EventField,
  type EventFormValues,
} from "~/features/events/events-admin.server";
import { eventStart } from "~/features/events/event-content";
import { placesOf } from "~/features/events/events.server";
import { eventStatusLabel } from "~/features/events/event-status";
import { timeZoneNames } from "~/infra/zoned-time";
import { FieldShell, TextField, describedBy, compactInputClass } from "~/ui/field";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(params.key ? "Edit event" : "New event");
export const headers = forwardSessionHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const { content } = ctx.services;
  const zones = timeZoneNames();
  const done = new URL(request.url).searchParams.get("done");
  if (!params.key) {
    const template = newEventTemplate();
    return data(
      { key: null, values: formValuesOf(template), zones, status: null, versions: [], places: null, done },
      { headers: trainer.headers },
    );
  }
  const entry = await content.get("event", params.key);
  if (!entry) throw data("There is no such event.", { status: 404 });
  const versions = (await content.versions("event", params.key)).slice(0, 15);
  const places = await placesOf(ctx.services.database.db, params.key);
  const past = eventStart(entry.draft) <= new Date();
  return data(
    {
      key: params.key,
      values: formValuesOf(entry.draft),
      zones,
      status: {
        ...eventStatusLabel(entry.status, past),
        // A past event can still be taken off the site (the event page shows the last one as over).
        published: entry.status === "published",
        unpublishedChanges: entry.live !== null && JSON.stringify(entry.live) !== JSON.stringify(entry.draft),
        capacity: entry.draft.capacity,
      },
      versions: versions.map((v) => ({
        version: v.version,
        reason: v.reason,
        createdAt: v.createdAt.toISOString(),
        summary: `${v.data.title}, ${v.data.startsLocal.replace("T", " ")} (${v.data.timeZone}), ${v.data.capacity} places`,
      })),
      places,
      done,
    },
    { headers: trainer.headers },
  );
}

type ActionResult =
  | { done: true; message: string }
  | { done?: false; message: string; errors: Partial<Record<EventField, string>>; values?: EventFormValues };

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const actor = { userId: trainer.user.id, ip: ctx.clientIp };
  const { content } = ctx.services;
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "save" || intent === "publish") {
      const values = readEventForm(form);
      const saved = await saveEvent(content, params.key, values, actor, { publish: intent === "publish" });
      // A form that shows the trainer's own mistakes is a normal answer (200), not a failed request.
      if (!saved.ok)
        return data<ActionResult>(
          { message: saved.message, errors: saved.errors, values },
          { headers: trainer.headers },
        );
      const message =
        intent === "publish" ? "Saved and on the site." : "Draft saved; visitors see it once you publish.";
      if (!params.key) {
        const headers = new Headers(trainer.headers);
        return redirect(`/admin/events/${saved.key}?done=${intent === "publish" ? "published" : "saved"}`, { headers });
      }
      return data<ActionResult>({ done: true, message }, { headers: trainer.headers });
    }
    if (!params.key) throw data("Unknown action.", { status: 400 });
    if (intent === "unpublish") {
      await content.unpublish("event", params.key, actor);
      return data<ActionResult>(
        { done: true, message: "Taken off the site. Its signups and versions stay." },
        { headers: trainer.headers },
      );
    }
    if (intent === "restore") {
      const version = Number(form.get("version"));
      if (!Number.isInteger(version) || version < 1) throw data("Unknown version.", { status: 400 });
      await content.restore("event", params.key, version, actor, { publish: true });
      return data<ActionResult>(
        { done: true, message: `Version ${version} is back and on the site.` },
        { headers: trainer.headers },
      );
    }
  } catch (error) {
    if (isContentError(error))
      return data<ActionResult>({ message: error.message, errors: {} }, { status: 400, headers: trainer.headers });
    throw error;
  }
  throw data("Unknown action.", { status: 400 });
}

const DONE_MESSAGES: Record<string, string> = {
  published: "Event created and on the site.",
  saved: "Event created as a draft; publish it when it is ready.",
};

export default function AdminEvent() {
  const { key, values: stored, zones, status, versions, places, done } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Partial<Record<EventField, string>> = result && !result.done ? result.errors : {};
  const values = result && !result.done && result.values ? result.values : stored;
  const field = (name: EventField, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      key={`${name}-${key ?? "new"}`}
      id={`event-${name}`}
      name={name}
      label={label}
      look="compact"
      defaultValue={values[name]}
      error={errors[name]}
      {...extra}
    />
  );
  const area = (name: EventField, label: string, hint: string) => (
    <FieldShell id={`event-${name}`} label={label} hint={hint} error={errors[name]} look="compact" className="mb-4">
      <textarea
        key={`${name}-${key ?? "new"}`}
        id={`event-${name}`}
        name={name}
        rows={5}
        defaultValue={values[name]}
        className={`${compactInputClass} min-h-[120px] resize-y text-base`}
        {...describedBy(`event-${name}`, errors[name], hint)}
      />
    </FieldShell>
  );
  return (
    <AdminShell
      title={key ? `Event: ${stored.title}` : "Create the next event"}
      actions={
        <Link to="/admin/events" className="font-semibold text-teal-700 underline">
          All events
        </Link>
      }
    >
      {result ? <Notice tone={result.done ? "success" : "error"}>{result.message}</Notice> : null}
      {!result && done && DONE_MESSAGES[done] ? <Notice tone="success">{DONE_MESSAGES[done]}</Notice> : null}
      {status ? (
        <p className="mb-4 text-sm">
          {status.label}
          {status.unpublishedChanges ? " · the draft has changes visitors do not see yet" : ""}
          {places ? (
            <>
              {" · "}
              <Link to={`/admin/event-signups?event=${encodeURIComponent(key ?? "")}`} className="underline">
                {places.taken} of {status.capacity} places taken
                {places.waiting ? `, ${places.waiting} on the waiting list` : ""}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}

      <Form method="post" noValidate className="grid gap-2 rounded-2xl bg-white p-5 ring-1 ring-navy/10">
        <fieldset>
          <legend className="mb-2 text-lg font-semibold text-navy">What and when</legend>
          {field("title", "Name of the event", { maxLength: 120 })}
          <div className="grid gap-x-4 sm:grid-cols-3">
            {field("date", "Date at the venue", { type: "date" })}
            {field("time", "Start time at the venue", { type: "time", step: 60 })}
            {field("durationMinutes", "Length in minutes", { inputMode: "numeric" })}
          </div>
          <FieldShell
            id="event-timeZone"
            label="Venue's time zone"
            hint="Type the date and time as a clock at the venue shows them; the zone takes care of summer and winter time."
            error={errors.timeZone}
            look="compact"
            className="mb-4"
          >
            <select
              key={`zone-${key ?? "new"}`}
              id="event-timeZone"
              name="timeZone"
              defaultValue={values.timeZone}
              className={`${compactInputClass} text-base`}
              {...describedBy("event-timeZone", errors.timeZone, "hint")}
            >
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replaceAll("_", " ")}
                </option>
              ))}
            </select>
          </FieldShell>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-lg font-semibold text-navy">Where</legend>
          {field("venue", "Venue", { autoComplete: "off" })}
          {field("streetAddress", "Street address or how to find the spot")}
          <div className="grid gap-x-4 sm:grid-cols-2">
            {field("locality", "Town or city")}
            {field("region", "Region or province")}
            {field("country", "Country")}
            {field("countryCode", "Country code (two letters, e.g. NI or NL)", { maxLength: 2 })}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-lg font-semibold text-navy">Price and places</legend>
          <div className="grid gap-x-4 sm:grid-cols-3">
            {field("priceAmount", "Price (0 when free)", { inputMode: "decimal" })}
            {field("currency", "Currency (USD, EUR)", { maxLength: 3 })}
            {field("capacity", "Places", { inputMode: "numeric" })}
          </div>
          {field("costLabel", "How the price reads on the page (e.g. 10 dollars cash)")}
          {field("equipmentLabel", "Equipment (e.g. Mats provided)")}
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-lg font-semibold text-navy">On the page</legend>
          {area("description", "Description", "Leave an empty line between paragraphs.")}
          {area("bringList", "What to bring", "One item per line.")}
          {field("buttonLabel", "Signup button")}
          {field("thanks", "Thank-you message after signing up")}
          {field("closedTitle", "Heading once the event has taken place")}
          {area("closedText", "Text once the event has taken place", "Shown with the newsletter form.")}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <SubmitButton name="intent" value="publish" busyText="Publishing…">
            Save and publish
          </SubmitButton>
          <SubmitButton name="intent" value="save" busyText="Saving…" variant="secondary">
            Save as draft
          </SubmitButton>
        </div>
      </Form>

      {key && status?.published ? (
        <Form method="post" className="mt-4">
          <SubmitButton name="intent" value="unpublish" variant="secondary">
            Take off the site
          </SubmitButton>
        </Form>
      ) : null}

      {versions.length ? <VersionHistory versions={versions} /> : null}
    </AdminShell>
  );
}
