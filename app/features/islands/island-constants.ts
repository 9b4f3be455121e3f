/** Dispatched (bubbling) on an island's container once its tree has hydrated and its effects run. */
export const ISLAND_READY_EVENT = "island:ready";
