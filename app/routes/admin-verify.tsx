import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-verify";
import { requireServices } from "~/context";

import { verifySecondFactor } from "~/features/auth/flows.server";
import { safeRedirectPath } from "~/features/auth/origin";
import { codeSchema, fieldErrors, type FieldErrors } from "~/features/auth/schema";
import { adminMeta, Notice } from "~/features/back-office/ui";
import { CodeForm } from "~/features/back-office/code-form";

export const meta: Route.MetaFunction = () => adminMeta("Verify sign-in");

/** The challenge cookie from the password step; without it there is nothing to verify. */
const hasChallenge = (request: Request) =>
  /(?:^|;\s*)(?:__Secure-)?mjc\.two_factor=/.test(request.headers.get("cookie") ?? "");

export function loader({ request, context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), services.env.SITE_URL);
  if (!hasChallenge(request)) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  return data({ redirectTo }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const form = await request.formData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"), ctx.services.env.SITE_URL);
  const parsed = codeSchema.safeParse({ method: form.get("method") ?? undefined, code: form.get("code") ?? "" });
  if (!parsed.success)
    return data({ errors: fieldErrors(parsed.error) as FieldErrors, restart: false }, { status: 400 });
  const result = await verifySecondFactor(request, ctx, { ...parsed.data, trust: form.get("trust") === "yes" });
  if (!result.ok)
    return data(
      { errors: { code: result.message } as FieldErrors, restart: result.field === "restart" },
      { status: result.status },
    );
  throw redirect(redirectTo, { headers: result.headers });
}

export default function AdminVerify() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: FieldErrors = result?.errors ?? {};
  return (
    <CodeForm
      title="Two-factor check"
      redirectTo={redirectTo}
      offerTrust
      error={result?.restart ? undefined : errors.code}
      notice={
        result?.restart ? (
          <Notice tone="error">
            {errors.code}{" "}
            <Link to={`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`} className="font-semibold underline">
              Sign in again
            </Link>
          </Notice>
        ) : null
      }
    />
  );
}
