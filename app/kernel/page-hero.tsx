import type { ReactNode } from "react";

/** Navy page header with a soft wave, used by the services and legal pages. */
export function PageHero({
  eyebrow,
  title,
  subtitle,
  children,
}: {
  eyebrow?: string;
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="page-title" className="relative isolate overflow-hidden bg-navy text-white">
      <svg
        aria-hidden="true"

        className="absolute inset-0 -z-10 h-full w-full"
        preserveAspectRatio="xMidYMax slice"
        viewBox="0 0 1440 480"
      >
        <defs>
          <linearGradient id="hero-glow" x1="0" x2="1" y1="0" y2="1">
            <stop offset="0" stopColor="#0f766e" stopOpacity="0.55" />
            <stop offset="1" stopColor="#0b1f3a" stopOpacity="0" />
          </linearGradient>
        </defs>
        <rect width="1440" height="480" fill="url(#hero-glow)" />
        <path d="M0 380c180-40 360-40 540 0s360 40 540 0 270-50 360-30v130H0z" fill="#5eead4" fillOpacity="0.08" />
        <path d="M0 420c200-30 400-30 600 0s400 30 600 0 180-30 240-20v100H0z" fill="#5eead4" fillOpacity="0.1" />
        <circle cx="1240" cy="90" r="120" fill="#5eead4" fillOpacity="0.07" />
      </svg>
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8 sm:py-28">
        <div className="max-w-3xl">
          {eyebrow && <p className="text-sm font-semibold uppercase tracking-[0.2em] text-aqua">{eyebrow}</p>}
          <h1 id="page-title" className="mt-3 text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            {title}
          </h1>
          {subtitle && <p className="mt-5 text-lg leading-relaxed text-white/85 sm:text-xl">{subtitle}</p>}
          {children && <div className="mt-8 flex flex-col gap-3 sm:flex-row">{children}</div>}
        </div>
      </div>
    </section>
  );
}
