import { describe, expect, it } from "vitest";
import { articleFromForm, formFromArticle, zonedMinuteToDate } from "./article-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe("the article form", () => {
  it("leaves empty optional fields out and splits keywords", () => {
    const { slug, data } = articleFromForm(
      form({ slug: " my-post ", title: " T ", metaTitle: "", keywords: "a, b,,c ", body: "x\r\ny", category: "" }),
    );
    expect(slug).toBe("my-post");
    expect(data).toMatchObject({ title: "T", keywords: ["a", "b", "c"], body: "x\ny" });
    expect(data).not.toHaveProperty("metaTitle");
    expect(data).not.toHaveProperty("category");
    expect(data).not.toHaveProperty("leadFormContent");
  });

  it("round-trips stored data through the form", () => {
    const data = {
      title: "T",
      body: "B",
      category: "Running",
      keywords: ["a", "b"],
      leadFormContent: { title: "L", ctaText: "Go", disclaimer: "Small", serviceType: "running_training" },
      leadMagnet: { label: "The checklist (PDF)", fileId: "5b0f7f0e-6a4f-4bd8-9a51-1d8c5b7e0a11" },
    };
    const back = articleFromForm(form(formFromArticle("s", data))).data;
    expect(back).toMatchObject(data);
  });
});

describe("the lead magnet fields", () => {
  it("keep a link or a PDF, and a typed link replaces an earlier PDF", () => {
    const withLink = articleFromForm(
      form({ "magnet.label": "The guide", "magnet.url": "https://example.org/g", "magnet.fileId": "x" }),
    ).data;
    expect(withLink.leadMagnet).toEqual({ label: "The guide", url: "https://example.org/g" });
    expect(articleFromForm(form({ "magnet.label": "" })).data).not.toHaveProperty("leadMagnet");
  });
});

describe("zonedMinuteToDate", () => {
  it("reads a minute in the given zone, in winter and in summer time", () => {
    expect(zonedMinuteToDate("2026-01-15T09:30", "Europe/Amsterdam")?.toISOString()).toBe("2026-01-15T08:30:00.000Z");
    expect(zonedMinuteToDate("2026-07-15T09:30", "Europe/Amsterdam")?.toISOString()).toBe("2026-07-15T07:30:00.000Z");
  });
  it("refuses anything that is not a minute", () => {
    expect(zonedMinuteToDate("tomorrow", "Europe/Amsterdam")).toBeNull();
  });
});
