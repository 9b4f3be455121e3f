/** Dispatched (bubbling) on an island's container once its tree has hydrated and its effects run. */
export const ISLAND_READY_EVENT = "island:ready";
/** Set on an island's container while its tree runs. */
export const ISLAND_RUNNING_ATTRIBUTE = "data-island-running";
