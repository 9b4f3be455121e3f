/** Export sizes of the image tools. */
export const EXPORT_SIZES = [
  { id: "1080x1080", width: 1080, height: 1080, label: "Square post (1080 × 1080)" },
  { id: "1080x1920", width: 1080, height: 1920, label: "Story (1080 × 1920)" },
  { id: "1200x630", width: 1200, height: 630, label: "Link preview (1200 × 630)" },
  { id: "1200x1200", width: 1200, height: 1200, label: "Large square (1200 × 1200)" },
] as const;
export type ExportSize = (typeof EXPORT_SIZES)[number];

export const PNG_PIXEL_RATIO = 2;
/** Largest canvas side browsers reliably draw; larger exports come out blank or cropped. */
export const MAX_DIMENSION = 16384;
/** Fixed background of every export: the brand navy. */
export const EXPORT_BACKGROUND = "#0b1f3a";

/** The card's outer box: a column of white text in the system font, `pad` pixels from the edges. */
export function slideFrame(pad: number) {
  return {
    display: "flex",
    flexDirection: "column",
    height: "100%",
    padding: pad,
    color: "#ffffff",
    fontFamily: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  } as const;
}
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export function findSize(id: string | null | undefined): ExportSize {
  return EXPORT_SIZES.find((s) => s.id === id) ?? EXPORT_SIZES[0];
}

/** Null when the output fits, else the message shown to the trainer. */
export function dimensionError(width: number, height: number, pixelRatio: number): string | null {
  const w = Math.round(width * pixelRatio);
  const h = Math.round(height * pixelRatio);
  if (w > MAX_DIMENSION || h > MAX_DIMENSION) {
    return `This export would be ${w} × ${h} pixels; images can be at most ${MAX_DIMENSION} pixels on each side. Choose a smaller size.`;
  }
  return null;
}

export function faqFileName(index: number, format: "png" | "svg"): string {
  return `faq-${String(index + 1).padStart(2, "0")}.${format}`;
}

export function testimonialFileName(name: string, format: "png" | "svg"): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `testimonial${slug ? `-${slug}` : ""}.${format}`;
}

/** Null when the file can be used as the photo, else why not. */
export function photoError(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return "Choose an image file (JPEG, PNG, WebP or similar).";
  if (file.size > MAX_PHOTO_BYTES)
    return `This photo is ${(file.size / 1024 / 1024).toFixed(1)} MB; use one of at most 5 MB.`;
  return null;
}

/**
 * Body text size that fills the card without overflowing: the text area's surface divided
 * by the text length gives the room per character; a character takes about 0.55 em × 1.45 em.
 */
export function fitFontSize(text: string, boxWidth: number, boxHeight: number, max: number, min = 18): number {
  const chars = Math.max(1, text.length);
  const size = Math.sqrt((boxWidth * boxHeight) / (chars * 0.55 * 1.45));
  return Math.max(min, Math.min(max, Math.floor(size * 0.9)));
}
