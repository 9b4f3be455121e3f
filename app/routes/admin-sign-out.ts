import { redirect } from "react-router";
import type { Route } from "./+types/admin-sign-out";
import { requireServices } from "~/context";
import { getTrainerSession } from "~/features/auth/guard.server";
import { signOutScope, type SignOutScope } from "~/features/auth/flows.server";

const SCOPES = new Set<SignOutScope>(["local", "others", "global"]);

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const form = await request.formData();
  const scope = String(form.get("scope") ?? "local") as SignOutScope;
  const trainer = await getTrainerSession(request, ctx);
  if (!trainer) throw redirect("/admin/login?reason=signed-out");
  if (!SCOPES.has(scope)) return new Response("Unknown sign-out scope", { status: 400 });
  // Ending other devices' sessions is a factor-level action; signing out here never is.
  if (scope !== "local" && trainer.user.twoFactorEnabled && trainer.session.aal !== "aal2")
    throw redirect("/admin/login?reason=step-up");
  const result = await signOutScope(request, ctx, trainer, scope);
  if (scope === "others") throw redirect("/admin/security?signedOut=others", { headers: result.headers });
  throw redirect("/admin/login?reason=signed-out", { headers: result.headers });
}

export function loader() {
  return redirect("/admin");
}
