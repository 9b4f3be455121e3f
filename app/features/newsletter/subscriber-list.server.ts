import "~/infra/zod-config";
import { data } from "react-router";
import { z } from "zod";
import type { Db } from "~/infra/db.server";
import { hasNoControlCharacters } from "~/infra/control-characters";
import { bySubject, consentsOf, type ConsentView } from "~/features/back-office/consent.server";
import { publishedArticles, type ArticleReader } from "./issues.server";
import { sourceLabel } from "./issue-rules";
import { parseSubscriberFilter, subscriberFilterQuery } from "./subscriber-filters";
import { liftSuppression, sourcesInUse, subscriberPage, type SubscriberRow } from "./subscribers.server";
import { ensureTags, listTags, setAutoSources, setTag, TAG_MAX_LENGTH, tagName } from "./tags.server";

/** The Subscribers screen (app/routes/admin-subscribers.tsx): its loader's data and its buttons. */

export interface SubscriberListServices {
  database: { db: Db };
  content: ArticleReader;
}

const cardOf = (r: SubscriberRow, labels: (source: string) => string, consents: ConsentView[]) => ({
  id: r.id,
  email: r.email,
  name: r.name,
  state: r.state,
  source: labels(r.source),
  tags: r.tags,
  createdAt: r.createdAt.toISOString(),
  suppressedAt: r.suppressedAt?.toISOString() ?? null,
  suppressedReason: r.suppressedReason,
  lifted: r.suppressionLiftedAt
    ? { at: r.suppressionLiftedAt.toISOString(), reason: r.suppressionLiftedReason, note: r.suppressionLiftNote }
    : null,
  consentGround: r.consentGround,
  consentNote: r.consentNote,
  consents,
});

export async function loadSubscriberList(services: SubscriberListServices, url: URL) {
  const { db } = services.database;
  const { page, ...filter } = parseSubscriberFilter(url.searchParams);
  const titles = new Map((await publishedArticles(services.content)).map((a) => [a.key, a.title]));
  const labels = (source: string) => sourceLabel(source, titles);
  const [list, sources, tags] = await Promise.all([subscriberPage(db, filter, page), sourcesInUse(db), listTags(db)]);
  const consents = bySubject(await consentsOf(db, { subscriberIds: list.rows.map((r) => r.id) }));
  return {
    filter: {
      q: filter.q ?? "",
      state: filter.state ?? "",
      source: filter.sources?.[0] ?? "",
      tag: filter.tags?.[0] ?? "",
    },
    query: subscriberFilterQuery(filter),
    counts: list.counts,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map((r) => cardOf(r, labels, consents.get(r.id) ?? [])),
    sources: sources.map((value) => ({ value, label: labels(value) })),
    tags: tags.map((t) => ({ id: t.id, name: t.name, autoSources: t.autoSources })),
    done: url.searchParams.get("done"),
  };
}

const liftSchema = z.object({
  id: z.uuid(),
  note: z
    .string()
    .trim()
    .min(1, "Say why the address may get the newsletter again: the note is kept.")
    .max(500, "Keep the note under 500 characters.")
    .refine((v) => hasNoControlCharacters(v, { multiLine: true }), "Remove the special characters from the note."),
});

const tagSchema = z.object({
  ids: z.array(z.uuid()).min(1, "Tick the people to tag first.").max(500),
  tag: z
    .string()
    .transform(tagName)
    .pipe(
      z
        .string()
        .min(1, "Type a tag, or choose one.")
        .max(TAG_MAX_LENGTH, `Keep a tag under ${TAG_MAX_LENGTH} characters.`)
        .refine((v) => hasNoControlCharacters(v), "Remove the special characters from the tag."),
    ),
});

export type SubscriberListFailure = {
  intent: string;
  id?: string;
  errors: Record<string, string>;
  values?: Record<string, string>;
};

const fail = (failure: SubscriberListFailure) => data(failure, { status: 400 });

/** What a button on the list does; `back` is the list's address to return to, with its filters. */
export async function subscriberListAction(
  db: Db,
  form: FormData,
  back: string,
  note: (action: "lifted" | "tagged", detail: Record<string, unknown>) => Promise<void>,
) {
  const intent = String(form.get("intent") ?? "");
  const to = (done: string) => `${back}${back.includes("?") ? "&" : "?"}done=${done}`;
  if (intent === "lift") {
    const parsed = liftSchema.safeParse({ id: form.get("id"), note: form.get("note") ?? "" });
    if (!parsed.success)
      return fail({
        intent,
        id: String(form.get("id") ?? ""),
        errors: { note: parsed.error.issues[0]?.message ?? "Check the note." },
        values: { note: String(form.get("note") ?? "") },
      });
    if (!(await liftSuppression(db, parsed.data.id, parsed.data.note)))
      return fail({ intent, id: parsed.data.id, errors: { note: "This address is not suppressed (any more)." } });
    await note("lifted", { subscriberId: parsed.data.id });
    return { redirect: to("lifted") };
  }
  if (intent === "tag" || intent === "untag") {
    const parsed = tagSchema.safeParse({ ids: form.getAll("ids"), tag: form.get("tag") ?? "" });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return fail({ intent, errors, values: { tag: String(form.get("tag") ?? "") } });
    }
    const [tagId] = [...(await ensureTags(db, [parsed.data.tag])).values()];
    const changed = tagId ? await setTag(db, parsed.data.ids, tagId, intent === "tag") : 0;
    await note("tagged", { tag: tagId, on: intent === "tag", changed });
    return { redirect: to(intent === "tag" ? "tagged" : "untagged") };
  }
  if (intent === "auto-tag") {
    const id = z.uuid().safeParse(form.get("tagId"));
    if (!id.success) return fail({ intent, errors: { tagId: "Choose a tag." } });
    const sources = form
      .getAll("sources")
      .map(String)
      .filter((s) => s.length > 0 && s.length <= 300);
    await setAutoSources(db, id.data, [...new Set(sources)]);
    return { redirect: to("auto-tag") };
  }
  return fail({ intent, errors: {}, values: {} });
}
