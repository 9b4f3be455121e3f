import { describe, expect, it } from "vitest";
import type { BlogPost } from "./types";
import { amsterdamStartOfDay, postJsonLd } from "./structured-data";

describe("a post's day as a moment", () => {
  it("is the start of that day in Amsterdam, with winter and summer offsets", () => {
    expect(amsterdamStartOfDay("2025-01-15")).toBe("2025-01-15T00:00:00+01:00");
    expect(amsterdamStartOfDay("2025-07-15")).toBe("2025-07-15T00:00:00+02:00");
    // The first summer-time day: the clocks change at 02:00, after the day has begun in winter time.
    expect(Date.parse(amsterdamStartOfDay("2025-03-30"))).toBe(Date.parse("2025-03-29T23:00:00Z"));
  });
});

describe("a post's search data", () => {
  it("names keywords only when the post has some (they are optional in the editor)", () => {
    const post = {
      slug: "hills",
      title: "Hills",
      metaDescription: "Why hills.",
      date: "2026-11-23",
      category: "Running",
      author: "Guest Writer",
      authorTitle: "Physio",
      image: { src: "blog/hills.svg", alt: "", width: 1600, height: 900 },
    } as unknown as BlogPost;
    const [withNone] = postJsonLd({ ...post, keywords: [] }, "https://coach.example") as Record<string, unknown>[];
    expect(withNone).not.toHaveProperty("keywords");
    const [withTwo] = postJsonLd({ ...post, keywords: ["hills", "running"] }, "https://coach.example") as Record<
      string,
      unknown
    >[];
    expect(withTwo?.keywords).toBe("hills, running");
  });
});
