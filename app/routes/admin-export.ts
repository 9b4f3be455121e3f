import type { Route } from "./+types/admin-export";
import { requireServices } from "~/context";
import { audit, downloadResponse, requireTrainer } from "~/features/back-office/guard.server";
import { AccessTokenError, verifyAccessToken } from "~/features/back-office/access-token.server";
import type { RequestContext } from "~/context";
import { EXPORT_LISTS, exportCsv, type ExportList } from "~/features/back-office/exports.server";
import { parseLeadFilters } from "~/features/back-office/filters";

/**
 * Scripts (a spreadsheet import, a backup job) may fetch a CSV with an access token from
 * /api/auth/token instead of the session cookie; the token must come from an aal2 session.
 */
async function bearerUser(request: Request, ctx: RequestContext): Promise<{ userId: string } | Response | null> {
  const header = request.headers.get("authorization");
  if (!header?.startsWith("Bearer ")) return null;
  const origin = new URL(ctx.services.env.SITE_URL).origin;
  try {
    const claims = await verifyAccessToken(header.slice(7).trim(), await ctx.services.auth.api.getJwks(), {
      issuer: origin,
      audience: origin,
    });
    if (claims.aal !== "aal2") return new Response("This token was issued without the second factor.", { status: 403 });
    return { userId: claims.sub };
  } catch (error) {
    if (error instanceof AccessTokenError)
      return new Response(error.message, {
        status: 401,
        headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' },
      });
    throw error;
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const bearer = await bearerUser(request, ctx);
  if (bearer instanceof Response) return bearer;
  const trainer = bearer
    ? { user: { id: bearer.userId }, headers: new Headers() }
    : await requireTrainer(request, ctx, { recentCode: true });
  const list = params.list.replace(/\.csv$/, "") as ExportList;
  if (!params.list.endsWith(".csv") || !EXPORT_LISTS.includes(list)) return new Response("Not found", { status: 404 });
  const { page: _page, ...filters } = parseLeadFilters(new URL(request.url).searchParams);
  await audit(ctx.services.database.db, {
    action: "export.csv",
    userId: trainer.user.id,
    ip: ctx.clientIp,
    detail: { list, filters },
  });
  return downloadResponse(exportCsv(ctx.services.database.db, list, filters), {
    type: "text/csv",
    name: list,
    ext: "csv",
    sessionHeaders: trainer.headers,
  });
}
