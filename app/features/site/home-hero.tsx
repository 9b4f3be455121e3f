import type { HomeContent } from "#content/types";
import { Icon } from "~/ui/icon";
import { Picture } from "~/ui/picture";
import { buttonStyles } from "~/ui/button";

type Hero = HomeContent["hero"];

/**
 * The home page's opening section. The poster is the page's largest paint; hero-video.enhancer.ts
 * adds the looping background video after the page has loaded (never under reduced motion) and
 * shows its pause button. Without script the poster stays, with no button.
 */
export function HomeHero({ hero, secondary }: { hero: Hero; secondary: { label: string; href: string } }) {
  return (
    <section
      aria-labelledby="hero-title"
      data-enhance="hero-video"
      className="relative isolate flex min-h-[calc(100svh-4rem-var(--consent-bar-height,0px))] items-end overflow-hidden bg-navy sm:min-h-[640px] sm:items-center"
    >
      <Picture
        image={hero.poster}
        priority
        sizes="100vw"
        className="absolute inset-0 -z-20 block"
        imgClassName="h-full w-full object-cover"
      />
      {/* The video, muted and looping, put in place by the enhancer once the page has loaded. */}
      <template data-hero-video="">
        <video
          className="absolute inset-0 -z-20 h-full w-full object-cover"
          muted
          loop
          playsInline
          preload="auto"
          aria-hidden="true"
        >
          <source src={`/media/${hero.video.webm}`} type="video/webm" />
          <source src={`/media/${hero.video.mp4}`} type="video/mp4" />
        </video>
      </template>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-navy via-navy/70 to-navy/20 sm:bg-gradient-to-r sm:from-navy/95 sm:via-navy/65 sm:to-navy/10"
      />
      <div className="mx-auto w-full max-w-6xl px-5 pb-14 pt-24 sm:px-8 sm:py-24">
        <div className="max-w-2xl text-white">
          <h1 id="hero-title" className="text-4xl font-extrabold leading-[1.08] tracking-tight sm:text-6xl">
            {hero.title}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-white/90 sm:text-xl">{hero.subtitle}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="#contact-section" className={buttonStyles({ variant: "light", className: "sm:px-9" })}>
              {hero.cta}
              <Icon name="arrow-right" className="h-5 w-5" strokeWidth={2.4} />
            </a>
            <a href={secondary.href} className={buttonStyles({ variant: "outlineLight" })}>
              {secondary.label}
            </a>
          </div>
        </div>
      </div>
      <button
        type="button"
        hidden
        data-hero-video-toggle=""
        className="absolute right-4 top-4 inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-full bg-navy/70 px-3 text-sm font-semibold text-white ring-1 ring-white/30 backdrop-blur hover:bg-navy sm:bottom-4 sm:top-auto sm:px-4"
      >
        <span className="inline-flex items-center gap-2" data-when="playing">
          <Icon name="pause" className="h-4 w-4" strokeWidth={2.4} />
          <span className="sr-only sm:not-sr-only">Pause background video</span>
        </span>
        <span className="inline-flex items-center gap-2" data-when="paused" hidden>
          <Icon name="play" className="h-4 w-4" strokeWidth={2.4} />
          <span className="sr-only sm:not-sr-only">Play background video</span>
        </span>
      </button>
    </section>
  );
}
