import type { Db } from "~/infra/db.server";
import { beaconAnswer, readBeacon, type BeaconContext } from "~/infra/beacon.server";
import { MAX_REPORT_BYTES } from "./report-rules";
import { vitalsReportSchema } from "./report-schema.server";
import { recordVitals } from "./store.server";

/** The part of the request context the endpoint needs. */
export interface VitalsContext extends BeaconContext {
  services: BeaconContext["services"] & { database: { db: Db } };
}

/**
 * The endpoint behind POST /api/vitals. Refuses anything that is not one small JSON report from
 * this site (403 from another origin, 400 malformed or invalid, 413 over 1 KB, 429 too many) and
 * answers 204 with no body and no cookie. The address only keys the rate limit, as a keyed hash;
 * nothing about the visitor is stored or logged.
 */
export async function handleVitalsReport(request: Request, ctx: VitalsContext): Promise<Response> {
  const read = await readBeacon(request, ctx, { bucket: "vitals", maxBytes: MAX_REPORT_BYTES });
  if ("refused" in read) return read.refused;
  const parsed = vitalsReportSchema.safeParse(read.json);
  if (!parsed.success) return beaconAnswer(400);
  await recordVitals(ctx.services.database.db, parsed.data);
  return beaconAnswer(204);
}
