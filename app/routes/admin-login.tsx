import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-login";
import { requireServices } from "~/context";
import { getTrainerSession } from "~/features/auth/guard.server";
import { signInWithPassword, startEnrolmentAtSignIn } from "~/features/auth/flows.server";
import { safeRedirectPath } from "~/features/auth/origin";
import { fieldErrors, signInSchema, type FieldErrors } from "~/features/auth/schema";
import { AccountEmailField, adminMeta, AuthCard, Notice, SubmitButton } from "~/features/back-office/ui";
import { guardForm } from "~/infra/form-guard.server";
import { Honeypot, TextField } from "~/ui/field";

export const meta: Route.MetaFunction = () => adminMeta("Sign in");

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), ctx.services.env.SITE_URL);
  const reason = url.searchParams.get("reason");
  const trainer = await getTrainerSession(request, ctx);
  if (trainer && (!trainer.user.twoFactorEnabled || trainer.session.aal === "aal2")) throw redirect(redirectTo);
  return data(
    {
      redirectTo,
      reason:
        reason === "expired" || reason === "step-up" || reason === "signed-out"
          ? (reason as keyof typeof REASONS)
          : null,
      resetAvailable: ctx.services.mailer !== null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const NO_MATCH = "That e-mail address and password do not match an account.";
const UNREADABLE = "The form could not be read. Please try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  // The site's form guard (body, per-address form limit, honeypot) in front of better-auth's own limits.
  const guard = await guardForm(request, ctx, { form: "admin-login", accept: ["form"] });
  if (!guard.ok) {
    const refused = (form: string, status: number, headers?: HeadersInit) =>
      data({ errors: { form } as FieldErrors, email: "" }, { status, headers });
    if (guard.problem === "rate-limited") return refused(guard.message, 429, guard.headers);
    if (guard.problem === "bad-body") return refused(UNREADABLE, 400);
    // A bot gets the answer a wrong password gets.
    return refused(NO_MATCH, 401);
  }
  const form = guard.body.type === "form" ? guard.body.value : new FormData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"), ctx.services.env.SITE_URL);
  const values = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
  const parsed = signInSchema.safeParse(values);
  if (!parsed.success)
    return data({ errors: fieldErrors(parsed.error) as FieldErrors, email: values.email }, { status: 400 });
  const result = await signInWithPassword(request, ctx, parsed.data);
  if (!result.ok)
    return data({ errors: { form: result.message } as FieldErrors, email: values.email }, { status: result.status });
  // No second factor yet: start setting one up with the password just typed (the guard then
  // sends every back-office page to the security page, which shows the QR code and backup codes).
  if (result.next === "done") await startEnrolmentAtSignIn(request, ctx, parsed.data.password, result.headers);
  const next = result.next === "verify" ? `/admin/verify?redirectTo=${encodeURIComponent(redirectTo)}` : redirectTo;
  throw redirect(next, { headers: result.headers });
}

const REASONS: Record<"expired" | "step-up" | "signed-out", string> = {
  expired: "Your session ended. Sign in again to continue.",
  "step-up": "This page needs your second factor. Sign in again with your authenticator code.",
  "signed-out": "You are signed out.",
};

export default function AdminLogin() {
  const { redirectTo, reason, resetAvailable } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: FieldErrors = result?.errors ?? {};
  return (
    <AuthCard title="Back office sign-in" intro="For the trainer only.">
      {reason ? <Notice>{REASONS[reason]}</Notice> : null}
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Honeypot />
        <AccountEmailField defaultValue={result?.email} error={errors.email} />
        <TextField
          id="password"
          look="compact"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <SubmitButton busyText="Signing in…">Sign in</SubmitButton>
      </Form>
      {resetAvailable ? (
        <p className="mt-6 text-sm">
          <Link to="/admin/forgot-password" className="font-medium text-teal-700 underline">
            Forgot your password?
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
