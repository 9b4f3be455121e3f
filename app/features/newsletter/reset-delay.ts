/** The footer and in-article forms reset after 5 s, the sticky bar after 3 s. */
export const RESET_DELAY_MS = {
  footer: 5_000,
  "blog-overview": 5_000,
  "in-article": 5_000,
  sticky: 3_000,
} as const satisfies Record<string, number>;

/** Bubbles from a newsletter form's section once an address is accepted (the sticky bar hides then). */
export const SUBSCRIBED_EVENT = "newsletter:subscribed";
