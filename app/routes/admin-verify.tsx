import { useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-verify";
import { TextField } from "~/ui/field";
import { requireServices } from "~/context";
import { assertSameOrigin } from "~/features/back-office/guard.server";
import { verifySecondFactor } from "~/features/back-office/flows.server";
import { safeRedirectPath } from "~/features/back-office/origin";
import { codeSchema, fieldErrors, type FieldErrors } from "~/features/back-office/schema";
import { adminMeta, AuthCard, Notice, SubmitButton } from "~/features/back-office/ui";

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
  assertSameOrigin(request, ctx.services.env.SITE_URL);
  const form = await request.formData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"), ctx.services.env.SITE_URL);
  const parsed = codeSchema.safeParse({ method: form.get("method") ?? undefined, code: form.get("code") ?? "" });
  if (!parsed.success)
    return data({ errors: fieldErrors(parsed.error) as FieldErrors, restart: false }, { status: 400 });
  const result = await verifySecondFactor(request, ctx, parsed.data);
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
  const [method, setMethod] = useState<"totp" | "backup">("totp");
  const errors: FieldErrors = result?.errors ?? {};
  return (
    <AuthCard
      title="Two-factor check"
      intro={
        method === "totp"
          ? "Enter the 6-digit code from your authenticator app."
          : "Enter one of your backup codes. Each code works once."
      }
    >
      {result?.restart ? (
        <Notice tone="error">
          {errors.code}{" "}
          <Link to={`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`} className="font-semibold underline">
            Sign in again
          </Link>
        </Notice>
      ) : null}
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="method" value={method} />
        {method === "totp" ? (
          <TextField
            look="compact"
            key="totp"
            label="Authenticator code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            autoFocus
            error={result?.restart ? undefined : errors.code}
          />
        ) : (
          <TextField
            look="compact"
            key="backup"
            label="Backup code"
            name="code"
            autoComplete="off"
            required
            autoFocus
            error={result?.restart ? undefined : errors.code}
          />
        )}
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton busyText="Checking…">Verify</SubmitButton>
          <button
            type="button"
            className="text-sm font-medium text-teal-700 underline"
            onClick={() => setMethod(method === "totp" ? "backup" : "totp")}
          >
            {method === "totp" ? "Use a backup code instead" : "Use the authenticator app instead"}
          </button>
        </div>
      </Form>
    </AuthCard>
  );
}
