import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-confirm";
import { requireServices } from "~/context";
import { CodeForm } from "~/features/back-office/code-form";
import { verifySecondFactor } from "~/features/auth/flows.server";
import { forwardSessionHeaders, hasRecentCode, trainerOf } from "~/features/auth/guard.server";
import { downloadOrigin, safeRedirectPath } from "~/features/auth/origin";
import { codeSchema, fieldErrors, type FieldErrors } from "~/features/auth/schema";
import { adminMeta, AdminShell, Notice } from "~/features/back-office/ui";
import { buttonStyles, ButtonLink } from "~/ui/button";

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data?.download
    ? [...adminMeta("Your download"), { httpEquiv: "refresh", content: `0;url=${data.download.path}` }]
    : adminMeta("Confirm it is you");
export const headers = forwardSessionHeaders;

/**
 * Data requests, erasure, exports and account security ask for the code again when it was last
 * entered more than 15 minutes ago; the trainer confirms here and goes back where she was. A
 * download (a CSV, a backup) is not a place to go back to: after the code she gets a page that
 * starts it (a refresh to the file, which the browser saves and stays on the page) with a link to
 * start it again and one back to the list.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const params = new URL(request.url).searchParams;
  const redirectTo = safeRedirectPath(params.get("redirectTo"), ctx.services.env.SITE_URL);
  const path = safeRedirectPath(params.get("download"), ctx.services.env.SITE_URL, "");
  const back = downloadOrigin(path);
  const download = back && hasRecentCode(trainer) ? { path, back } : null;
  return data({ redirectTo: download ? path : redirectTo, download }, { headers: trainer.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const form = await request.formData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"), ctx.services.env.SITE_URL);
  const parsed = codeSchema.safeParse({ method: form.get("method") ?? undefined, code: form.get("code") ?? "" });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) as FieldErrors }, { status: 400 });
  const result = await verifySecondFactor(request, ctx, parsed.data, trainer);
  if (!result.ok) return data({ errors: { code: result.message } as FieldErrors }, { status: result.status });
  const headers = new Headers(trainer.headers);
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (downloadOrigin(redirectTo))
    throw redirect(`/admin/confirm?${new URLSearchParams({ download: redirectTo }).toString()}`, { headers });
  throw redirect(redirectTo, { headers });
}

export default function AdminConfirm() {
  const { redirectTo, download } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (download) {
    const file = download.path.replace(/^.*\//, "").replace(/\?.*$/, "");
    return (
      <AdminShell title="Your download">
        <p className="max-w-xl text-ink/80">
          Code confirmed. <span className="font-medium">{file}</span> is being saved to your downloads; if it does not
          start, use the button.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href={download.path} className={buttonStyles({ variant: "dark", size: "md" })}>
            Download {file}
          </a>
          <ButtonLink to={download.back} variant="secondary">
            Back to the list
          </ButtonLink>
        </div>
      </AdminShell>
    );
  }
  return (
    <CodeForm
      title="Confirm it is you"
      redirectTo={redirectTo}
      error={result?.errors.code}
      notice={
        <Notice tone="info">
          Data requests, downloads and security changes ask for your code when you last entered it more than 15 minutes
          ago.
        </Notice>
      }
    />
  );
}
