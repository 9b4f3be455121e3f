import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-forgot-password";
import { requireServices } from "~/context";

import { requestPasswordReset } from "~/features/auth/flows.server";
import { fieldErrors, forgotPasswordSchema, type FieldErrors } from "~/features/auth/schema";
import { AccountEmailField, adminMeta, AuthCard, Notice, SubmitButton } from "~/features/back-office/ui";
import { guardForm } from "~/infra/form-guard.server";
import { Honeypot } from "~/ui/field";

export const meta: Route.MetaFunction = () => adminMeta("Reset password");

export function loader({ context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  return { available: services.mailer !== null };
}

const UNREADABLE = "The form could not be read. Please try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const guard = await guardForm(request, ctx, { form: "admin-forgot-password", accept: ["form"] });
  if (!guard.ok) {
    if (guard.problem === "rate-limited")
      return data(
        { errors: { form: guard.message } as FieldErrors, sent: false },
        { status: 429, headers: guard.headers },
      );
    if (guard.problem === "bad-body")
      return data({ errors: { form: UNREADABLE } as FieldErrors, sent: false }, { status: 400 });
    // A bot is told what everyone is told; no mail leaves.
    return { errors: {} as FieldErrors, sent: true };
  }
  const form = guard.body.type === "form" ? guard.body.value : new FormData();
  const parsed = forgotPasswordSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) as FieldErrors, sent: false }, { status: 400 });
  const result = await requestPasswordReset(request, ctx, parsed.data.email);
  if (!result.ok)
    return data({ errors: { form: result.message } as FieldErrors, sent: false }, { status: result.status });
  return { errors: {} as FieldErrors, sent: true };
}

export default function AdminForgotPassword() {
  const { available } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors ?? {};
  return (
    <AuthCard title="Reset your password">
      {!available ? (
        <Notice>
          Password reset by e-mail is not set up on this server. Create a new password with `npm run admin:create` on
          the server instead.
        </Notice>
      ) : result?.sent ? (
        <Notice tone="success">
          If that address has an account, an e-mail with a reset link is on its way. The link works once, for 30
          minutes.
        </Notice>
      ) : (
        <Form method="post" noValidate>
          {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
          <Honeypot />
          <AccountEmailField error={errors.email} />
          <SubmitButton busyText="Sending…">Send reset link</SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/admin/login" className="font-medium text-teal-700 underline">
          Back to sign-in
        </Link>
      </p>
    </AuthCard>
  );
}
