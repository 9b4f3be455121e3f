import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { Testimonial } from "#content/types";
import { Icon } from "~/ui/icon";
import {
  MOBILE_BREAKPOINT_PX,
  pageAfterResize,
  pageCount,
  perViewFor,
  swipeDirection,
  wrapPage,
} from "./carousel-logic";
import { monthYear } from "~/ui/dates";
import { useHydrated } from "./use-hydrated";

export const AUTOPLAY_MS = 8000;

/**
 * Testimonials, three per view from 768 px and one below. Previous/next and dot
 * buttons, arrow keys, swipe; it advances on its own every 8 s unless paused,
 * hovered, focused, or the visitor prefers reduced motion. Until the app runs no slide
 * is hidden from assistive technology, and with scripts blocked the slides are a row
 * that scrolls sideways (CSS scroll snap), so every testimonial can be read.
 */
export function TestimonialsCarousel({
  items,
  label = "Client testimonials",
}: {
  items: Testimonial[];
  label?: string;
}) {
  const hydrated = useHydrated();
  const [perView, setPerView] = useState(3);
  const [page, setPage] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hoverOrFocus, setHoverOrFocus] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const trackId = useId();
  const perViewRef = useRef(3);
  const drag = useRef<{ x: number; y: number; t: number } | null>(null);
  const pages = pageCount(items.length, perView);
  const playing = !userPaused && !hoverOrFocus && !reducedMotion;

  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
    const apply = () => {
      const next = perViewFor(query.matches ? MOBILE_BREAKPOINT_PX : 0);
      const previous = perViewRef.current;
      if (previous === next) return;
      perViewRef.current = next;
      setPage((p) => pageAfterResize(p, previous, next, items.length));
      setPerView(next);
    };
    const applyMotion = () => setReducedMotion(motion.matches);
    apply();
    applyMotion();
    query.addEventListener("change", apply);
    motion.addEventListener("change", applyMotion);
    return () => {
      query.removeEventListener("change", apply);
      motion.removeEventListener("change", applyMotion);
    };
  }, [items.length]);

  const go = useCallback((target: number) => setPage(wrapPage(target, pages)), [pages]);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setPage((p) => wrapPage(p + 1, pages)), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [playing, pages]);

  const first = page * perView;
  const last = Math.min(first + perView, items.length);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") go(page + 1);
        else if (event.key === "ArrowLeft") go(page - 1);
      }}
      onPointerEnter={(e) => e.pointerType === "mouse" && setHoverOrFocus(true)}
      onPointerLeave={(e) => e.pointerType === "mouse" && setHoverOrFocus(false)}
      onFocus={() => setHoverOrFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHoverOrFocus(false);
      }}
    >
      <div
        className="touch-pan-y overflow-hidden"
        data-carousel-viewport=""
        onPointerDown={(event) => {
          if (event.pointerType !== "mouse") drag.current = { x: event.clientX, y: event.clientY, t: event.timeStamp };
        }}
        onPointerUp={(event) => {
          const start = drag.current;
          drag.current = null;
          if (!start) return;
          const dx = event.clientX - start.x;
          if (Math.abs(event.clientY - start.y) > Math.abs(dx)) return;
          const direction = swipeDirection(dx, event.timeStamp - start.t);
          if (direction) go(page + direction);
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      >
        <div
          id={trackId}
          aria-live={playing ? "off" : "polite"}
          className="flex transition-transform duration-500 ease-out"
          data-carousel-track=""
          style={{ transform: `translateX(-${page * 100}%)` }}
        >
          {items.map((item, index) => {
            const shown = index >= first && index < last;
            return (
              <div
                key={item.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${items.length}`}
                aria-hidden={hydrated ? !shown : undefined}
                inert={hydrated ? !shown : undefined}
                className="w-full shrink-0 px-2 md:w-1/3 md:px-3"
              >
                <TestimonialCard item={item} />
              </div>
            );
          })}
        </div>
      </div>
      <div className="mt-8 flex flex-col items-center gap-4" data-carousel-controls="">
        <div className="flex items-center gap-3">
          <CarouselButton
            label="Previous testimonials"
            icon="chevron-left"
            onClick={() => go(page - 1)}
            controls={trackId}
          />
          <button
            type="button"
            onClick={() => setUserPaused(!userPaused)}
            aria-controls={trackId}
            className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-navy hover:bg-navy/5"
          >
            <Icon name={userPaused ? "play" : "pause"} className="h-4 w-4" strokeWidth={2.4} />
            {userPaused ? "Play slideshow" : "Pause slideshow"}
          </button>
          <CarouselButton
            label="Next testimonials"
            icon="chevron-right"
            onClick={() => go(page + 1)}
            controls={trackId}
          />
        </div>
        <div className="flex flex-wrap justify-center gap-1" role="group" aria-label="Choose testimonials page">
          {Array.from({ length: pages }, (_, i) => (
            <button
              key={i}
              type="button"
              aria-label={`Page ${i + 1} of ${pages}`}
              aria-current={i === page ? "true" : undefined}
              aria-controls={trackId}
              onClick={() => go(i)}
              className="group inline-flex h-6 w-6 items-center justify-center rounded-full"
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${i === page ? "w-5 bg-teal" : "w-2.5 bg-navy/40 group-hover:bg-navy/50"}`}
              />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

function CarouselButton({
  label,
  icon,
  onClick,
  controls,
}: {
  label: string;
  icon: "chevron-left" | "chevron-right";
  onClick: () => void;
  controls: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-controls={controls}
      className="inline-flex h-12 w-12 items-center justify-center rounded-full border-2 border-navy/20 bg-white text-navy hover:border-teal hover:text-teal-700"
    >
      <Icon name={icon} className="h-5 w-5" strokeWidth={2.4} />
      <span className="sr-only">{label}</span>
    </button>
  );
}

/** The star's outline drawn relative to its top point, so one path can repeat it along a row. */
const STAR = "l2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z";
const STAR_STEP = 26;

/** A row of stars as one SVG with one path (twelve cards would otherwise add 60 SVG elements). */
function RatingStars({ rating }: { rating: number }) {
  const width = rating * STAR_STEP - 2;
  return (
    <svg
      role="img"
      aria-label={`Rated ${rating} out of 5`}
      viewBox={`0 0 ${width} 24`}
      className="h-5 text-coral"
      // As tall as h-5 (1.25rem), as wide as the row.
      style={{ width: `${((width * 1.25) / 24).toFixed(3)}rem` }}
      fill="currentColor"
      stroke="currentColor"
      strokeLinejoin="round"
    >
      <path d={Array.from({ length: rating }, (_, i) => `M${12 + i * STAR_STEP} 3${STAR}`).join("")} />
    </svg>
  );
}

function TestimonialCard({ item }: { item: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-navy/10 bg-white p-6 shadow-sm sm:p-7">
      <div className="flex items-center justify-between gap-3">
        <RatingStars rating={item.rating} />
        <span className="rounded-full bg-[#eef6f5] px-3 py-1 text-xs font-semibold text-teal-700">
          {item.programme}
        </span>
      </div>
      <blockquote className="mt-5 flex-1 leading-relaxed text-ink/90">
        <p>“{item.text}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-navy/10 pt-4">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 items-center justify-center rounded-full bg-navy text-sm font-bold text-aqua"
        >
          {item.name.charAt(0)}
        </span>
        <span>
          <span className="block font-semibold text-navy">{item.name}</span>
          <time dateTime={item.date} className="block text-sm text-ink/75">
            {monthYear(item.date)}
          </time>
        </span>
      </figcaption>
    </figure>
  );
}
