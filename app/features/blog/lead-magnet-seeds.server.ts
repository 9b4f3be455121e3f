import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { guides } from "#content/lead-magnets/guides";
import type { Db } from "~/infra/db.server";
import { storeSeededPdf } from "~/features/content/uploads.server";

/**
 * The guides the seeded articles' sign-up forms promise (content/lead-magnets: the texts and the
 * PDFs scripts/build-lead-magnets.ts makes from them). At every start each PDF is put into the
 * database once, under an id derived from its article's address, so the seeded articles can name
 * it before it is stored and two instances starting together store it once.
 */

const DIR = () => path.resolve(process.cwd(), "content/lead-magnets");

/** A stable UUID (version 4 layout) for the seeded guide of one article. */
export function seededGuideId(slug: string): string {
  const h = createHash("sha256").update(`lead-magnet:${slug}`).digest("hex");
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The lead magnet a seeded article starts with, if a guide was written for it. */
export function seededLeadMagnet(slug: string): { label: string; fileId: string } | undefined {
  const guide = guides[slug];
  if (!guide || !existsSync(path.join(DIR(), `${slug}.pdf`))) return undefined;
  return { label: guide.label, fileId: seededGuideId(slug) };
}

/** Stores every guide's PDF that is not in the database yet (idempotent). */
export async function seedLeadMagnetFiles(db: Db): Promise<void> {
  for (const slug of Object.keys(guides)) {
    const file = path.join(DIR(), `${slug}.pdf`);
    if (!existsSync(file)) continue;
    await storeSeededPdf(db, {
      id: seededGuideId(slug),
      name: `${slug}.pdf`,
      bytes: new Uint8Array(readFileSync(file)),
    });
  }
}
