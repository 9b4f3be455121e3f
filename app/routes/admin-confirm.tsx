import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-confirm";
import { requireServices } from "~/context";
import { CodeForm } from "~/features/back-office/code-form";
import { verifySecondFactor } from "~/features/back-office/flows.server";
import { assertSameOrigin, forwardSessionHeaders, requireTrainer } from "~/features/back-office/guard.server";
import { safeRedirectPath } from "~/features/back-office/origin";
import { codeSchema, fieldErrors, type FieldErrors } from "~/features/back-office/schema";
import { adminMeta, Notice } from "~/features/back-office/ui";

export const meta: Route.MetaFunction = () => adminMeta("Confirm it is you");
export const headers = forwardSessionHeaders;

/**
 * Data requests, erasure, exports and account security ask for the code again when it was last
 * entered more than 15 minutes ago; the trainer confirms here and goes back where she was.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), ctx.services.env.SITE_URL);
  return data({ redirectTo }, { headers: trainer.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  assertSameOrigin(request, ctx.services.env.SITE_URL);
  const trainer = await requireTrainer(request, ctx);
  const form = await request.formData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"), ctx.services.env.SITE_URL);
  const parsed = codeSchema.safeParse({ method: form.get("method") ?? undefined, code: form.get("code") ?? "" });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) as FieldErrors }, { status: 400 });
  const result = await verifySecondFactor(request, ctx, parsed.data, trainer);
  if (!result.ok) return data({ errors: { code: result.message } as FieldErrors }, { status: result.status });
  const headers = new Headers(trainer.headers);
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  throw redirect(redirectTo, { headers });
}

export default function AdminConfirm() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
