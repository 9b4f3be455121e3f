import { Link } from "react-router";
import { site } from "#content/site";

/** Wave mark plus the business name; the link's accessible name is the name alone. */
export function Logo({ onNavigate, tone = "dark" }: { onNavigate?: () => void; tone?: "dark" | "light" }) {
  return (
    <Link
      discover="none"
      to="/"
      onClick={onNavigate}
      className={`flex min-w-0 shrink items-center gap-2 font-bold tracking-tight ${tone === "dark" ? "text-navy" : "text-white"}`}
    >
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true">
        <circle cx="16" cy="16" r="16" fill="#0f766e" />
        <path
          d="M6 18c2.5 0 2.5-2 5-2s2.5 2 5 2 2.5-2 5-2 2.5 2 5 2"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
        <path
          d="M8 23c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5"
          fill="none"
          stroke="#5eead4"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
        <circle cx="20" cy="10" r="2.6" fill="#f97366" />
      </svg>
      <span className="truncate text-base leading-none sm:text-[1.05rem]">{site.name}</span>
    </Link>
  );
}
