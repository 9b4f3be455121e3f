import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { formatDateTime, Notice, SubmitButton, VersionHistory } from "./ui";

/**
 * The back office's editor for an ordered list the public site shows (testimonials, FAQ): each
 * item opens to its own form; to the top, up, down, to the bottom and hide are one tap each and live
 * at once; a new item is added at the end. Built for a phone: one column, 44 px targets, no dragging.
 */
export interface ListEditorItem {
  id: number;
  hidden: boolean;
}

export interface ListEditorResult {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  id?: number;
}

/** The order buttons: to the top and to the bottom in one tap, or one place at a time. */
const MOVES = [
  { intent: "top", text: "To top", towardsStart: true, label: (name: string) => `Move ${name} to top` },
  { intent: "up", text: "Up", towardsStart: true, label: (name: string) => `Move ${name} up` },
  { intent: "down", text: "Down", towardsStart: false, label: (name: string) => `Move ${name} down` },
  { intent: "bottom", text: "To bottom", towardsStart: false, label: (name: string) => `Move ${name} to bottom` },
] as const;

export function ContentListEditor<T extends ListEditorItem>({
  items,
  noun,
  publishedAt,
  versions,
  result,
  title,
  fields,
  intro,
}: {
  items: T[];
  /** "testimonial", "question". */
  noun: string;
  publishedAt: string | null;
  versions: { version: number; reason: string; createdAt: string; summary: string }[];
  result: ListEditorResult | undefined;
  title: (item: T) => string;
  /** The kind's fields, filled with `item` (undefined for a new one) and the errors of the last post. */
  fields: (item: T | undefined, errors: Record<string, string>, idPrefix: string) => ReactNode;
  intro: ReactNode;
}) {
  const errorsFor = (id: number | undefined) =>
    result && !result.ok && result.id === id ? (result.errors ?? {}) : ({} as Record<string, string>);
  return (
    <>
      {result ? <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice> : null}
      <p className="mb-4 max-w-prose text-sm">
        {intro} Every change is live on the site within seconds and kept as a version below, so any of them can be
        undone.{publishedAt ? ` Last published ${formatDateTime(publishedAt)}.` : ""}
      </p>
      <ol className="grid gap-3" aria-label={`${noun[0]?.toUpperCase()}${noun.slice(1)}s in the order visitors see`}>
        {items.map((item, index) => (
          <li key={item.id} className="rounded-2xl bg-white p-4 ring-1 ring-navy/10">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-navy">
                <span className="mr-2 text-ink/70">{index + 1}.</span>
                {title(item)}
                {item.hidden ? (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-ink">
                    Hidden
                  </span>
                ) : null}
              </p>
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="id" value={item.id} />
                {MOVES.map((move) => {
                  const atEnd = move.towardsStart ? index === 0 : index === items.length - 1;
                  return (
                    <Button
                      key={move.intent}
                      type="submit"
                      name="intent"
                      value={move.intent}
                      variant="secondary"
                      size="sm"
                      className="min-h-11 min-w-11 disabled:opacity-40"
                      disabled={atEnd}
                      aria-label={move.label(title(item))}
                    >
                      {move.text}
                    </Button>
                  );
                })}
                <Button
                  type="submit"
                  name="intent"
                  value={item.hidden ? "show" : "hide"}
                  variant="secondary"
                  size="sm"
                  className="min-h-11 min-w-11 disabled:opacity-40"
                  aria-label={`${item.hidden ? "Show" : "Hide"} ${title(item)}`}
                >
                  {item.hidden ? "Show" : "Hide"}
                </Button>
              </Form>
            </div>
            <details className="mt-2" open={Object.keys(errorsFor(item.id)).length > 0 || undefined}>
              <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-teal-700">
                Edit {title(item)}
              </summary>
              <Form method="post" className="mt-2 grid gap-1" noValidate>
                <input type="hidden" name="id" value={item.id} />
                {fields(item, errorsFor(item.id), `item-${item.id}`)}
                <div>
                  <SubmitButton name="intent" value="save" busyText="Saving…">
                    Save and publish
                  </SubmitButton>
                </div>
              </Form>
            </details>
          </li>
        ))}
      </ol>
      <section aria-labelledby="add-heading" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-navy/10">
        <h2 id="add-heading" className="text-xl font-semibold text-navy">
          Add a {noun}
        </h2>
        <p className="mb-3 text-sm">
          It goes at the end of the list; tap &ldquo;To top&rdquo; on it afterwards if it should come first.
        </p>
        <Form method="post" className="grid gap-1" noValidate>
          {fields(undefined, errorsFor(undefined), "new")}
          <div>
            <SubmitButton name="intent" value="save" busyText="Adding…">
              Add and publish
            </SubmitButton>
          </div>
        </Form>
      </section>
      <VersionHistory versions={versions} />
    </>
  );
}
