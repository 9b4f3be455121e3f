import type { MediaImage } from "#content/types";

/** Must match scripts/build-images.mjs. */
const WIDTHS = [480, 960, 1440, 1920];

export function mediaWidths(image: MediaImage): number[] {
  const max = image.src.endsWith(".svg") ? image.width * 2 : image.width;
  const widths = WIDTHS.filter((w) => w <= max);
  return widths.length >= 3 ? widths : WIDTHS.slice(0, 3);
}

const base = (src: string) => `/media/${src.replace(/\.[a-z0-9]+$/i, "")}`;

/** The one builder of media URLs: a rendering of a content image at one width (scripts/build-images.mjs). */
export function mediaUrl(image: Pick<MediaImage, "src">, width: number, format: "avif" | "webp" = "webp"): string {
  return `${base(image.src)}-${width}.${format}`;
}

interface PictureProps {
  image: MediaImage;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** The page's LCP image: loaded eagerly with high priority. */
  priority?: boolean;
  className?: string;
  imgClassName?: string;
}

/** Responsive AVIF/WebP with explicit width and height, lazy unless it is the LCP image. */
export function Picture({ image, sizes, priority = false, className, imgClassName }: PictureProps) {
  const widths = mediaWidths(image);
  const srcSet = (format: "avif" | "webp") => widths.map((w) => `${base(image.src)}-${w}.${format} ${w}w`).join(", ");
  const fallbackWidth = widths[Math.min(1, widths.length - 1)] ?? 960;
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={mediaUrl(image, fallbackWidth)}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        // The likely largest paint: the scripts a page fetches unasked wait until it is shown (client-runtime/later.ts).
        elementtiming={priority ? "priority" : undefined}
        className={imgClassName}
      />
    </picture>
  );
}
