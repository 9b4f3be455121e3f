import { useEffect, useRef } from "react";

const supportsScrollTimeline = () => typeof CSS !== "undefined" && CSS.supports("animation-timeline: scroll()");

/**
 * Reading progress under the header. Browsers with scroll-driven animations draw it
 * in CSS alone (blog.css); the others get a passive scroll listener.
 */
export function ReadingProgress({ title }: { title: string }) {
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (supportsScrollTimeline()) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const progress = max > 0 ? Math.min(1, Math.max(0, window.scrollY / max)) : 0;
      bar.current?.style.setProperty("transform", `scaleX(${progress})`);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <div aria-hidden="true" className="blog-progress pointer-events-none fixed inset-x-0 top-16 z-40">
      {/* The title fades in here once the hero has scrolled away (blog.css). */}
      <div className="blog-progress-title hidden border-b border-navy/10 bg-white/95 backdrop-blur">
        <p className="mx-auto max-w-[44.5rem] truncate px-5 py-2 text-sm font-semibold text-navy">{title}</p>
      </div>
      <div className="h-1 bg-navy/5">
        <div ref={bar} className="blog-progress-bar h-full origin-left bg-teal" />
      </div>
    </div>
  );
}
