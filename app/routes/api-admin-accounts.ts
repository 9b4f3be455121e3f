import { data } from "react-router";
import type { Route } from "./+types/api-admin-accounts";
import { requireServices } from "~/context";
import { AccountExistsError, accountInputSchema, createTrainerAccount } from "~/features/auth/accounts.server";
import { audit } from "~/features/auth/guard.server";
import { isLoopback, verifyProvisionRequest } from "~/features/auth/provision";

/**
 * Account creation for `npm run admin:create -- --server <url>`: the embedded database admits one
 * process, so while the server runs the script asks the server. Only from the machine itself and
 * only with an HMAC made with the server's own secret.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const body = await request.text();
  const signed = verifyProvisionRequest(
    ctx.services.secret,
    {
      timestamp: request.headers.get("x-provision-timestamp"),
      signature: request.headers.get("x-provision-signature"),
    },
    body,
  );
  if (!isLoopback(ctx.clientIp) || !signed) return data({ error: "Forbidden" }, { status: 403 });
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return data({ error: "Body must be JSON" }, { status: 400 });
  }
  const parsed = accountInputSchema.safeParse(json);
  if (!parsed.success) return data({ error: parsed.error.issues.map((i) => i.message).join("; ") }, { status: 400 });
  try {
    const account = await createTrainerAccount(ctx.services.auth, parsed.data);
    await audit(ctx.services.database.db, {
      action: "account.created",
      userId: account.id,
      ip: ctx.clientIp,
      detail: { email: account.email, via: "server" },
    });
    return data(
      { email: account.email, password: account.generated ? account.password : undefined },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    if (error instanceof AccountExistsError) return data({ error: error.message }, { status: 409 });
    throw error;
  }
}

export function loader() {
  return data({ error: "Not found" }, { status: 404 });
}
