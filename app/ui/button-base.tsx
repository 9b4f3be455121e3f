import type { ButtonHTMLAttributes } from "react";

// No router here: islands (the questionnaire) use these and run without React Router (decision 017).

/** Colours and outline of a button; every button on the site is one of these. */
const variants = {
  /** The main action: teal. */
  primary: "bg-teal text-white hover:bg-teal-700",
  /** The second action beside a primary one: navy outline that fills on hover. */
  secondary: "border-navy text-navy hover:bg-navy hover:text-white",
  /** A filled navy action (the back office's record actions, the cookie bar's accept). */
  dark: "bg-navy text-white hover:bg-navy-700",
  /** Destructive back-office actions. */
  danger: "border-red-700 text-red-700 hover:bg-red-700 hover:text-white",
  /** On dark backgrounds (hero, service banners). */
  light: "bg-white text-navy hover:bg-sand",
  outlineLight: "border-white/80 text-white hover:bg-white hover:text-navy",
  /** The sticky bar's call to action on navy. */
  accent: "bg-aqua text-navy hover:bg-white",
  /** A faint outline that turns navy on hover (the blog's share and copy actions). */
  soft: "border-navy/15 text-navy hover:border-navy hover:bg-navy hover:text-white",
  /** Paging through back-office lists. */
  quiet: "border-navy/30 font-medium text-navy hover:bg-white",
  /** No fill until hovered: "back" beside a step's "next". */
  ghost: "text-navy hover:bg-navy/5",
} as const;

const outlined: ReadonlySet<ButtonVariant> = new Set(["secondary", "danger", "outlineLight", "soft", "quiet"]);

/** Height and padding. Outlines are 2 px on the large public buttons and 1 px on the compact ones. */
const sizes = {
  /** Back-office bars and pagination. */
  sm: { box: "min-h-11 px-4", border: "border" },
  /** Back-office forms, compact bars. */
  md: { box: "min-h-11 px-5", border: "border" },
  /** The public site's calls to action and form buttons. */
  lg: { box: "min-h-12 px-7 py-3 text-base", border: "border-2" },
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

const base = "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors";

/**
 * Classes of the groups a caller may change (display, padding, gap, font size and weight,
 * minimum height, outline width): a class of one of these groups in `className` replaces the default one, so
 * the result never carries two that fight (Tailwind orders its CSS by utility, not by class order).
 */
const groups = [
  /^(hidden|block|flex|inline-flex)$/,
  /^px-/,
  /^py-/,
  /^gap-/,
  /^text-(xs|sm|base|lg|xl)$/,
  /^font-(medium|semibold|bold)$/,
  /^min-h-/,
  /^border(-[0-9])?$/,
];

function merge(defaults: string, overrides: string): string {
  const extra = overrides.split(/\s+/).filter(Boolean);
  const replaced = (cls: string) => groups.some((group) => group.test(cls) && extra.some((e) => group.test(e)));
  return [...defaults.split(" ").filter((cls) => cls && !replaced(cls)), ...extra].join(" ");
}

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A soft coloured shadow under a primary call to action that stands alone. */
  raised?: boolean;
  /** Placement (margins, width, flex) and the few deliberate exceptions to the size's padding. */
  className?: string;
}

/** The class string of a button, for elements that are not `Button` or `ButtonLink` (a `<Link>` with its own props). */
export function buttonStyles({
  variant = "primary",
  size = "lg",
  raised = false,
  className = "",
}: ButtonStyleOptions = {}) {
  const box = `${base} ${sizes[size].box}${outlined.has(variant) ? ` ${sizes[size].border}` : ""}`;
  const look = merge(box, `${variants[variant]}${raised ? " shadow-lg shadow-teal/20" : ""}`);
  return merge(`${look} focus-visible:outline-offset-4`, className);
}

type ButtonProps = ButtonStyleOptions & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className">;

/** A `<button>`; `type` defaults to "button" so a button inside a form never submits by accident. */
export function Button({ variant, size, raised, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonStyles({ variant, size, raised, className })} {...props} />;
}
