import type { ReactNode } from "react";

export function Container({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-6xl px-5 sm:px-8 ${className}`}>{children}</div>;
}

type Tone = "white" | "sand" | "navy" | "mist";

const tones: Record<Tone, string> = {
  white: "bg-white text-ink",
  sand: "bg-sand/60 text-ink",
  mist: "bg-[#eef6f5] text-ink",
  navy: "bg-navy text-white",
};

interface SectionProps {
  id?: string;
  tone?: Tone;
  /** Id of the heading that names the section (aria-labelledby). */
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}

export function Section({ id, tone = "white", labelledBy, className = "", children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={`py-16 sm:py-24 ${tones[tone]} ${className}`}>
      <Container>{children}</Container>
    </section>
  );
}

interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  dark?: boolean;
  align?: "center" | "left";
}

export function SectionHeading({ id, eyebrow, title, subtitle, dark = false, align = "center" }: SectionHeadingProps) {
  const alignClass = align === "center" ? "mx-auto text-center" : "";
  return (
    <div className={`max-w-2xl ${alignClass}`}>
      {eyebrow && (
        <p className={`text-sm font-semibold uppercase tracking-[0.18em] ${dark ? "text-aqua" : "text-teal"}`}>
          {eyebrow}
        </p>
      )}
      <h2 id={id} className={`mt-2 text-3xl font-bold tracking-tight sm:text-4xl ${dark ? "text-white" : "text-navy"}`}>
        {title}
      </h2>
      {subtitle && (
        <p className={`mt-4 text-lg leading-relaxed ${dark ? "text-white/85" : "text-ink/80"}`}>{subtitle}</p>
      )}
    </div>
  );
}
