import type { ReactNode } from "react";
import { Link } from "react-router";

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

const buttonBase =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-7 py-3 text-base font-semibold transition-colors focus-visible:outline-offset-4";

export const buttonStyles = {
  primary: `${buttonBase} bg-teal text-white shadow-lg shadow-teal/20 hover:bg-teal-700`,
  light: `${buttonBase} bg-white text-navy hover:bg-sand`,
  outline: `${buttonBase} border-2 border-navy text-navy hover:bg-navy hover:text-white`,
  outlineLight: `${buttonBase} border-2 border-white/80 text-white hover:bg-white hover:text-navy`,
} as const;

export type ButtonVariant = keyof typeof buttonStyles;

export function ButtonLink({
  to,
  variant = "primary",
  children,
  className = "",
}: {
  to: string;
  variant?: ButtonVariant;
  children: ReactNode;
  className?: string;
}) {
  const external = /^https?:/.test(to);
  if (external) {
    return (
      <a href={to} className={`${buttonStyles[variant]} ${className}`} rel="noopener noreferrer" target="_blank">
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={`${buttonStyles[variant]} ${className}`}>
      {children}
    </Link>
  );
}
