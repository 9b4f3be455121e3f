import { Form, Link } from "react-router";
import { formatDateTime, Notice, Pagination, SubmitButton } from "~/features/back-office/ui";
import { StatusBadge } from "~/features/back-office/list-table";
import { ConsentCell } from "~/features/back-office/consent-list";
import { Button } from "~/ui/button";
import { compactInputClass, describedBy, FieldError } from "~/ui/field";
import { STATE_LABEL, SUBSCRIBER_STATES, subscriberFilterQuery, type SubscriberState } from "./subscriber-filters";
import type { loadSubscriberList, SubscriberListFailure } from "./subscriber-list.server";

type ListData = Awaited<ReturnType<typeof loadSubscriberList>>;
type Card = ListData["rows"][number];

const TONE: Record<SubscriberState, "good" | "wait" | "off"> = {
  confirmed: "good",
  pending: "wait",
  suppressed: "off",
  unsubscribed: "off",
};

const DONE: Record<string, string> = {
  lifted: "The suppression is lifted: the address gets the newsletter again. Your note is kept with it.",
  tagged: "The tag is on the people you ticked.",
  untagged: "The tag is off the people you ticked.",
  "auto-tag": "Saved: new sign-ups from the ticked places get the tag.",
  imported: "The import is done.",
  added: "Added.",
};

const GROUND: Record<string, string> = {
  reconfirm: "Imported or added; asked to confirm by e-mail",
  elsewhere: "Opted in elsewhere",
};

/** The Subscribers screen: cards (one per person) that read on a 375 px phone, not a wide table. */
export function SubscriberList({ list, failure }: { list: ListData; failure?: SubscriberListFailure }) {
  const href = (page: number) =>
    `/admin/subscribers${subscriberFilterQuery(
      {
        q: list.filter.q,
        state: (list.filter.state || undefined) as SubscriberState | undefined,
        sources: list.filter.source ? [list.filter.source] : [],
        tags: list.filter.tag ? [list.filter.tag] : [],
      },
      page,
    )}`;
  const stateHref = (state: string) => {
    const params = new URLSearchParams(list.query.slice(1));
    if (state) params.set("state", state);
    else params.delete("state");
    const text = params.toString();
    return `/admin/subscribers${text ? `?${text}` : ""}`;
  };
  const tagFailure = failure && (failure.intent === "tag" || failure.intent === "untag") ? failure : undefined;
  return (
    <>
      {list.done && DONE[list.done] ? <Notice tone="success">{DONE[list.done]}</Notice> : null}
      <Form
        method="get"
        role="search"
        aria-label="Search and filter subscribers"
        className="mb-4 grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy/10 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <label htmlFor="subscribers-q" className="text-sm font-medium">
            E-mail or name (the start of it)
          </label>
          <input id="subscribers-q" name="q" type="search" defaultValue={list.filter.q} className={compactInputClass} />
        </div>
        <FilterSelect id="subscribers-state" name="state" label="State" value={list.filter.state}>
          {SUBSCRIBER_STATES.map((s) => (
            <option key={s} value={s}>
              {STATE_LABEL[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="subscribers-source" name="source" label="Signed up from" value={list.filter.source}>
          {list.sources.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="subscribers-tag" name="tag" label="Tag" value={list.filter.tag}>
          {list.tags.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </FilterSelect>
        <div className="flex items-end">
          <Button type="submit" variant="dark" size="sm">
            Show
          </Button>
        </div>
      </Form>

      <nav aria-label="Totals by state" className="mb-4">
        <ul className="flex flex-wrap gap-2 text-sm" data-testid="subscriber-totals">
          {SUBSCRIBER_STATES.map((s) => (
            <li key={s}>
              <Link
                to={stateHref(list.filter.state === s ? "" : s)}
                aria-current={list.filter.state === s ? "true" : undefined}
                className="inline-flex min-h-11 items-center rounded-full px-3 ring-1 ring-navy/20 aria-[current]:bg-navy aria-[current]:text-white"
              >
                {STATE_LABEL[s]}:{" "}
                <strong className="ml-1" data-state={s}>
                  {list.counts.byState[s].toLocaleString("en-GB")}
                </strong>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {list.rows.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 ring-1 ring-navy/10">
          {list.filter.q || list.filter.state || list.filter.source || list.filter.tag
            ? "Nobody matches. Clear a filter to see more."
            : "No subscribers yet: people who sign up on the site appear here, or import a list or add one person."}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Subscribers, newest first">
          {list.rows.map((row) => (
            <SubscriberCard
              key={row.id}
              row={row}
              failure={failure?.intent === "lift" && failure.id === row.id ? failure : undefined}
            />
          ))}
        </ul>
      )}

      {list.rows.length > 0 ? (
        <Form
          method="post"
          id="tag-form"
          className="mt-4 grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy/10"
          aria-labelledby="tag-form-title"
        >
          <h2 id="tag-form-title" className="font-semibold">
            Tag the people you ticked
          </h2>
          <FieldError id="tag-ids" message={tagFailure?.errors.ids} look="compact" />
          <div>
            <label htmlFor="tag-name" className="font-medium">
              Tag
            </label>
            <input
              id="tag-name"
              name="tag"
              list="tag-names"
              maxLength={40}
              defaultValue={tagFailure?.values?.tag ?? ""}
              className={compactInputClass}
              {...describedBy("tag-name", tagFailure?.errors.tag)}
            />
            <datalist id="tag-names">
              {list.tags.map((t) => (
                <option key={t.id} value={t.name} />
              ))}
            </datalist>
            <FieldError id="tag-name" message={tagFailure?.errors.tag} look="compact" />
          </div>
          <div className="flex flex-wrap gap-2">
            <SubmitButton name="intent" value="tag" busyText="Tagging…">
              Add this tag
            </SubmitButton>
            <SubmitButton name="intent" value="untag" variant="secondary" busyText="Removing…">
              Remove this tag
            </SubmitButton>
          </div>
        </Form>
      ) : null}

      <Pagination page={list.page} pageCount={list.pageCount} total={list.counts.total} href={href} />

      {list.tags.length > 0 ? <AutoTags list={list} /> : null}
    </>
  );
}

function FilterSelect({
  id,
  name,
  label,
  value,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={compactInputClass}>
        <option value="">All</option>
        {children}
      </select>
    </div>
  );
}

function SubscriberCard({ row, failure }: { row: Card; failure?: SubscriberListFailure }) {
  const check = `pick-${row.id}`;
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-navy/10" data-subscriber={row.email}>
      <div className="flex items-start gap-3">
        <input id={check} type="checkbox" name="ids" value={row.id} form="tag-form" className="mt-1 size-6 shrink-0" />
        <div className="min-w-0 flex-1">
          <label htmlFor={check} className="block font-semibold break-all">
            {row.email}
          </label>
          {row.name ? <p className="text-sm">{row.name}</p> : null}
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <StatusBadge tone={TONE[row.state]}>{STATE_LABEL[row.state]}</StatusBadge>
            <span>{formatDateTime(row.createdAt)}</span>
          </p>
          <p className="mt-1 text-sm text-ink/80">{row.source}</p>
          {row.tags.length > 0 ? (
            <ul className="mt-1 flex flex-wrap gap-1 text-xs" aria-label="Tags">
              {row.tags.map((t) => (
                <li key={t} className="rounded-full bg-sky-100 px-2 py-0.5">
                  {t}
                </li>
              ))}
            </ul>
          ) : null}
          {row.consentGround ? (
            <p className="mt-1 text-sm">
              {GROUND[row.consentGround] ?? row.consentGround}
              {row.consentNote ? `: ${row.consentNote}` : ""}
            </p>
          ) : null}
          <div className="mt-1 text-sm">
            Consent: <ConsentCell records={row.consents} />
          </div>
          {row.state === "suppressed" ? <Suppression row={row} failure={failure} /> : null}
          {row.lifted && row.state !== "suppressed" ? (
            <p className="mt-1 text-sm text-ink/80">
              Suppression lifted {formatDateTime(row.lifted.at)} ({row.lifted.reason ?? "no reason given"}):{" "}
              {row.lifted.note}
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function Suppression({ row, failure }: { row: Card; failure?: SubscriberListFailure }) {
  const id = `lift-note-${row.id}`;
  return (
    <div className="mt-2 rounded-lg bg-slate-100 p-3 text-sm">
      <p>
        Suppressed {row.suppressedAt ? formatDateTime(row.suppressedAt) : ""}: the mail server refused it for good (
        {row.suppressedReason ?? "no reason given"}). No issue goes to it.
      </p>
      <details open={Boolean(failure)} className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center underline">Lift the suppression…</summary>
        <Form method="post" className="mt-2">
          <input type="hidden" name="id" value={row.id} />
          <label htmlFor={id} className="font-medium">
            Why may it get the newsletter again? (kept)
          </label>
          <textarea
            id={id}
            name="note"
            rows={2}
            required
            maxLength={500}
            defaultValue={failure?.values?.note ?? ""}
            className={compactInputClass}
            {...describedBy(id, failure?.errors.note)}
          />
          <FieldError id={id} message={failure?.errors.note} look="compact" />
          <div className="mt-2">
            <SubmitButton name="intent" value="lift" busyText="Lifting…">
              Lift it
            </SubmitButton>
          </div>
        </Form>
      </details>
    </div>
  );
}

/** Per tag: the places whose new sign-ups get it on their own. */
function AutoTags({ list }: { list: ListData }) {
  return (
    <section className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-navy/10" aria-labelledby="auto-tags-title">
      <h2 id="auto-tags-title" className="font-semibold">
        Tags given by where people sign up
      </h2>
      {list.tags.map((tag) => (
        <details key={tag.id} className="mt-2">
          <summary className="inline-flex min-h-11 cursor-pointer items-center">
            {tag.name}
            {tag.autoSources.length ? ` (${tag.autoSources.length})` : ""}
          </summary>
          <Form method="post" className="grid gap-1">
            <input type="hidden" name="tagId" value={tag.id} />
            <fieldset>
              <legend className="text-sm">New sign-ups from these places get “{tag.name}”:</legend>
              {list.sources.map((s) => (
                <label key={s.value} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="sources"
                    value={s.value}
                    defaultChecked={tag.autoSources.includes(s.value)}
                  />
                  {s.label}
                </label>
              ))}
            </fieldset>
            <div>
              <SubmitButton name="intent" value="auto-tag" variant="secondary" busyText="Saving…">
                Save
              </SubmitButton>
            </div>
          </Form>
        </details>
      ))}
    </section>
  );
}
