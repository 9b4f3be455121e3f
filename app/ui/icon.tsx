import type { IconName } from "#content/types";

/**
 * Stroke icons on a 24 px grid, drawn for this site; names are what content/ refers to. Each part
 * starts with an absolute move ("M"), so an icon's parts join into one path's data: one `<path>`
 * an icon, drawn the same (the same stroke, caps and joins), is fewer elements for the browser to
 * parse, style and lay out on every page that repeats icons.
 */
export const iconParts: Record<IconName | UiIconName, string[]> = {
  calendar: ["M4 6h16v14H4z", "M4 10h16", "M8 3v4", "M16 3v4", "M8 14h3", "M13 14h3", "M8 17h3"],
  chat: ["M4 5h16v11H9l-5 4z", "M8 9h8", "M8 12h5"],
  dumbbell: ["M6 7v10", "M18 7v10", "M3 9v6", "M21 9v6", "M6 12h12"],
  apple: [
    "M12 7c-1.5-1.2-4-1.3-5.6.2C4.6 9 4.8 13 6.5 16.3 7.7 18.6 9.3 20.4 12 19.5c2.7.9 4.3-.9 5.5-3.2 1.7-3.3 1.9-7.3.1-9.1C16 5.7 13.5 5.8 12 7z",
    "M12 7c0-2 1-3.5 3-4",
  ],
  chart: ["M4 20V4", "M4 20h16", "M8 16l4-5 3 3 5-7"],
  heart: [
    "M12 20s-7-4.4-8.6-9.1C2.3 7.6 4.4 4.5 7.6 4.5c1.9 0 3.3 1 4.4 2.6 1.1-1.6 2.5-2.6 4.4-2.6 3.2 0 5.3 3.1 4.2 6.4C19 15.6 12 20 12 20z",
  ],
  clock: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z", "M12 7v5l3 2"],
  trophy: [
    "M8 4h8v5a4 4 0 0 1-8 0z",
    "M8 6H5a3 3 0 0 0 3 4",
    "M16 6h3a3 3 0 0 1-3 4",
    "M12 13v4",
    "M8 20h8",
    "M9 17h6",
  ],
  bike: [
    "M6 18a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
    "M18 18a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
    "M6 15l4-7h5l3 7",
    "M10 8l2 7h-6",
    "M14 5h2",
  ],
  run: ["M14 5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z", "M7 21l3-6 3 2v4", "M10 15l1-5 4 3 3-1", "M11 10l-3 1-2 3"],
  swim: [
    "M3 17c2 0 2-1.5 4.5-1.5S10 17 12 17s2-1.5 4.5-1.5S19 17 21 17",
    "M3 21c2 0 2-1.5 4.5-1.5S10 21 12 21s2-1.5 4.5-1.5S19 21 21 21",
    "M8 13l4-5 3 2",
    "M17 8a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z",
  ],
  scale: ["M5 4h14l1 16H4z", "M12 8v3", "M9 8.5a3.5 3.5 0 0 1 6 0"],
  target: [
    "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z",
    "M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10z",
    "M12 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2z",
  ],
  video: ["M3 6h13v12H3z", "M16 10l5-3v10l-5-3"],
  book: ["M4 5a2 2 0 0 1 2-2h14v15H6a2 2 0 0 0-2 2z", "M4 20a2 2 0 0 0 2 1h14v-3", "M9 7h7"],
  check: ["M5 12.5l4.5 4.5L19 7"],
  star: ["M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z"],
  flame: [
    "M12 21c-3.9 0-7-2.7-7-6.5 0-3 2-5.3 3.5-7 .3 2 1.3 3 2.5 3.5C11 7.5 12 5 14.5 3c0 3 4.5 5 4.5 10.5 0 4.3-3.1 7.5-7 7.5z",
  ],
  shield: ["M12 3l8 3v6c0 4.6-3.4 8-8 9-4.6-1-8-4.4-8-9V6z", "M8.5 12l2.5 2.5 4.5-4.5"],
  users: [
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
    "M2 21c0-3.9 3.1-7 7-7s7 3.1 7 7",
    "M16 3.5a4 4 0 0 1 0 7.5",
    "M19 14.5c1.8 1 3 3.2 3 5.5",
  ],
  "chevron-down": ["M6 9l6 6 6-6"],
  "chevron-left": ["M15 6l-6 6 6 6"],
  "chevron-right": ["M9 6l6 6-6 6"],
  menu: ["M4 7h16", "M4 12h16", "M4 17h16"],
  close: ["M6 6l12 12", "M18 6L6 18"],
  play: ["M8 5v14l11-7z"],
  pause: ["M8 5v14", "M16 5v14"],
  mail: ["M3 5h18v14H3z", "M3 6l9 7 9-7"],
  "arrow-right": ["M5 12h14", "M13 6l6 6-6 6"],
  share: [
    "M18 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
    "M6 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
    "M18 16a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
    "M8.6 13.5l6.8 4M15.4 6.5l-6.8 4",
  ],
  copy: [
    "M11 9h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-8a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2z",
    "M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1",
  ],
};

export type UiIconName =
  | "chevron-down"
  | "chevron-left"
  | "chevron-right"
  | "menu"
  | "close"
  | "play"
  | "pause"
  | "mail"
  | "arrow-right"
  | "share"
  | "copy";

/** An icon's path data, its parts joined: for `<Icon>` and for a sprite of `<symbol>`s that many `<use>`s share (the questionnaire's options). */
export const iconPath = (name: IconName | UiIconName): string => iconParts[name].join("");

interface IconProps {
  name: IconName | UiIconName;
  className?: string;
  /** Stroke width; filled shapes (star in ratings) pass `filled`. */
  strokeWidth?: number;
  filled?: boolean;
}

/** Decorative by default (aria-hidden): the text next to it carries the meaning. */
export function Icon({ name, className = "h-6 w-6", strokeWidth = 1.8, filled = false }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={iconPath(name)} />
    </svg>
  );
}
