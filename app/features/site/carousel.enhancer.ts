import type { Enhance } from "~/features/enhancers/boot";
import { MOBILE_BREAKPOINT_PX, pageAfterResize, pageCount, perViewFor, wrapPage } from "./carousel-logic";

/**
 * The testimonials carousel's buttons, dots, arrow keys and slideshow (testimonials-carousel.tsx).
 * The row itself scrolls and snaps with CSS alone; this only moves it, keeps the dots on the page in
 * view and hides the testimonials out of view from assistive technology.
 */
export const enhance: Enhance = (root) => {
  const viewport = root.querySelector<HTMLElement>("[data-carousel-viewport]");
  if (!viewport) return;
  const slides = [...viewport.children] as HTMLElement[];
  const dots = [...root.querySelectorAll<HTMLButtonElement>("[data-carousel-dot]")];
  const wide = matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const motion = matchMedia("(prefers-reduced-motion: reduce)");
  const perView = () => perViewFor(wide.matches ? MOBILE_BREAKPOINT_PX : 0);
  let page = 0;
  /** Where the last button or key sent the row: a row resting there shows that page (the last may be partial). */
  const aim = { page: -1, left: -1 };
  /**
   * How many more times a button's or key's move that ended on its way is carried on (at most twice,
   * so the row's snapping can never bounce it for ever); the visitor's own scroll sets it to 0.
   */
  let steering = 0;
  let userPaused = false;
  let hoverOrFocus = false;
  let timer = 0;
  /** How many per view the page marker was worked out for. */
  let view = perView();

  /** The first testimonial whose card is in the row's view (the row may rest between pages after a swipe). */
  const firstVisible = () => {
    const box = viewport.getBoundingClientRect();
    const index = slides.findIndex((slide) => slide.getBoundingClientRect().right > box.left + 2);
    return Math.max(0, index);
  };

  const render = () => {
    const view = perView();
    const pages = pageCount(slides.length, view);
    const first = page * view;
    slides.forEach((slide, i) => {
      const shown = i >= first && i < first + view;
      slide.setAttribute("aria-hidden", String(!shown));
      slide.inert = !shown;
    });
    dots.forEach((dot, i) => {
      dot.setAttribute("aria-label", `Page ${i + 1} of ${pages}`);
      if (i === page) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
  };

  const scrollTo = (p: number, smooth: boolean) => {
    const slide = slides[p * perView()];
    if (!slide) return;
    const left = slide.offsetLeft - (slides[0]?.offsetLeft ?? 0);
    // The row may not reach `left` (the last page can be partial): aim at where it can come to rest.
    aim.page = p;
    aim.left = Math.min(left, viewport.scrollWidth - viewport.clientWidth);
    steering = 2;
    viewport.scrollTo({
      left,
      behavior: smooth ? "smooth" : "instant",
    });
  };

  const go = (p: number) => {
    page = wrapPage(p, pageCount(slides.length, perView()));
    render();
    scrollTo(page, !motion.matches);
  };

  // A scroll by hand (swipe, wheel, keyboard in the row) moves the page marker when it settles.
  const settle = () => {
    // Across the breakpoint the row re-snaps before the media query reports the change: that handler decides.
    if (perView() !== view) return;
    // Before any button or key has moved the row there is no aim: a swipe back to the start must not
    // take the unset aim (-1, within 2 px of 0) for a page and hide every card.
    const arrived = aim.page >= 0 && Math.abs(viewport.scrollLeft - aim.left) < 2;
    if (steering > 0 && !arrived) {
      steering--;
      // A move ended on its way (two quick taps: the first move's end, or the row's snapping, can come
      // after the second move began): carry on to the page the last tap chose.
      viewport.scrollTo({ left: aim.left, behavior: motion.matches ? "instant" : "smooth" });
      return;
    }
    steering = 0;
    page = arrived ? aim.page : Math.floor(firstVisible() / perView());
    render();
  };
  viewport.addEventListener("scrollend", settle);
  // The visitor's own scroll takes over from a button's move (a key the carousel handles starts a new one).
  for (const type of ["pointerdown", "wheel", "keydown"] as const)
    viewport.addEventListener(type, () => (steering = 0), { passive: true });

  const playing = () => !userPaused && !hoverOrFocus && !motion.matches;
  const schedule = () => {
    clearInterval(timer);
    viewport.setAttribute("aria-live", playing() ? "off" : "polite");
    if (playing()) timer = window.setInterval(() => go(page + 1), Number(root.dataset.autoplayMs) || 8000);
  };

  root.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("button");
    if (!button) return;
    if (button.dataset.carouselStep) go(page + Number(button.dataset.carouselStep));
    else if (button.dataset.carouselDot) go(Number(button.dataset.carouselDot));
    else if (button.hasAttribute("data-carousel-pause")) {
      userPaused = !userPaused;
      for (const part of button.querySelectorAll<HTMLElement>("[data-when]"))
        part.hidden = (part.dataset.when === "paused") !== userPaused;
      schedule();
    }
  });
  root.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    go(page + (event.key === "ArrowRight" ? 1 : -1));
  });
  const hover = (on: boolean) => (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    hoverOrFocus = on;
    schedule();
  };
  root.addEventListener("pointerenter", hover(true));
  root.addEventListener("pointerleave", hover(false));
  root.addEventListener("focusin", () => {
    hoverOrFocus = true;
    schedule();
  });
  root.addEventListener("focusout", (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    hoverOrFocus = false;
    schedule();
  });
  // Between one and three per view the first testimonial in view stays in view.
  wide.addEventListener("change", () => {
    page = pageAfterResize(page, view, (view = perView()), slides.length);
    render();
    scrollTo(page, false);
  });
  motion.addEventListener("change", schedule);

  page = Math.floor(firstVisible() / perView());
  render();
  schedule();
};
