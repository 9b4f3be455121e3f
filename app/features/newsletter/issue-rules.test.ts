import { describe, expect, it } from "vitest";
import {
  audienceLabel,
  EMPTY_ISSUE,
  issueFieldsFrom,
  ISSUE_LIMITS,
  issueFromArticle,
  issueSlug,
  parseIssue,
  pictureMarkdown,
  scheduleTime,
  sourceLabel,
  uniqueSlug,
  type IssueFields,
} from "./issue-rules";

const fields = (changes: Partial<IssueFields> = {}): IssueFields => ({
  ...EMPTY_ISSUE,
  subject: "Five hill sessions",
  body: "## Why hills\n\nShort climbs build strength.",
  ...changes,
});

describe("an issue's archive address", () => {
  it("is the subject in lower-case ASCII words joined by hyphens", () => {
    expect(issueSlug("Café & Crème: 5 tips for the Zürich Marathon!")).toBe(
      "cafe-and-creme-5-tips-for-the-zurich-marathon",
    );
    expect(issueSlug("  Strength — it’s not optional  ")).toBe("strength-its-not-optional");
    expect(issueSlug("Große Straße, Ærø")).toBe("grosse-strasse-aero");
  });

  it("is cut at a word to 80 characters, and is 'issue' when the subject has no letter or digit", () => {
    const slug = issueSlug("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^word(-word)*$/);
    expect(issueSlug("🎉 !!!")).toBe("issue");
  });

  it("gets -2, -3, … when another issue has it", () => {
    expect(uniqueSlug("march", new Set())).toBe("march");
    expect(uniqueSlug("march", new Set(["march"]))).toBe("march-2");
    expect(uniqueSlug("march", new Set(["march", "march-2"]))).toBe("march-3");
    const long = "a".repeat(80);
    expect(uniqueSlug(long, new Set([long]))).toHaveLength(80);
  });
});

describe("the editor's checks", () => {
  it("takes a complete issue, trimmed, with the archive and search options as ticked", () => {
    const parsed = parseIssue(
      fields({ subject: "  Five\nhill sessions ", preheader: " A short one ", archived: "on", noindex: "on" }),
      [],
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        subject: "Five hill sessions",
        preheader: "A short one",
        body: "## Why hills\n\nShort climbs build strength.",
        segmentSources: [],
        segmentTags: [],
        archived: true,
        noindex: true,
      },
    });
  });

  it("takes the tags ticked for the audience, and refuses a tag that no longer exists", () => {
    const tagged = parseIssue(fields({ segmentTags: ["t1", "t2", "t1"] }), [], ["t1", "t2"]);
    expect(tagged.ok && tagged.value.segmentTags).toEqual(["t1", "t2"]);
    const gone = parseIssue(fields({ segmentTags: ["t1", "t9"] }), [], ["t1"]);
    expect(!gone.ok && gone.errors.segmentTags).toMatch(/no longer exists/);
  });

  it("takes any number of signup sources with any number of tags, each checked against what exists", () => {
    const sources = ["footer", "event", "/blog/hills"];
    const both = parseIssue(
      fields({ segmentSources: ["event", "/blog/hills", "event"], segmentTags: ["t1"] }),
      sources,
      ["t1", "t2"],
    );
    expect(both).toMatchObject({ ok: true, value: { segmentSources: ["event", "/blog/hills"], segmentTags: ["t1"] } });
    const unknown = parseIssue(fields({ segmentSources: ["event", "/blog/gone"], segmentTags: ["t9"] }), sources, [
      "t1",
    ]);
    expect(unknown).toMatchObject({
      ok: false,
      errors: {
        segmentSources: expect.stringMatching(/^Nobody signed up from one of the places you ticked any more/),
        segmentTags: expect.stringMatching(/no longer exists/),
      },
    });
  });

  it("reads every ticked box of a group from the form, and keeps them for the next try", () => {
    const form = new FormData();
    form.set("subject", "S");
    form.append("segmentSources", "event");
    form.append("segmentSources", "footer");
    form.append("segmentTags", "t1");
    form.append("segmentTags", "");
    expect(issueFieldsFrom(form)).toMatchObject({ segmentSources: ["event", "footer"], segmentTags: ["t1"] });
  });

  it("asks for a subject and a text, and keeps subject and preview line within their limits", () => {
    const empty = parseIssue(fields({ subject: "   ", body: " \n " }), []);
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      expect(empty.errors.subject).toMatch(/Write a subject/);
      expect(empty.errors.body).toMatch(/Write the text/);
    }
    const long = parseIssue(
      fields({ subject: "s".repeat(ISSUE_LIMITS.subject + 1), preheader: "p".repeat(ISSUE_LIMITS.preheader + 1) }),
      [],
    );
    expect(long.ok).toBe(false);
    if (!long.ok) {
      expect(long.errors.subject).toMatch(/150 characters/);
      expect(long.errors.preheader).toMatch(/200 characters/);
    }
    expect(parseIssue(fields({ subject: "s".repeat(ISSUE_LIMITS.subject) }), []).ok).toBe(true);
  });

  it("sends to a signup source only when people signed up from it", () => {
    expect(parseIssue(fields({ segmentSources: ["/blog/hills"] }), ["footer", "/blog/hills"])).toMatchObject({
      ok: true,
      value: { segmentSources: ["/blog/hills"] },
    });
    const unknown = parseIssue(fields({ segmentSources: ["/blog/gone"] }), ["footer"]);
    expect(unknown).toMatchObject({ ok: false, errors: { segmentSources: expect.stringMatching(/tick none/) } });
  });
});

describe("a scheduled time", () => {
  const now = new Date("2026-06-01T10:00:00Z"); // 12:00 in Amsterdam (summer time)

  it("is the day and time in Amsterdam, summer and winter", () => {
    expect(scheduleTime("2026-06-02", "09:30", now)).toEqual({ ok: true, at: new Date("2026-06-02T07:30:00Z") });
    expect(scheduleTime("2026-12-01", "09:30", now)).toEqual({ ok: true, at: new Date("2026-12-01T08:30:00Z") });
  });

  it("must still be to come, exist, and not fall in the hour the clocks skip", () => {
    expect(scheduleTime("2026-06-01", "11:59", now)).toMatchObject({ ok: false, error: /already passed/ });
    expect(scheduleTime("2026-06-01", "12:00", now)).toMatchObject({ ok: false, error: /already passed/ });
    expect(scheduleTime("2026-06-01", "12:01", now)).toMatchObject({ ok: true });
    expect(scheduleTime("2027-03-28", "02:30", now)).toMatchObject({ ok: false, error: /clocks jump forward/ });
    expect(scheduleTime("2026-02-30", "09:00", now)).toMatchObject({ ok: false, error: /does not exist|exists/ });
    expect(scheduleTime("", "09:00", now)).toMatchObject({ ok: false, error: /Choose a date and a time/ });
  });
});

describe("an issue started from an article", () => {
  it("takes the title, the summary and the text, and links to the whole article", () => {
    const issue = issueFromArticle("hill-repeats", {
      title: "Hill repeats",
      excerpt: "Why short climbs make flat running easier.",
      body: "## Why\r\n\r\nStrength.\n",
    });
    expect(issue).toEqual({
      subject: "Hill repeats",
      preheader: "Why short climbs make flat running easier.",
      body: "## Why\n\nStrength.\n\n[Read the whole article](/blog/hill-repeats)",
    });
  });

  it("cuts a summary longer than the preview line at a word", () => {
    const issue = issueFromArticle("x", { title: "T", excerpt: "word ".repeat(60), body: "b" });
    expect(issue.preheader.length).toBeLessThanOrEqual(ISSUE_LIMITS.preheader);
    expect(issue.preheader).toMatch(/word…$/);
  });
});

describe("labels", () => {
  it("names signup sources in plain words, an article by its title", () => {
    expect(sourceLabel("footer")).toMatch(/bottom of every page/);
    expect(sourceLabel("/blog/hills", new Map([["hills", "Hill repeats"]]))).toBe("The article “Hill repeats”");
    expect(sourceLabel("/blog/gone")).toBe("The article “gone”");
  });

  it("names an issue's audience: everyone, or its places joined by 'or', then its tags", () => {
    const titles = new Map([["hills", "Hill repeats"]]);
    expect(audienceLabel([], [])).toBe("Everyone who confirmed");
    expect(audienceLabel([], ["Runners"])).toBe("Everyone who confirmed, with the tag Runners");
    expect(audienceLabel(["event", "/blog/hills"], ["Runners", "Past clients"], titles)).toBe(
      "The event page or the article “Hill repeats”, with the tag Runners or Past clients",
    );
  });

  it("writes a picture line with its description, without brackets that would break it", () => {
    expect(pictureMarkdown(" Runner [at dawn] ", "/media/uploads/x-960.webp")).toBe(
      "![Runner at dawn](/media/uploads/x-960.webp)",
    );
  });
});
