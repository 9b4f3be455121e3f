import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { home } from "#content/home";
import { enhance } from "./hero-video.enhancer";
import { HomeHero } from "./home-hero";

/**
 * The home hero (home-hero.tsx) and its background video's enhancer (hero-video.enhancer.ts), in a
 * DOM whose page has loaded. The DOM plays no video: the browser's autoplay is the test's `play()`.
 */

const browser = (
  window as unknown as { happyDOM: { settings: { device: { prefersReducedMotion: "reduce" | "no-preference" } } } }
).happyDOM;

function renderHero() {
  document.body.innerHTML = renderToStaticMarkup(
    <HomeHero hero={home.hero} secondary={{ label: "Explore programmes", href: "#services" }} />,
  );
  const hero = document.querySelector<HTMLElement>('[data-enhance="hero-video"]')!;
  enhance(hero);
  return hero;
}

/** The text a visitor reads (and a screen reader announces): hidden parts left out. */
const textOf = (node: Node): string =>
  node.nodeType === Node.TEXT_NODE
    ? (node.textContent ?? "")
    : node instanceof HTMLElement && node.hidden
      ? ""
      : [...node.childNodes].map(textOf).join("");
const toggle = (hero: HTMLElement) => hero.querySelector<HTMLButtonElement>("button[data-hero-video-toggle]")!;
const shown = (el: Element) => !el.closest("[hidden]");

afterEach(() => {
  document.body.innerHTML = "";
  browser.settings.device.prefersReducedMotion = "no-preference";
});

describe("the home hero", () => {
  it("poster is the eager LCP image; the video comes after load and can be paused", async () => {
    const hero = renderHero();
    const poster = hero.querySelector("img")!;
    expect(poster.getAttribute("fetchpriority")).toBe("high");
    expect(poster.getAttribute("loading")).toBe("eager");
    const videos = hero.querySelectorAll<HTMLVideoElement>(":scope > video");
    expect(videos).toHaveLength(1);
    const video = videos[0]!;
    expect(video.muted && video.defaultMuted && video.loop && video.autoplay).toBe(true);

    // The browser starts it (autoplay): the button offers to pause it.
    await video.play();
    expect(shown(toggle(hero))).toBe(true);
    expect(textOf(toggle(hero)).trim()).toBe("Pause background video");
    toggle(hero).click();
    expect(textOf(toggle(hero)).trim()).toBe("Play background video");
    expect(video.paused).toBe(true);
    toggle(hero).click();
    expect(video.paused).toBe(false);
    expect(textOf(toggle(hero)).trim()).toBe("Pause background video");
  });

  it("under reduced motion only the poster shows", () => {
    browser.settings.device.prefersReducedMotion = "reduce";
    const hero = renderHero();
    // The enhancer runs after load by itself (no wait to come near or be used; the boot script, in a browser).
    expect(hero.hasAttribute("data-enhance-near") || hero.hasAttribute("data-enhance-on-use")).toBe(false);
    expect(hero.querySelectorAll("video")).toHaveLength(0);
    expect(shown(toggle(hero))).toBe(false);
    expect(shown(hero.querySelector("img")!)).toBe(true);
  });
});
