import { describe, expect, it } from "vitest";
import {
  amsterdamDay,
  articleFromForm,
  formFromArticle,
  slugFromTitle,
  uniqueSlug,
  withArticleDefaults,
  zonedMinuteToDate,
} from "./article-form";

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

describe("the web address made from a title", () => {
  it("is lower case ascii words joined by hyphens", () => {
    expect(slugFromTitle("Hill Repeats: Why They Work!")).toBe("hill-repeats-why-they-work");
    expect(slugFromTitle("  5 tips -- for   your first 10K  ")).toBe("5-tips-for-your-first-10k");
  });
  it("folds accents and Dutch and other letters instead of dropping them", () => {
    expect(slugFromTitle("Café crème na de training")).toBe("cafe-creme-na-de-training");
    expect(slugFromTitle("Ĳsselmeer rondje, één keer per week")).toBe("ijsselmeer-rondje-een-keer-per-week");
    expect(slugFromTitle("Straße, Æbleskiver, Øresund, Œuvre, Łódź")).toBe("strasse-aebleskiver-oresund-oeuvre-lodz");
  });
  it("keeps words whole around apostrophes and says 'and' for an ampersand", () => {
    expect(slugFromTitle("Don't skip the warm-up")).toBe("dont-skip-the-warm-up");
    expect(slugFromTitle("Mila’s run & swim week")).toBe("milas-run-and-swim-week");
  });
  it("is cut at a word to at most 60 characters", () => {
    const slug = slugFromTitle(
      "The complete beginner's guide to running your first half marathon without getting injured",
    );
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toBe("the-complete-beginners-guide-to-running-your-first-half");
    expect(slugFromTitle("x".repeat(80))).toHaveLength(60);
  });
  it("is empty for a title with no letters or digits, so the caller can ask for one", () => {
    expect(slugFromTitle("🏃‍♀️ !!!")).toBe("");
  });
});

describe("a unique web address", () => {
  it("is the address itself when free, else the first free one numbered from 2", () => {
    expect(uniqueSlug("hill-repeats", new Set())).toBe("hill-repeats");
    expect(uniqueSlug("hill-repeats", new Set(["hill-repeats"]))).toBe("hill-repeats-2");
    expect(uniqueSlug("hill-repeats", new Set(["hill-repeats", "hill-repeats-2"]))).toBe("hill-repeats-3");
  });
  it("stays within 60 characters with its number", () => {
    const long = "a".repeat(60);
    expect(uniqueSlug(long, new Set([long]))).toBe(`${"a".repeat(58)}-2`);
  });
});

describe("what an article gets when a field is left empty", () => {
  const defaults = { author: "Mila Jansen", authorTitle: "Online coach", today: "2026-11-23" };
  it("takes the trainer's name and role and today's date", () => {
    const data = withArticleDefaults({ title: "T", author: "", authorTitle: " ", date: "" }, defaults);
    expect(data).toMatchObject({ author: "Mila Jansen", authorTitle: "Online coach", date: "2026-11-23" });
  });
  it("keeps what she typed", () => {
    const typed = { author: "Guest Writer", authorTitle: "Physio", date: "2025-01-02" };
    expect(withArticleDefaults({ title: "T", ...typed }, defaults)).toMatchObject(typed);
  });
  it("leaves the keywords optional: none is an empty list", () => {
    expect(articleFromForm(form({ keywords: " , " })).data.keywords).toEqual([]);
  });
});

describe("today in Amsterdam", () => {
  it("is the Amsterdam calendar day, not the server's", () => {
    // 23:30 UTC on 22 November is already 23 November in Amsterdam (UTC+1 in winter).
    expect(amsterdamDay(new Date("2026-11-22T23:30:00Z"))).toBe("2026-11-23");
    expect(amsterdamDay(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
  });
});
