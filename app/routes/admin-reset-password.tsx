import { data, Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/admin-reset-password";
import { requireServices } from "~/context";

import { resetPassword } from "~/features/auth/flows.server";
import { fieldErrors, resetPasswordSchema, type FieldErrors } from "~/features/auth/schema";
import { adminMeta, AuthCard, NewPasswordFields, Notice, SubmitButton } from "~/features/back-office/ui";

export const meta: Route.MetaFunction = () => [
  ...adminMeta("Choose a new password"),
  { name: "referrer", content: "no-referrer" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const form = await request.formData();
  const parsed = resetPasswordSchema.safeParse({
    token: form.get("token") ?? "",
    newPassword: form.get("newPassword") ?? "",
    confirmPassword: form.get("confirmPassword") ?? "",
  });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) as FieldErrors }, { status: 400 });
  const result = await resetPassword(request, ctx, parsed.data);
  if (!result.ok)
    return data({ errors: { [result.field ?? "form"]: result.message } as FieldErrors }, { status: result.status });
  throw redirect("/admin/login?reason=signed-out");
}

export default function AdminResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const result = useActionData<typeof action>();
  const errors = result?.errors ?? {};
  return (
    <AuthCard title="Choose a new password" intro="Every device is signed out once the new password is saved.">
      {!token || errors.token ? (
        <Notice tone="error">
          This reset link is incomplete.{" "}
          <Link to="/admin/forgot-password" className="font-semibold underline">
            Ask for a new one
          </Link>
        </Notice>
      ) : null}
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
      <Form method="post" noValidate>
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields errors={errors} />
        <SubmitButton busyText="Saving…">Save new password</SubmitButton>
      </Form>
    </AuthCard>
  );
}
