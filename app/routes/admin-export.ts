import type { Route } from "./+types/admin-export";
import { requireServices } from "~/context";
import { accessTokenOrRecentCode, audit, downloadResponse, exportCallerOf } from "~/features/auth/guard.server";
import { EXPORT_LISTS, exportCsv, type ExportList } from "~/features/reports/exports.server";
import { parseLeadFilters } from "~/features/back-office/filters";
import { parseSubscriberFilter } from "~/features/newsletter/subscriber-filters";

/**
 * Scripts (a spreadsheet import, a backup job) may fetch a CSV with an access token from
 * /api/auth/token instead of the session cookie; the token must come from an aal2 session. The
 * trainer herself needs the code from the last 15 minutes.
 */
export const middleware: Route.MiddlewareFunction[] = [accessTokenOrRecentCode(requireServices)];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const caller = exportCallerOf(context);
  const list = params.list.replace(/\.csv$/, "") as ExportList;
  if (!params.list.endsWith(".csv") || !EXPORT_LISTS.includes(list)) return new Response("Not found", { status: 404 });
  const query = new URL(request.url).searchParams;
  const { page: _page, ...filters } = parseLeadFilters(query);
  const { page: _subscriberPage, ...subscriberFilter } = parseSubscriberFilter(query);
  await audit(ctx.services.database.db, {
    action: "export.csv",
    userId: caller.userId,
    ip: ctx.clientIp,
    detail: { list, filters: list === "subscribers" ? subscriberFilter : filters },
  });
  return downloadResponse(exportCsv(ctx.services.database.db, list, filters, subscriberFilter), {
    type: "text/csv",
    name: list,
    ext: "csv",
    sessionHeaders: caller.headers,
  });
}
