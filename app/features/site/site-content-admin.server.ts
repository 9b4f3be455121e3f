import { ContentError, isContentError, type Actor } from "~/features/content/store.server";
import {
  faqItemSchema,
  siteFactsSchema,
  testimonialItemSchema,
  type FaqItem,
  type FaqList,
  type SiteFacts,
  type TestimonialItem,
  type TestimonialList,
  type StudioStore,
} from "./site-content-schemas";
import { SITE_CONTENT_KEY } from "./site-content.server";

/**
 * The back office's changes to testimonials, FAQ and site facts. Every change is one saved version
 * (with what changed in words, for the audit log) published at once: these are small edits the
 * trainer expects to see live, and any of them is undone by restoring the version before it.
 */

export type FieldErrors = Record<string, string>;
export type Outcome = { ok: true; message: string } | { ok: false; message: string; errors: FieldErrors };

type Services = { content: StudioStore };
type ListKind = "testimonials" | "faq";
type ListOf<K extends ListKind> = K extends "testimonials" ? TestimonialList : FaqList;
type ItemOf<K extends ListKind> = ListOf<K>["items"][number];
type ListItem = TestimonialItem | FaqItem;

const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]): FieldErrors => {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join(".") || "form"] ??= issue.message;
  return errors;
};

/**
 * The store's refusal (a rule over the whole list, such as a question that is already there) as an
 * answer on the page, never an error page.
 */
async function orRefusal<T>(change: () => Promise<T>): Promise<T | Outcome> {
  try {
    return await change();
  } catch (error) {
    if (!isContentError(error)) throw error;
    const errors: FieldErrors = {};
    for (const issue of error.issues) if (issue.path) errors[issue.path] ??= issue.message;
    return { ok: false, message: error.message, errors };
  }
}

async function currentList<K extends ListKind>(services: Services, kind: K): Promise<ListOf<K>> {
  const entry = await services.content.get(kind, SITE_CONTENT_KEY);
  if (!entry) throw new ContentError(`The ${kind} have not been seeded yet; restart the server.`);
  return entry.draft as ListOf<K>;
}

async function saveAndPublish(
  services: Services,
  kind: "testimonials" | "faq" | "site",
  data: unknown,
  actor: Actor,
  note: string,
) {
  await services.content.saveDraft(kind, SITE_CONTENT_KEY, data, actor, { note });
  await services.content.publish(kind, SITE_CONTENT_KEY, actor);
}

/** JSON with sorted keys: the database's jsonb does not keep the order objects were written in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y)))
      : v,
  );

const itemLabel = (kind: ListKind, item: TestimonialItem | FaqItem) =>
  kind === "testimonials" ? (item as TestimonialItem).name : `"${(item as FaqItem).question.slice(0, 60)}"`;

/** Adds an item (no id) at the end, or replaces the item with that id; hidden stays as it was. */
export async function saveListItem<K extends ListKind>(
  services: Services,
  kind: K,
  input: Record<string, unknown>,
  actor: Actor,
): Promise<Outcome> {
  const list = await currentList(services, kind);
  const items = list.items as ItemOf<K>[];
  const id = typeof input.id === "number" ? input.id : undefined;
  const existing = id === undefined ? undefined : items.find((item) => item.id === id);
  if (id !== undefined && !existing) {
    return { ok: false, message: "That item is no longer in the list (another tab may have changed it).", errors: {} };
  }
  const nextId = Math.max(0, ...items.map((item) => item.id)) + 1;
  const schema = kind === "testimonials" ? testimonialItemSchema : faqItemSchema;
  const parsed = schema.safeParse({ ...input, id: existing?.id ?? nextId, hidden: existing?.hidden ?? false });
  if (!parsed.success) {
    return { ok: false, message: "Not saved: fix the fields marked below.", errors: fieldErrors(parsed.error.issues) };
  }
  const item = parsed.data as ItemOf<K>;
  const nextItems = existing ? items.map((i) => (i.id === item.id ? item : i)) : [...items, item];
  const note = `${existing ? "Edited" : "Added"} ${itemLabel(kind, item)}`;
  return orRefusal(async () => {
    await saveAndPublish(services, kind, { items: nextItems }, actor, note);
    return { ok: true, message: `${note}. It is live.` } as const;
  });
}

export type MoveDirection = "up" | "down" | "top" | "bottom";
const MOVES: readonly string[] = ["up", "down", "top", "bottom"] satisfies MoveDirection[];

/** Where an item at `from` of `count` goes: one place up or down, or straight to the top or bottom. */
export function moveTarget(from: number, count: number, direction: MoveDirection): number {
  if (direction === "top") return 0;
  if (direction === "bottom") return count - 1;
  return direction === "up" ? from - 1 : from + 1;
}

/** Moves an item one place up or down, or to the top or bottom in one go (the order visitors see). */
export async function moveListItem(
  services: Services,
  kind: ListKind,
  id: number,
  direction: MoveDirection,
  actor: Actor,
): Promise<Outcome> {
  const items = [...(await currentList(services, kind)).items] as (TestimonialItem | FaqItem)[];
  const from = items.findIndex((item) => item.id === id);
  if (from < 0) return { ok: false, message: "That item is no longer in the list.", errors: {} };
  const to = moveTarget(from, items.length, direction);
  const towardsStart = direction === "up" || direction === "top";
  if (to === from || to < 0 || to >= items.length) {
    return { ok: false, message: `It is already ${towardsStart ? "first" : "last"}.`, errors: {} };
  }
  const [item] = items.splice(from, 1);
  items.splice(to, 0, item!);
  const where = direction === "top" ? "to the top," : direction === "bottom" ? "to the bottom," : direction;
  const note = `Moved ${itemLabel(kind, item!)} ${where} to place ${to + 1}`;
  return orRefusal(async () => {
    await saveAndPublish(services, kind, { items }, actor, note);
    return { ok: true, message: `${note}. It is live.` } as const;
  });
}

/** Hides an item from the site, or shows it again; it stays in the list either way. */
export async function setListItemHidden(
  services: Services,
  kind: ListKind,
  id: number,
  hidden: boolean,
  actor: Actor,
): Promise<Outcome> {
  const items = (await currentList(services, kind)).items as (TestimonialItem | FaqItem)[];
  const item = items.find((i) => i.id === id);
  if (!item) return { ok: false, message: "That item is no longer in the list.", errors: {} };
  const note = `${hidden ? "Hid" : "Showed"} ${itemLabel(kind, item)}`;
  return orRefusal(async () => {
    await saveAndPublish(
      services,
      kind,
      { items: items.map((i) => (i.id === id ? { ...i, hidden } : i)) },
      actor,
      note,
    );
    return {
      ok: true,
      message: hidden ? `${note}: it is off the site and stays here.` : `${note}: it is back on the site.`,
    } as const;
  });
}

/** Validates and publishes the site facts; every problem comes back on its own field. */
export async function saveSiteFacts(services: Services, input: unknown, actor: Actor): Promise<Outcome> {
  const parsed = siteFactsSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, message: "Not saved: fix the fields marked below.", errors: fieldErrors(parsed.error.issues) };
  }
  const before = (await services.content.get("site", SITE_CONTENT_KEY))?.draft as SiteFacts | undefined;
  const changed = before
    ? (Object.keys(parsed.data) as (keyof SiteFacts)[]).filter(
        (k) => canonical(parsed.data[k]) !== canonical(before[k]),
      )
    : [];
  if (before && changed.length === 0) return { ok: true, message: "Nothing changed." };
  return orRefusal(async () => {
    await saveAndPublish(services, "site", parsed.data, actor, `Changed ${changed.join(", ") || "the site facts"}`);
    return { ok: true, message: "Saved. The new details are live." } as const;
  });
}

/** Puts an earlier version back and live (a new version; history is kept). */
export async function restoreSiteContent(
  services: Services,
  kind: ListKind | "site",
  version: number,
  actor: Actor,
): Promise<Outcome> {
  return orRefusal(async () => {
    await services.content.restore(kind, SITE_CONTENT_KEY, version, actor, { publish: true });
    return { ok: true, message: `Version ${version} is back and live.` } as const;
  });
}

/**
 * What one version of a list changed from the one before, in the words the editor's buttons use
 * ("Hid Sanne K.", "Moved … to place 2"), so the trainer can pick the version to go back to.
 */
export function listChange(
  kind: ListKind,
  before: readonly ListItem[] | undefined,
  after: readonly ListItem[],
): string {
  if (!before) return "The list as first imported";
  const label = (item: ListItem) => itemLabel(kind, item);
  const old = new Map(before.map((item) => [item.id, item]));
  const changes: string[] = [];
  for (const item of after) {
    const was = old.get(item.id);
    if (!was) changes.push(`Added ${label(item)}`);
    else {
      if (canonical({ ...was, hidden: false }) !== canonical({ ...item, hidden: false }))
        changes.push(`Edited ${label(item)}`);
      if (was.hidden !== item.hidden) changes.push(`${item.hidden ? "Hid" : "Showed"} ${label(item)}`);
    }
  }
  const kept = new Set(after.map((item) => item.id));
  for (const item of before) if (!kept.has(item.id)) changes.push(`Removed ${label(item)}`);
  // The order of the items both versions have: the first one that now stands earlier was moved up.
  const common = (list: readonly ListItem[]) => list.filter((item) => old.has(item.id) && kept.has(item.id));
  const [from, to] = [common(before), common(after)];
  const moved = to.findIndex((item, i) => item.id !== from[i]?.id);
  if (moved >= 0) changes.push(`Moved ${label(to[moved]!)} to place ${after.indexOf(to[moved]!) + 1}`);
  return changes.join("; ") || "No change";
}

/** The list and its history as the back office's list editors show them. */
export async function listForEditor(services: Services, kind: ListKind) {
  const entry = await services.content.get(kind, SITE_CONTENT_KEY);
  if (!entry) throw new ContentError(`The ${kind} have not been seeded yet; restart the server.`);
  // One more than is shown: the oldest shown version is described against the one before it.
  const all = (await services.content.versions(kind, SITE_CONTENT_KEY)).slice(0, 16);
  const items = (entry.draft as TestimonialList | FaqList).items as (TestimonialItem | FaqItem)[];
  return {
    items,
    publishedAt: entry.publishedAt?.toISOString() ?? null,
    versions: all.slice(0, 15).map((v, i) => {
      const list = (v.data as TestimonialList | FaqList).items as ListItem[];
      const previous = all[i + 1]?.data as TestimonialList | FaqList | undefined;
      const hidden = list.filter((item) => item.hidden).length;
      // Without the version before it (it is older than the ones read), the change is not named.
      const change =
        v.version === 1 || previous ? listChange(kind, previous?.items as ListItem[] | undefined, list) : "";
      const count = `${list.length} item${list.length === 1 ? "" : "s"}${hidden ? `, ${hidden} hidden` : ""}`;
      return {
        version: v.version,
        reason: v.reason,
        createdAt: v.createdAt.toISOString(),
        summary: change ? `${change} (${count})` : count,
      };
    }),
  };
}

/**
 * One back-office form post on a list: save (add or edit), up, down, hide, show or restore.
 * `fields` reads the kind's own fields from the form.
 */
export async function listAction(
  services: Services,
  kind: ListKind,
  form: FormData,
  actor: Actor,
  fields: (form: FormData) => Record<string, unknown>,
): Promise<Outcome & { id?: number }> {
  const intent = String(form.get("intent") ?? "");
  const rawId = form.get("id");
  const id = typeof rawId === "string" && /^\d+$/.test(rawId) ? Number(rawId) : undefined;
  if (intent === "save") return { ...(await saveListItem(services, kind, { ...fields(form), id }, actor)), id };
  if (intent === "restore") {
    const version = Number(form.get("version"));
    if (!Number.isInteger(version) || version < 1) return { ok: false, message: "Unknown version.", errors: {} };
    return restoreSiteContent(services, kind, version, actor);
  }
  if (id === undefined) return { ok: false, message: "Choose an item first.", errors: {} };
  if (MOVES.includes(intent)) return moveListItem(services, kind, id, intent as MoveDirection, actor);
  if (intent === "hide" || intent === "show") return setListItemHidden(services, kind, id, intent === "hide", actor);
  return { ok: false, message: "Unknown action.", errors: {} };
}
