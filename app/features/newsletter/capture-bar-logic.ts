/** Storage key blog-subscribe plus the post's slug; scroll threshold 50 percent. */
export const CAPTURE_KEY_PREFIX = "blog-subscribe";
export const CAPTURE_THRESHOLD_PERCENT = 50;
/** Set once the reader subscribed from any post: no bar on any post after that. */
export const SUBSCRIBED_KEY = `${CAPTURE_KEY_PREFIX}:subscribed`;

export const captureBarKey = (slug: string) => `${CAPTURE_KEY_PREFIX}-${slug}`;
