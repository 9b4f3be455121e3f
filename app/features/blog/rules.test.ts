import { describe, expect, it } from "vitest";
import {
  BLOG_PAGE_SIZE,
  blogListing,
  breadcrumbTitle,
  dutchLongDate,
  isConclusionHeading,
  leadFormFor,
  readTime,
  relatedPosts,
  slugify,
  sortCategories,
  sortNewestFirst,
  splitAtConclusion,
} from "./rules";

describe("breadcrumbTitle", () => {
  it("cuts at the first colon to 'prefix...'", () => {
    expect(breadcrumbTitle("Running Cadence: How to Find and Improve Your Step Rate")).toBe("Running Cadence...");
    expect(breadcrumbTitle("A: B: C")).toBe("A...");
  });
  it("cuts a long title without a colon to 30 characters plus an ellipsis", () => {
    const title = "Warm-Up and Cool-Down for Runners Made Simple";
    expect(breadcrumbTitle(title)).toBe("Warm-Up and Cool-Down for Runn...");
    expect(breadcrumbTitle(title).replace(/\.\.\.$/, "")).toHaveLength(30);
  });
  it("keeps a title of 30 characters or fewer", () => {
    expect(breadcrumbTitle("Fitness for Busy Moms")).toBe("Fitness for Busy Moms");
    const exactly30 = "x".repeat(30);
    expect(breadcrumbTitle(exactly30)).toBe(exactly30);
    expect(breadcrumbTitle("x".repeat(31))).toBe(`${"x".repeat(30)}...`);
  });
  it("prefers the colon rule even when the prefix is short and the title long", () => {
    expect(breadcrumbTitle("Shin Splints: " + "a very long explanation ".repeat(4))).toBe("Shin Splints...");
  });
});

describe("readTime", () => {
  it("rounds words at 220 a minute, at least one minute", () => {
    expect(readTime("word ".repeat(1320))).toBe("6 min read");
    expect(readTime("word ".repeat(1430))).toBe("7 min read");
    expect(readTime("short")).toBe("1 min read");
    expect(readTime("")).toBe("1 min read");
  });
  it("does not count punctuation or list markers as words", () => {
    expect(readTime(`${"- word — ".repeat(660)}`)).toBe("3 min read");
  });
});

describe("sorting", () => {
  it("sorts categories alphabetically without repeats", () => {
    expect(sortCategories(["Training", "Running", "Triathlon", "Nutrition", "Fitness", "Running"])).toEqual([
      "Fitness",
      "Nutrition",
      "Running",
      "Training",
      "Triathlon",
    ]);
  });
  it("sorts posts newest first", () => {
    const posts = [
      { date: "2025-03-16", title: "b" },
      { date: "2025-04-28", title: "a" },
      { date: "2025-04-08", title: "c" },
    ];
    expect(sortNewestFirst(posts).map((p) => p.date)).toEqual(["2025-04-28", "2025-04-08", "2025-03-16"]);
  });
  it("offers related posts of the same category first", () => {
    const posts = [
      { slug: "a", category: "Running", date: "2025-04-01", title: "A" },
      { slug: "b", category: "Fitness", date: "2025-04-20", title: "B" },
      { slug: "c", category: "Running", date: "2025-03-01", title: "C" },
      { slug: "d", category: "Training", date: "2025-04-10", title: "D" },
    ];
    expect(relatedPosts(posts, { slug: "a", category: "Running" }).map((p) => p.slug)).toEqual(["c", "b", "d"]);
  });
});

describe("leadFormFor", () => {
  it("uses the default lead-form texts when a post has none", () => {
    expect(leadFormFor("Running")).toEqual({
      title: "Get Your Free Running Training Plan",
      description: expect.stringContaining("Improve your running performance"),
      ctaText: "Get My Plan",
      disclaimer: "No spam, just expert training tips. Unsubscribe anytime.",
      inputPlaceholder: "Enter your email",
      serviceType: "running_training",
    });
  });
  it("drops the category from the title for posts without one", () => {
    const form = leadFormFor("Other");
    expect(form.title).toBe("Get Your Free Training Plan");
    expect(form.serviceType).toBe("other_training");
  });
  it("keeps the post's own texts and fills only what is missing", () => {
    const own = { title: "T", description: "D", ctaText: "Go", inputPlaceholder: "Your e-mail" };
    expect(leadFormFor("Fitness", own)).toEqual({
      ...own,
      disclaimer: "No spam, just expert training tips. Unsubscribe anytime.",
      serviceType: "fitness_training",
    });
    expect(leadFormFor("Fitness", { ...own, serviceType: "moms_fitness", disclaimer: "X" })).toMatchObject({
      serviceType: "moms_fitness",
      disclaimer: "X",
    });
  });
  it("completes a partly written form field by field from the category's wording", () => {
    const defaults = leadFormFor("Running");
    expect(leadFormFor("Running", { title: "My hill plan" })).toEqual({ ...defaults, title: "My hill plan" });
    expect(leadFormFor("Running", { ctaText: "Send it" })).toEqual({ ...defaults, ctaText: "Send it" });
  });
});

describe("splitAtConclusion", () => {
  const heading = (text: string) => ({ kind: "h", text });
  const para = (text: string) => ({ kind: "p", text });
  const headingText = (b: { kind: string; text: string }) => (b.kind === "h" ? b.text : null);

  it("splits at a heading named Conclusion", () => {
    const blocks = [para("intro"), heading("Why"), para("x"), heading("Conclusion"), para("end")];
    const { before, after } = splitAtConclusion(blocks, headingText);
    expect(before.map((b) => b.text)).toEqual(["intro", "Why", "x"]);
    expect(after.map((b) => b.text)).toEqual(["Conclusion", "end"]);
  });
  it("splits at the Dutch heading Conclusie, case-insensitively", () => {
    const { before, after } = splitAtConclusion([para("a"), heading("conclusie"), para("b")], headingText);
    expect(before).toHaveLength(1);
    expect(after[0]?.text).toBe("conclusie");
  });
  it("ignores paragraphs that only contain the word and headings that merely mention it", () => {
    const blocks = [para("Conclusion"), heading("Conclusion of week one: rest"), para("b")];
    expect(splitAtConclusion(blocks, headingText).after).toEqual([]);
  });
  it("recognises the heading with trailing punctuation", () => {
    expect(isConclusionHeading("Conclusion:")).toBe(true);
    expect(isConclusionHeading(" Conclusie ")).toBe(true);
    expect(isConclusionHeading("Conclusions")).toBe(false);
  });
  it("keeps everything before when there is no conclusion", () => {
    const blocks = [para("a"), heading("End")];
    expect(splitAtConclusion(blocks, headingText)).toEqual({ before: blocks, after: [] });
  });
});

describe("dutchLongDate", () => {
  it("writes the Dutch long date", () => {
    expect(dutchLongDate("2025-04-08")).toBe("8 april 2025");
    expect(dutchLongDate("2025-03-16")).toBe("16 maart 2025");
    expect(dutchLongDate("2025-05-01")).toBe("1 mei 2025");
  });
  it("rejects what is not a date", () => {
    expect(() => dutchLongDate("April 8")).toThrow();
  });
});

describe("slugify", () => {
  it("makes heading ids", () => {
    expect(slugify("Week 1–4: Build the Base")).toBe("week-1-4-build-the-base");
    expect(slugify("Café & Crème")).toBe("cafe-creme");
  });
});

describe("blogListing", () => {
  // Newest first, as the overview receives them; every third in Running.
  const posts = Array.from({ length: 2 * BLOG_PAGE_SIZE + 1 }, (_, n) => ({
    slug: `post-${n}`,
    category: n % 3 === 0 ? "Running" : "Fitness",
  }));
  const categories = ["Fitness", "Running"];
  const listing = (query: string) => blogListing(posts, categories, new URLSearchParams(query));

  it(`shows at most ${BLOG_PAGE_SIZE} articles a page, the older ones on the next pages`, () => {
    const pages = [1, 2, 3].map((page) => listing(`page=${page}`));
    expect(pages.map((p) => p.posts.length)).toEqual([BLOG_PAGE_SIZE, BLOG_PAGE_SIZE, 1]);
    expect(pages.flatMap((p) => p.posts)).toEqual(posts);
    expect(pages.map((p) => [p.page, p.pages])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it("filters by category (any case) before it pages, and reads a missing or odd page as the nearest one", () => {
    const running = posts.filter((p) => p.category === "Running");
    expect(listing("category=running")).toMatchObject({ active: "Running", posts: running, page: 1, pages: 1 });
    expect(listing("category=Nothing").active).toBeNull();
    expect(listing("").page).toBe(1);
    expect(listing("page=abc").page).toBe(1);
    expect(listing("page=0").page).toBe(1);
    expect(listing("page=99").page).toBe(3);
    expect(blogListing([], categories, new URLSearchParams("page=2"))).toMatchObject({ posts: [], page: 1, pages: 1 });
  });
});
