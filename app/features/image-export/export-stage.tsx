import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useFetcher } from "react-router";
import { dimensionError, EXPORT_BACKGROUND, EXPORT_SIZES, PNG_PIXEL_RATIO, type ExportSize } from "./export-spec";
import { buttonStyles } from "~/ui/button";
import { compactInputClass } from "~/ui/field";

/**
 * The card at its real export size, shown scaled down to fit the preview column.
 * html-to-image captures the inner node, so the preview is exactly what is exported.
 */
export function ExportStage({
  size,
  stageRef,
  children,
  label,
}: {
  size: ExportSize;
  stageRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
  label: string;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.4);
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const update = () => setScale(frame.clientWidth / size.width);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [size.width]);
  return (
    <figure aria-label={label}>
      <div
        ref={frameRef}
        className="relative w-full overflow-hidden rounded-lg shadow-md ring-1 ring-navy/20"
        // Width follows from the height limit, so the frame keeps the export's proportions.
        style={{ aspectRatio: `${size.width} / ${size.height}`, maxWidth: `calc(75vh * ${size.width / size.height})` }}
      >
        <div
          ref={stageRef}
          data-testid="export-stage"
          style={{
            width: size.width,
            height: size.height,
            background: EXPORT_BACKGROUND,
            transform: `scale(${scale})`,
            transformOrigin: "0 0",
            position: "absolute",
            left: 0,
            top: 0,
          }}
        >
          {children}
        </div>
      </div>
      <figcaption className="mt-2 text-sm text-ink/80">
        Preview, scaled down. Downloads are {size.width} × {size.height} (PNG at twice that,{" "}
        {size.width * PNG_PIXEL_RATIO} × {size.height * PNG_PIXEL_RATIO} pixels).
      </figcaption>
    </figure>
  );
}

export function SizeSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  return (
    <div>
      <label htmlFor="export-size" className="block font-medium">
        Size
      </label>
      <select id="export-size" value={value} onChange={(e) => onChange(e.target.value)} className={compactInputClass}>
        {EXPORT_SIZES.map((s) => (
          <option key={s.id} value={s.id}>
            {s.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function download(dataUrl: string, fileName: string) {
  const link = document.createElement("a");
  link.href = dataUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** PNG and SVG buttons; each export is recorded in the audit log through the page's action. */
export function DownloadButtons({
  stageRef,
  size,
  fileName,
  auditDetail,
}: {
  stageRef: RefObject<HTMLDivElement | null>;
  size: ExportSize;
  fileName: (format: "png" | "svg") => string;
  auditDetail: Record<string, string>;
}) {
  const [busy, setBusy] = useState<"png" | "svg" | null>(null);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const fetcher = useFetcher();

  async function exportAs(format: "png" | "svg") {
    const node = stageRef.current;
    if (!node) return;
    const ratio = format === "png" ? PNG_PIXEL_RATIO : 1;
    const tooBig = dimensionError(size.width, size.height, ratio);
    if (tooBig) {
      setMessage({ tone: "error", text: tooBig });
      return;
    }
    setBusy(format);
    setMessage(null);
    try {
      const { toPng, toSvg } = await import("html-to-image");
      const options = {
        width: size.width,
        height: size.height,
        backgroundColor: EXPORT_BACKGROUND,
        // The on-screen scale is for the preview only.
        style: { transform: "none", left: "0", top: "0" },
        skipFonts: true,
        cacheBust: false,
      };
      const url =
        format === "png" ? await toPng(node, { ...options, pixelRatio: PNG_PIXEL_RATIO }) : await toSvg(node, options);
      const name = fileName(format);
      download(url, name);
      setMessage({ tone: "success", text: `Downloaded ${name}.` });
      fetcher.submit({ intent: "log-export", format, size: size.id, ...auditDetail }, { method: "post" });
    } catch {
      setMessage({ tone: "error", text: "The image could not be made. Try again, or choose another photo." });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void exportAs("png")}
          disabled={busy !== null}
          className={buttonStyles({ size: "md", className: "disabled:opacity-60" })}
        >
          {busy === "png" ? "Making PNG…" : "Download PNG"}
        </button>
        <button
          type="button"
          onClick={() => void exportAs("svg")}
          disabled={busy !== null}
          className={buttonStyles({ variant: "secondary", size: "md", className: "disabled:opacity-60" })}
        >
          {busy === "svg" ? "Making SVG…" : "Download SVG"}
        </button>
      </div>
      <p
        role={message?.tone === "error" ? "alert" : "status"}
        className={`mt-2 min-h-6 text-sm ${message?.tone === "error" ? "text-red-700" : "text-emerald-800"}`}
      >
        {message?.text ?? ""}
      </p>
    </div>
  );
}
