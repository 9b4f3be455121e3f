import type { Testimonial } from "#content/types";
import { Icon } from "~/ui/icon";
import { monthYear } from "~/ui/dates";

export const AUTOPLAY_MS = 8000;

/**
 * Testimonials, three per view from 768 px and one below: a row that scrolls sideways and snaps
 * to a page (CSS scroll snap), so every testimonial can be read by swiping or scrolling with no
 * script at all. carousel.enhancer.ts adds the previous/next and dot buttons, the arrow keys and
 * the slideshow (every 8 s unless paused, hovered, focused, or the visitor prefers reduced
 * motion), and hides the slides out of view from assistive technology. Without script the
 * buttons are not shown (no-script-css.ts); a tap on one before the enhancer runs is held, drawn
 * pressed, and replayed (features/enhancers/boot.ts).
 */
export function TestimonialsCarousel({
  items,
  label = "Client testimonials",
}: {
  items: Testimonial[];
  label?: string;
}) {
  const trackId = `testimonials-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  // Pressed at once when tapped before the enhancer runs (data-tapped, features/enhancers/boot.ts).
  const pressed = "data-tapped:bg-navy/10 data-tapped:ring-2 data-tapped:ring-teal";
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-enhance="carousel"
      data-enhance-near=""
      data-autoplay-ms={AUTOPLAY_MS}
    >
      {/* Focusable, so the row scrolls from the keyboard too (arrow keys) before or without script. */}
      <div
        id={trackId}
        tabIndex={0}
        aria-live="off"
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        data-carousel-viewport=""
      >
        {items.map((item, index) => (
          <div
            key={item.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${items.length}`}
            className="w-full shrink-0 snap-start px-2 md:w-1/3 md:px-3 md:[&:not(:nth-child(3n+1))]:snap-align-none"
          >
            <TestimonialCard item={item} />
          </div>
        ))}
      </div>
      <div className="mt-8 flex flex-col items-center gap-4" data-carousel-controls="">
        <div className="flex items-center gap-3">
          <CarouselButton label="Previous testimonials" icon="chevron-left" step={-1} controls={trackId} />
          <button
            type="button"
            aria-controls={trackId}
            data-carousel-pause=""
            data-needs-script=""
            className={`inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-navy hover:bg-navy/5 ${pressed}`}
          >
            <span className="inline-flex items-center gap-2" data-when="playing">
              <Icon name="pause" className="h-4 w-4" strokeWidth={2.4} />
              Pause slideshow
            </span>
            <span className="inline-flex items-center gap-2" data-when="paused" hidden>
              <Icon name="play" className="h-4 w-4" strokeWidth={2.4} />
              Play slideshow
            </span>
          </button>
          <CarouselButton label="Next testimonials" icon="chevron-right" step={1} controls={trackId} />
        </div>
        <div className="flex flex-wrap justify-center gap-1" role="group" aria-label="Choose testimonials page">
          {/* One dot per testimonial (one per view under 768 px); from 768 px one per three. The dot
              is the button's ::before, so a dot is one element. */}
          {items.map((item, i) => (
            <button
              key={item.id}
              type="button"
              aria-label={`Page ${i + 1} of ${items.length}`}
              aria-current={i === 0 ? "true" : undefined}
              aria-controls={trackId}
              data-carousel-dot={i}
              data-needs-script=""
              className={`${dotClass} ${pressed} ${i < Math.ceil(items.length / 3) ? "" : "md:hidden"}`}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

function CarouselButton({
  label,
  icon,
  step,
  controls,
}: {
  label: string;
  icon: "chevron-left" | "chevron-right";
  step: -1 | 1;
  controls: string;
}) {
  return (
    <button
      type="button"
      aria-controls={controls}
      data-carousel-step={step}
      data-needs-script=""
      className="inline-flex h-12 w-12 items-center justify-center rounded-full border-2 border-navy/20 bg-white text-navy hover:border-teal hover:text-teal-700 data-tapped:border-teal data-tapped:bg-navy/10"
    >
      <Icon name={icon} className="h-5 w-5" strokeWidth={2.4} />
      <span className="sr-only">{label}</span>
    </button>
  );
}

/** A page dot: the button (24 px, the tap target) draws its dot as ::before, wide and teal on the current page. */
const dotClass =
  "inline-flex h-6 w-6 items-center justify-center rounded-full before:block before:h-2.5 before:w-2.5 before:rounded-full before:bg-navy/40 before:transition-all hover:before:bg-navy/50 aria-[current=true]:before:w-5 aria-[current=true]:before:bg-teal";

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
      <blockquote className="mt-5 flex-1 leading-relaxed text-ink/90">{`“${item.text}”`}</blockquote>
      {/* A grid, so the initial beside the name and date needs no wrapper around those two. */}
      <figcaption className="mt-6 grid grid-cols-[auto_1fr] items-center gap-x-3 border-t border-navy/10 pt-4">
        <span
          aria-hidden="true"
          className="row-span-2 flex h-10 w-10 items-center justify-center rounded-full bg-navy text-sm font-bold text-aqua"
        >
          {item.name.charAt(0)}
        </span>
        <span className="font-semibold text-navy">{item.name}</span>
        <time dateTime={item.date} className="text-sm text-ink/75">
          {monthYear(item.date)}
        </time>
      </figcaption>
    </figure>
  );
}
