import { Form } from "react-router";
import { formatDateTime, SubmitButton } from "~/features/back-office/ui";
import type { FieldChange } from "~/features/content/diff";
import { VersionChanges } from "~/features/content/version-changes";

/** The article's history below its editor: the download links handed out, and its versions. */

export function Grants({
  grants,
}: {
  grants: { id: string; email: string; at: string; downloads: number; revokedAt: string | null }[];
}) {
  return (
    <section aria-labelledby="grants-title" className="mt-10 max-w-3xl">
      <h2 id="grants-title" className="text-xl font-semibold text-navy">
        Download links handed out
      </h2>
      {grants.length === 0 ? (
        <p className="mt-2 text-ink/80">Nobody has received this article&apos;s download yet.</p>
      ) : (
        <ul className="mt-4 grid gap-2">
          {grants.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center justify-between gap-3 border-t border-navy/10 pt-2">
              <span>
                {g.email}, sent {formatDateTime(g.at)}, downloaded {g.downloads} {g.downloads === 1 ? "time" : "times"}
                {g.revokedAt ? `, revoked ${formatDateTime(g.revokedAt)}` : ""}
              </span>
              {g.revokedAt ? null : (
                <Form method="post">
                  <input type="hidden" name="grant" value={g.id} />
                  <SubmitButton name="intent" value="revoke-grant" variant="danger">
                    Revoke the link for {g.email}
                  </SubmitButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every saved version, each with what it changed, and a button to bring an older one back. */
export function ArticleVersions({
  entry,
  versions,
}: {
  entry: { status: string; version: number };
  versions: { version: number; reason: string; at: string; title: string; changes: FieldChange[] | null }[];
}) {
  return (
    <section aria-labelledby="versions-title" className="mt-10 max-w-3xl">
      <h2 id="versions-title" className="text-xl font-semibold text-navy">
        Versions
      </h2>
      {entry.status !== "unpublished" && entry.status !== "draft" ? (
        <Form method="post" className="mt-3">
          <SubmitButton name="intent" value="unpublish" variant="danger">
            Take off the site
          </SubmitButton>
        </Form>
      ) : null}
      <ol className="mt-4 grid gap-2">
        {versions.map((v) => (
          <li
            key={v.version}
            className="flex flex-wrap items-center justify-between gap-3 border-t border-navy/10 pt-2"
          >
            <span>
              Version {v.version} ({v.reason}), {formatDateTime(v.at)}: {v.title}
            </span>
            {v.version !== entry.version ? (
              <Form method="post">
                <input type="hidden" name="version" value={v.version} />
                <SubmitButton name="intent" value="restore" variant="secondary">
                  Restore version {v.version}
                </SubmitButton>
              </Form>
            ) : (
              <span className="text-sm text-ink/70">current draft</span>
            )}
            <VersionChanges version={v.version} changes={v.changes} />
          </li>
        ))}
      </ol>
    </section>
  );
}
