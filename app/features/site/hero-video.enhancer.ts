import type { Enhance } from "~/features/enhancers/boot";

/**
 * Puts the home hero's background video (home-hero.tsx, a `<template>` in the page) in place once the
 * page has loaded, never under reduced motion, and runs its pause/play button.
 */
export const enhance: Enhance = (hero) => {
  const template = hero.querySelector<HTMLTemplateElement>("template[data-hero-video]");
  const button = hero.querySelector<HTMLButtonElement>("[data-hero-video-toggle]");
  const motion = matchMedia("(prefers-reduced-motion: reduce)");
  if (!template || !button || motion.matches) return;
  let video: HTMLVideoElement | null = null;
  const show = (paused: boolean) => {
    for (const part of button.querySelectorAll<HTMLElement>("[data-when]"))
      part.hidden = (part.dataset.when === "paused") !== paused;
  };
  const start = () => {
    if (motion.matches || video) return;
    video = template.content.querySelector("video")?.cloneNode(true) as HTMLVideoElement | null;
    if (!video) return;
    // iOS Safari autoplays only a video that is muted by default, not just muted.
    video.defaultMuted = video.muted = true;
    // Set here, not in the template's markup: a video that plays by itself is the enhancer's doing.
    video.autoplay = true;
    video.addEventListener("pause", () => show(true));
    video.addEventListener("play", () => show(false));
    template.after(video);
    button.hidden = false;
  };
  button.addEventListener("click", () => {
    if (!video) return;
    if (video.paused) void video.play().catch(() => show(true));
    else video.pause();
    show(video.paused);
  });
  motion.addEventListener("change", () => {
    if (!motion.matches || !video) return;
    video.remove();
    video = null;
    button.hidden = true;
  });
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
};
