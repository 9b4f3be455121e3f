// Lays out each guide of content/lead-magnets/guides.ts as a one-page A4 PDF beside it
// (content/lead-magnets/<article>.pdf). The PDFs are committed; run this after changing a guide:
//   node --import tsx scripts/build-lead-magnets.ts
// The output is the same for the same text (fixed dates), so an unchanged guide gives no diff.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { guides, type Guide } from "../content/lead-magnets/guides";
import { site } from "../content/site";

const OUT = path.resolve("content/lead-magnets");
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const NAVY = rgb(0.07, 0.16, 0.29);
const TEAL = rgb(0.05, 0.45, 0.45);
const INK = rgb(0.15, 0.15, 0.18);
const FIXED_DATE = new Date("2026-11-25T00:00:00Z");

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

async function render(slug: string, guide: Guide): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(guide.title);
  doc.setAuthor(site.name);
  doc.setSubject(guide.label);
  doc.setCreator(site.name);
  doc.setProducer(site.name);
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage(A4);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;

  const write = (text: string, font: PDFFont, size: number, color = INK, indent = 0, gap = 4) => {
    for (const line of wrap(text, font, size, width - indent)) {
      if (y < MARGIN + 40) {
        page = doc.addPage(A4);
        y = A4[1] - MARGIN;
      }
      y -= size;
      page.drawText(line, { x: MARGIN + indent, y, size, font, color });
      y -= gap;
    }
  };

  write(site.name.toUpperCase(), bold, 9, TEAL, 0, 10);
  write(guide.title, bold, 22, NAVY, 0, 10);
  write(guide.intro, regular, 11, INK, 0, 5);
  for (const section of guide.sections) {
    y -= 12;
    write(section.heading, bold, 13, NAVY, 0, 6);
    for (const item of section.items) {
      const top = y;
      write(item, regular, 10.5, INK, 16, 4);
      page.drawCircle({ x: MARGIN + 5, y: top - 7, size: 2, color: TEAL });
    }
  }
  y -= 14;
  write(guide.closing, bold, 11, TEAL, 0, 5);
  page.drawText(`${site.name} · online coaching for fitness, running and triathlon · ${slug}`, {
    x: MARGIN,
    y: MARGIN - 20,
    size: 8,
    font: regular,
    color: rgb(0.4, 0.4, 0.45),
  });
  return doc.save({ useObjectStreams: false });
}

for (const [slug, guide] of Object.entries(guides)) {
  const bytes = await render(slug, guide);
  await writeFile(path.join(OUT, `${slug}.pdf`), bytes);
  console.log(`${slug}.pdf: ${(bytes.length / 1024).toFixed(1)} KB`);
}
