import { HYDRATED_ATTRIBUTE } from "~/kernel/hydration-signal";
import type { HoldRules } from "./hold-replay";

/**
 * What each page type holds until its code runs (docs/client-runtime.md), and the markers its code
 * sets. They are named here, below the enhancers, the islands and the application that use them,
 * so the runtime's own test holds all three (hold-replay.dom.test.ts) without importing a layer above.
 */

/** The element of a part that an enhancer improves: `data-enhance="<name>"` (enhancers/boot.ts). */
export const ENHANCE_ATTRIBUTE = "data-enhance";
/** Set on the element once its enhancer runs; the stylesheet shows script-only controls from then on. */
export const ENHANCED_ATTRIBUTE = "data-enhanced";
/** Set on an island's container while its tree runs. */
export const ISLAND_RUNNING_ATTRIBUTE = "data-island-running";
/** Set on an island's container when its code could not be fetched: its controls work as plain HTML. */
export const ISLAND_FAILED_ATTRIBUTE = "data-island-failed";

/** What a document page holds until a part's enhancer runs. */
export const ENHANCER_HOLD: HoldRules = {
  zone: `[${ENHANCE_ATTRIBUTE}]`,
  ready: ENHANCED_ATTRIBUTE,
  controls: "[data-needs-script],a[data-replay]",
  forms: true,
  mark: true,
};

/** What a page holds until an island runs: any button's tap, drawn pressed. */
export const ISLAND_HOLD: HoldRules = {
  zone: "[data-island]",
  ready: ISLAND_RUNNING_ATTRIBUTE,
  failed: ISLAND_FAILED_ATTRIBUTE,
  controls: "button,[role=button]",
  mark: true,
};

/** What a page of the application (the back office) holds until it has hydrated. */
export const APP_HOLD: HoldRules = {
  zone: "html",
  ready: HYDRATED_ATTRIBUTE,
  controls: "[data-replay],button,[role=button]",
  forms: true,
  app: true,
};
