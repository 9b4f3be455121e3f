import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonStyles, type ButtonStyleOptions } from "./button-base";

export * from "./button-base";

/** A link that looks like a button: a router `Link` inside the site, a new tab outside it. */
export function ButtonLink({
  to,
  children,
  variant,
  size,
  raised,
  className,
}: ButtonStyleOptions & { to: string; children: ReactNode }) {
  const classes = buttonStyles({ variant, size, raised, className });
  if (/^https?:/.test(to)) {
    return (
      <a href={to} className={classes} rel="noopener noreferrer" target="_blank">
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={classes}>
      {children}
    </Link>
  );
}
