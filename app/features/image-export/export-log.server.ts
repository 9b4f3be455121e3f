import "~/infra/zod-config";
import { data } from "react-router";
import { z } from "zod";
import { audit, type BackOfficeContext, type TrainerSession } from "~/features/auth/guard.server";
import { EXPORT_SIZES } from "./export-spec";

const exportLogSchema = z.object({
  intent: z.literal("log-export"),
  tool: z.enum(["faq", "testimonial"]),
  format: z.enum(["png", "svg"]),
  size: z.enum(EXPORT_SIZES.map((s) => s.id) as [string, ...string[]]),
  item: z
    .string()
    .regex(/^\d{1,2}$/)
    .optional(),
});

/** The images are made in the browser; the server only records that one was exported. */
export async function logImageExport(request: Request, ctx: BackOfficeContext, trainer: TrainerSession) {
  const parsed = exportLogSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  const { intent: _intent, ...detail } = parsed.data;
  await audit(ctx.services.database.db, { action: "export.image", userId: trainer.user.id, ip: ctx.clientIp, detail });
  return data({ ok: true }, { headers: trainer.headers });
}
