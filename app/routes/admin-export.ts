import type { Route } from "./+types/admin-export";
import { requireServices } from "~/infra/context";
import { audit, requireTrainer } from "~/features/back-office/guard.server";
import { EXPORT_LISTS, exportCsv, type ExportList } from "~/features/back-office/exports.server";
import { parseLeadFilters } from "~/features/back-office/filters";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  const list = params.list.replace(/\.csv$/, "") as ExportList;
  if (!params.list.endsWith(".csv") || !EXPORT_LISTS.includes(list)) return new Response("Not found", { status: 404 });
  const { page: _page, ...filters } = parseLeadFilters(new URL(request.url).searchParams);
  await audit(ctx.services.database.db, { action: "export.csv", userId: trainer.user.id, ip: ctx.clientIp, detail: { list, filters } });
  const day = new Date().toISOString().slice(0, 10);
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${list}-${day}.csv"`,
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
  });
  for (const cookie of trainer.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(exportCsv(ctx.services.database.db, list, filters), { headers });
}
