import { useRef, useState } from "react";
import type { FaqEntry } from "#content/types";
import { DownloadButtons, ExportStage, SizeSelect } from "./export-stage";
import { compactInputClass } from "~/ui/field";
import { faqFileName, findSize, fitFontSize, slideFrame, type ExportSize } from "./export-spec";

export function FaqCard({
  entry,
  index,
  size,
  brand,
  domain,
}: {
  entry: FaqEntry;
  index: number;
  size: ExportSize;
  brand: string;
  domain: string;
}) {
  const unit = Math.min(size.width, size.height);
  const pad = Math.round(unit * 0.08);
  const wide = size.width / size.height > 1.5;
  const questionSize = Math.round(unit * (wide ? 0.075 : 0.062));
  const answerBox = { w: size.width - pad * 2, h: (size.height - pad * 2) * (wide ? 0.45 : 0.5) };
  const answerSize = fitFontSize(entry.answer, answerBox.w, answerBox.h, Math.round(unit * 0.04), 16);
  return (
    <div style={slideFrame(pad)}>
      <div style={{ display: "flex", alignItems: "center", gap: unit * 0.02 }}>
        <span
          style={{
            background: "#f97366",
            color: "#0b1f3a",
            fontWeight: 800,
            fontSize: unit * 0.03,
            padding: `${unit * 0.008}px ${unit * 0.02}px`,
            borderRadius: 999,
          }}
        >
          FAQ
        </span>
        <span style={{ color: "#5eead4", fontWeight: 700, fontSize: unit * 0.028 }}>
          #{String(index + 1).padStart(2, "0")}
        </span>
      </div>
      <h2 style={{ marginTop: unit * 0.04, fontSize: questionSize, lineHeight: 1.15, fontWeight: 800 }}>
        {entry.question}
      </h2>
      <p style={{ marginTop: unit * 0.035, fontSize: answerSize, lineHeight: 1.45, color: "rgba(255,255,255,0.9)" }}>
        {entry.answer}
      </p>
      <div
        style={{
          marginTop: "auto",
          paddingTop: unit * 0.03,
          display: "flex",
          justifyContent: "space-between",
          alignItems: "flex-end",
          fontSize: unit * 0.026,
          borderTop: "2px solid rgba(94,234,212,0.5)",
        }}
      >
        <strong>{brand}</strong>
        <span style={{ color: "#5eead4" }}>{domain}</span>
      </div>
    </div>
  );
}

export function FaqExportTool({ items, brand, domain }: { items: FaqEntry[]; brand: string; domain: string }) {
  const [index, setIndex] = useState(0);
  const [sizeId, setSizeId] = useState("1080x1080");
  const stageRef = useRef<HTMLDivElement>(null);
  const size = findSize(sizeId);
  const entry = items[index] ?? items[0];
  if (!entry) return <p>There are no FAQ items in content/faq.ts.</p>;
  return (
    <div className="grid gap-8 lg:grid-cols-[20rem_1fr]">
      <div className="space-y-4">
        <div>
          <label htmlFor="faq-item" className="block font-medium">
            FAQ item
          </label>
          <select
            id="faq-item"
            value={index}
            onChange={(e) => setIndex(Number(e.target.value))}
            className={compactInputClass}
          >
            {items.map((item, i) => (
              <option key={item.question} value={i}>
                {`${i + 1}. ${item.question}`}
              </option>
            ))}
          </select>
        </div>
        <SizeSelect value={sizeId} onChange={setSizeId} />
        <DownloadButtons
          stageRef={stageRef}
          size={size}
          fileName={(format) => faqFileName(index, format)}
          auditDetail={{ tool: "faq", item: String(index + 1) }}
        />
      </div>
      <ExportStage size={size} stageRef={stageRef} label="FAQ image preview">
        <FaqCard entry={entry} index={index} size={size} brand={brand} domain={domain} />
      </ExportStage>
    </div>
  );
}
