import { useId, useRef, useState } from "react";
import { DownloadButtons, ExportStage, SizeSelect } from "./export-stage";
import { findSize, fitFontSize, photoError, slideFrame, testimonialFileName, type ExportSize } from "./export-spec";
import { compactInputClass } from "~/ui/field";

export interface TestimonialDraft {
  title: string;
  name: string;
  text: string;
  photo: string | null;
}

export function TestimonialCard({ draft, size, brand }: { draft: TestimonialDraft; size: ExportSize; brand: string }) {
  const unit = Math.min(size.width, size.height);
  const pad = Math.round(unit * 0.08);
  const wide = size.width / size.height > 1.5;
  const photoSize = Math.round(unit * (wide ? 0.3 : 0.22));
  const textBox = wide
    ? { w: size.width - pad * 3 - photoSize, h: (size.height - pad * 2) * 0.55 }
    : { w: size.width - pad * 2, h: (size.height - pad * 2) * 0.45 };
  const textSize = fitFontSize(draft.text, textBox.w, textBox.h, Math.round(unit * 0.05), 16);
  const photo = draft.photo ? (
    <img
      src={draft.photo}
      alt=""
      style={{
        width: photoSize,
        height: photoSize,
        objectFit: "cover",
        borderRadius: "50%",
        border: `${Math.round(unit * 0.008)}px solid #5eead4`,
        flexShrink: 0,
      }}
    />
  ) : null;
  return (
    <div style={slideFrame(pad)}>
      <div
        style={{
          color: "#f97366",
          fontWeight: 800,
          fontSize: unit * 0.035,
          letterSpacing: "0.08em",
          textTransform: "uppercase",
        }}
      >
        {draft.title}
      </div>
      <div
        style={{
          display: "flex",
          flexDirection: wide ? "row" : "column",
          gap: pad * 0.6,
          marginTop: unit * 0.04,
          alignItems: wide ? "center" : "flex-start",
        }}
      >
        {photo}
        <div>
          <div aria-hidden="true" style={{ color: "#5eead4", fontSize: unit * 0.12, lineHeight: 0.6, fontWeight: 800 }}>
            “
          </div>
          <p style={{ fontSize: textSize, lineHeight: 1.45, marginTop: unit * 0.01 }}>{draft.text}</p>
          <p style={{ marginTop: unit * 0.03, fontSize: unit * 0.034, fontWeight: 700, color: "#5eead4" }}>
            {draft.name ? `— ${draft.name}` : ""}
          </p>
        </div>
      </div>
      <div
        style={{
          marginTop: "auto",
          paddingTop: unit * 0.03,
          fontSize: unit * 0.026,
          borderTop: "2px solid rgba(94,234,212,0.5)",
        }}
      >
        <strong>{brand}</strong>
        <span style={{ marginLeft: unit * 0.02, color: "#fde68a" }}>★★★★★</span>
      </div>
    </div>
  );
}

export function TestimonialExportTool({ initial, brand }: { initial: Omit<TestimonialDraft, "photo">; brand: string }) {
  const [draft, setDraft] = useState<TestimonialDraft>({ ...initial, photo: null });
  const [sizeId, setSizeId] = useState("1080x1080");
  const [photoMessage, setPhotoMessage] = useState<string | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const ids = { title: useId(), name: useId(), text: useId(), photo: useId(), photoHelp: useId(), photoError: useId() };
  const size = findSize(sizeId);
  const set = (key: keyof TestimonialDraft) => (value: string | null) => setDraft((d) => ({ ...d, [key]: value }));

  function choosePhoto(file: File | undefined) {
    if (!file) return;
    const problem = photoError(file);
    setPhotoMessage(problem);
    if (problem) return;
    // Read in the browser as a data URL: the photo never leaves this device.
    const reader = new FileReader();
    reader.onload = () => set("photo")(typeof reader.result === "string" ? reader.result : null);
    reader.onerror = () => setPhotoMessage("This photo could not be read. Try another file.");
    reader.readAsDataURL(file);
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[22rem_1fr]">
      <div className="space-y-4">
        <SizeSelect value={sizeId} onChange={setSizeId} />
        <div>
          <label htmlFor={ids.photo} className="block font-medium">
            Photo
          </label>
          <p id={ids.photoHelp} className="text-sm text-ink/75">
            An image of at most 5 MB. It stays on this device.
          </p>
          <input
            id={ids.photo}
            type="file"
            accept="image/*"
            aria-describedby={`${ids.photoHelp}${photoMessage ? ` ${ids.photoError}` : ""}`}
            aria-invalid={photoMessage ? true : undefined}
            onChange={(e) => choosePhoto(e.target.files?.[0])}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-navy file:px-4 file:py-2 file:font-semibold file:text-white"
          />
          {photoMessage ? (
            <p id={ids.photoError} role="alert" className="mt-1 text-sm text-red-700">
              {photoMessage}
            </p>
          ) : null}
          {draft.photo ? (
            <button
              type="button"
              onClick={() => set("photo")(null)}
              className="mt-2 text-sm font-medium text-teal-700 underline"
            >
              Remove photo
            </button>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.title} className="block font-medium">
            Title
          </label>
          <input
            id={ids.title}
            value={draft.title}
            maxLength={60}
            onChange={(e) => set("title")(e.target.value)}
            className={compactInputClass}
          />
        </div>
        <div>
          <label htmlFor={ids.name} className="block font-medium">
            Name
          </label>
          <input
            id={ids.name}
            value={draft.name}
            maxLength={60}
            onChange={(e) => set("name")(e.target.value)}
            className={compactInputClass}
          />
        </div>
        <div>
          <label htmlFor={ids.text} className="block font-medium">
            Review text
          </label>
          <textarea
            id={ids.text}
            value={draft.text}
            rows={7}
            maxLength={1200}
            onChange={(e) => set("text")(e.target.value)}
            className={compactInputClass}
          />
        </div>
        <DownloadButtons
          stageRef={stageRef}
          size={size}
          fileName={(format) => testimonialFileName(draft.name, format)}
          auditDetail={{ tool: "testimonial" }}
        />
      </div>
      <ExportStage size={size} stageRef={stageRef} label="Testimonial image preview">
        <TestimonialCard draft={draft} size={size} brand={brand} />
      </ExportStage>
    </div>
  );
}
