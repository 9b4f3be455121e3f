import { describe, expect, it } from "vitest";
import { articleSchema, BlogContentError, parsePost, parsePosts, svgSize, type MediaLookup } from "./content.server";

const media: MediaLookup = {
  has: (path) => path === "blog/post.svg" || path === "blog/photo.jpg",
  svg: (path) =>
    path === "blog/post.svg" ? '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900">' : undefined,
};

const paragraph = "Consistency beats intensity when you are building a habit that has to last for years. ".repeat(8);

function post(
  front: Record<string, string>,
  body = `${paragraph}\n\n## Why it works\n\n${paragraph}\n\n## Conclusion\n\nKeep going.`,
) {
  const fm = {
    slug: "my-post",
    title: '"My Post: A Test"',
    excerpt: "A short summary.",
    date: '"2025-04-08"',
    category: "Running",
    author: "Mila Jansen",
    authorTitle: "Coach",
    image: "blog/post.svg",
    imageAlt: "An illustration",
    ...front,
  };
  const lines = Object.entries(fm)
    .filter(([, v]) => v !== "")
    .map(([k, v]) => `${k}: ${v}`);
  return `---\n${lines.join("\n")}\nkeywords:\n  - running\n---\n\n${body}\n`;
}

describe("post HTML is sanitised", () => {
  it("drops scripts, event handlers, frames and styles typed into a post", () => {
    const body = [
      paragraph,
      "<script>alert(document.cookie)</script>",
      '<img src="/media/x.png" alt="x" onerror="alert(1)">',
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
      '<p onclick="alert(1)" style="color:red">Styled</p>',
      '<svg><script>alert(2)</script></svg><form action="https://evil.example"><input name="x"></form>',
      "## Conclusion",
      "Keep going.",
    ].join("\n\n");
    const p = parsePost("content/blog/my-post.md", post({}, body), media);
    const html = p.bodyBefore + p.bodyAfter;
    for (const forbidden of ["<script", "onerror", "onclick", "<iframe", "<style", "style=", "<svg", "<form", "<input"])
      expect(html, forbidden).not.toContain(forbidden);
    expect(html).toContain('<img src="/media/x.png" alt="x" />');
    expect(html).toContain("<p>Styled</p>");
    expect(html).toContain('<h2 id="conclusion">');
  });

  it("keeps http(s), mailto and relative links and drops javascript: and data: ones", () => {
    const body = [
      paragraph,
      "[safe](https://example.com/a) [mail](mailto:hello@example.com) [here](/pricing) [anchor](#why)",
      "[evil](javascript:alert(1)) [evil2](JaVaScRiPt:alert(1)) [data](data:text/html,<script>alert(1)</script>)",
      '<a href="vbscript:msgbox(1)">vb</a> <a href="//evil.example/x">proto-relative</a>',
    ].join("\n\n");
    const html = parsePost("content/blog/my-post.md", post({}, body), media).bodyBefore;
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('href="mailto:hello@example.com"');
    expect(html).toContain('href="/pricing"');
    expect(html).toContain('href="#why"');
    expect(html).not.toMatch(/javascript:|vbscript:|data:text|href="\/\/evil/i);
  });
});

describe("parsePost", () => {
  it("parses a valid post with computed read time, Dutch date and size from the SVG", () => {
    const p = parsePost("content/blog/my-post.md", post({}), media);
    expect(p.dateLabel).toBe("8 april 2025");
    expect(p.readTime).toMatch(/^\d+ min read$/);
    expect(p.image).toEqual({ src: "blog/post.svg", alt: "An illustration", width: 1600, height: 900 });
    expect(p.leadForm.title).toBe("Get Your Free Running Training Plan");
    expect(p.metaTitle).toBe("My Post: A Test");
  });

  it("splits the body at the Conclusion heading and gives headings ids", () => {
    const p = parsePost("content/blog/my-post.md", post({}), media);
    expect(p.bodyBefore).toContain('<h2 id="why-it-works">Why it works</h2>');
    expect(p.bodyBefore).not.toContain("Conclusion");
    expect(p.bodyAfter).toMatch(/^<h2 id="conclusion">Conclusion<\/h2>/);
  });

  it("splits at Conclusie too and keeps everything before when there is none", () => {
    const dutch = parsePost("content/blog/my-post.md", post({}, `${paragraph}\n\n## Conclusie\n\nTot slot.`), media);
    expect(dutch.bodyAfter).toContain('id="conclusie"');
    const none = parsePost("content/blog/my-post.md", post({}, `${paragraph}\n\n## Next steps\n\nMore.`), media);
    expect(none.bodyAfter).toBe("");
  });

  it("defaults a missing category to Other", () => {
    const p = parsePost("content/blog/my-post.md", post({ category: "" }), media);
    expect(p.category).toBe("Other");
    expect(p.leadForm.serviceType).toBe("other_training");
  });

  it("uses a fallback size for raster artwork", () => {
    expect(parsePost("content/blog/my-post.md", post({ image: "blog/photo.jpg" }), media).image.width).toBe(1600);
  });

  const broken: [string, Record<string, string>, RegExp][] = [
    ["a bad date", { date: '"8 April 2025"' }, /my-post\.md: field "date": must be a date/],
    ["an impossible date", { date: '"2025-02-30"' }, /field "date": is not a real date/],
    ["an unknown category", { category: "Yoga" }, /field "category": must be one of/],
    ["a missing title", { title: "" }, /field "title"/],
    [
      "a missing image file",
      { image: "blog/missing.svg" },
      /field "image": no file content\/media\/blog\/missing\.svg/,
    ],
    [
      "a slug that differs from the file name",
      { slug: "other" },
      /field "slug": "other" must equal the file name "my-post"/,
    ],
    ["an unknown field", { readTime: '"6 min read"' }, /unknown field\(s\) readTime/],
  ];
  for (const [label, front, message] of broken) {
    it(`fails with file and field for ${label}`, () => {
      expect(() => parsePost("content/blog/my-post.md", post(front), media)).toThrow(message);
    });
  }

  it("fails on a file without front matter or without a body", () => {
    expect(() => parsePost("content/blog/x.md", "# Just text", media)).toThrow(BlogContentError);
    expect(() => parsePost("content/blog/my-post.md", post({}, "Too short."), media)).toThrow(
      /body is missing or too short/,
    );
  });

  it("rejects two posts with one slug", () => {
    const raw = post({});
    expect(() => parsePosts({ "/content/blog/my-post.md": raw, "/content/other/my-post.md": raw }, media)).toThrow(
      /two posts have the slug "my-post"/,
    );
  });
});

describe("svgSize", () => {
  it("reads width and height, else the viewBox", () => {
    expect(svgSize('<svg width="800" height="450" viewBox="0 0 1 1">')).toEqual({ width: 800, height: 450 });
    expect(svgSize('<svg viewBox="0 0 1600 900">')).toEqual({ width: 1600, height: 900 });
    expect(svgSize("<svg>")).toBeNull();
  });
});

describe("an article as the back office stores it", () => {
  const article = {
    title: "Hill repeats",
    excerpt: "Why short climbs help.",
    date: "2026-11-23",
    author: "Mila Jansen",
    authorTitle: "Coach",
    image: "blog/post.svg",
    imageAlt: "An illustration",
    keywords: ["hills"],
    body: "Some text.",
  };
  it("may have no keywords", () => {
    expect(articleSchema.safeParse({ ...article, keywords: [] }).success).toBe(true);
  });
  it("may word only part of its sign-up form; the rest is the category's", () => {
    expect(articleSchema.safeParse({ ...article, leadFormContent: { title: "My plan" } }).success).toBe(true);
    expect(articleSchema.safeParse({ ...article, leadFormContent: { ctaText: "Send it" } }).success).toBe(true);
  });
  it("refuses a date that is not a day with words for the editor's date field", () => {
    const refused = articleSchema.safeParse({ ...article, date: "23-11-2026" });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["date"],
      message: "must be a day written like 2026-11-23",
    });
    expect(articleSchema.safeParse({ ...article, date: "2026-02-30" }).error?.issues[0]?.message).toBe(
      "is not a real date",
    );
  });
});
