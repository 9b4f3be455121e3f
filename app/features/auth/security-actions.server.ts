import { data, redirect } from "react-router";
import type { BackOfficeContext, TrainerSession } from "./guard.server";
import { changePassword, confirmEnrolment, removeFactor, startEnrolment } from "./flows.server";
import { changePasswordSchema, fieldErrors, passwordOnlySchema, totpCodeSchema, type FieldErrors } from "./schema";

/**
 * The security page's buttons: a second factor set up, confirmed or removed, a device's
 * notifications turned off, the password changed. Each form's fields are checked here first.
 */

/** What the buttons need: the back office's context, and the trainer's push devices. */
type SecurityContext = BackOfficeContext & {
  services: BackOfficeContext["services"] & {
    push: { unsubscribe(userId: string, endpoint: string): Promise<unknown> };
  };
};

export type SecurityActionResult =
  | { intent: "enrol-start"; errors?: FieldErrors }
  | { intent: "enrol-confirm"; errors?: FieldErrors }
  | { intent: "remove-factor"; errors?: FieldErrors }
  | { intent: "change-password"; errors?: FieldErrors; done?: boolean }
  | { intent: "push-remove"; errors?: FieldErrors };

export async function securityAction(request: Request, ctx: SecurityContext, trainer: TrainerSession, form: FormData) {
  const intent = String(form.get("intent") ?? "");

  if (intent === "enrol-start") {
    const parsed = passwordOnlySchema.safeParse({ password: form.get("password") ?? "" });
    if (!parsed.success)
      return data<SecurityActionResult>({ intent, errors: fieldErrors(parsed.error) }, { status: 400 });
    const result = await startEnrolment(request, ctx, parsed.data.password);
    if (!result.ok)
      return data<SecurityActionResult>(
        { intent, errors: { [result.field ?? "password"]: result.message } },
        { status: result.status },
      );
    // The page's loader runs after this action and shows the enrolment it started.
    return data<SecurityActionResult>({ intent });
  }
  if (intent === "enrol-confirm") {
    const parsed = totpCodeSchema.safeParse({ code: form.get("code") ?? "" });
    if (!parsed.success)
      return data<SecurityActionResult>({ intent, errors: fieldErrors(parsed.error) }, { status: 400 });
    const result = await confirmEnrolment(request, ctx, trainer, parsed.data.code);
    if (!result.ok)
      return data<SecurityActionResult>({ intent, errors: { code: result.message } }, { status: result.status });
    throw redirect("/admin?enrolled=1", { headers: result.headers });
  }
  if (intent === "remove-factor") {
    if (trainer.user.twoFactorEnabled && trainer.session.aal !== "aal2") throw redirect("/admin/login?reason=step-up");
    const parsed = passwordOnlySchema.safeParse({ password: form.get("password") ?? "" });
    if (!parsed.success)
      return data<SecurityActionResult>({ intent, errors: fieldErrors(parsed.error) }, { status: 400 });
    const result = await removeFactor(request, ctx, trainer, parsed.data.password);
    if (!result.ok)
      return data<SecurityActionResult>({ intent, errors: { password: result.message } }, { status: result.status });
    throw redirect("/admin/security?removed=1", { headers: result.headers });
  }
  if (intent === "push-remove") {
    await ctx.services.push.unsubscribe(trainer.user.id, String(form.get("endpoint") ?? ""));
    return data<SecurityActionResult>({ intent });
  }
  if (intent === "change-password") {
    const parsed = changePasswordSchema.safeParse({
      currentPassword: form.get("currentPassword") ?? "",
      newPassword: form.get("newPassword") ?? "",
      confirmPassword: form.get("confirmPassword") ?? "",
    });
    if (!parsed.success)
      return data<SecurityActionResult>({ intent, errors: fieldErrors(parsed.error) }, { status: 400 });
    const result = await changePassword(request, ctx, trainer, parsed.data);
    if (!result.ok)
      return data<SecurityActionResult>(
        { intent, errors: { [result.field ?? "form"]: result.message } },
        { status: result.status },
      );
    return data<SecurityActionResult>({ intent, done: true }, { headers: result.headers });
  }
  return data({ error: "Unknown action" }, { status: 400 });
}
