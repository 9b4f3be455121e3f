import { StrictMode, useEffect, type ReactElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_RUNNING_ATTRIBUTE } from "~/features/client-runtime/holds";
import { ISLAND_READY_EVENT } from "./island-constants";

function Ready({ container, children }: { container: HTMLElement; children: ReactElement }) {
  useEffect(() => {
    container.setAttribute(ISLAND_RUNNING_ATTRIBUTE, "");
    container.dispatchEvent(new Event(ISLAND_READY_EVENT, { bubbles: true }));
    return () => container.removeAttribute(ISLAND_RUNNING_ATTRIBUTE);
  }, [container]);
  return children;
}

/**
 * Hydrates every island of this name on the page (the entry's side effect when the page runs it):
 * the server's HTML, adopted by the islands' own browser build, where `react-dom/client` is Preact's
 * compat layer (docs/decisions/034-preact-islands.md). Once its effects run, the island says so
 * (ISLAND_READY_EVENT), and the boot script replays the taps it held (docs/client-runtime.md).
 *
 * In a task of its own: evaluating the island's modules (the UI library's included) and hydrating
 * its HTML were one task of 60–110 ms on a phone (CPU 4x), long enough to hold up a tap; as two,
 * neither waits for the other. A tap in between is held by the boot script like any before the
 * island runs.
 */
export function runIslands(name: string, render: (props: unknown) => ReactElement): void {
  setTimeout(() => {
    for (const container of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
      let props: unknown = {};
      try {
        props = JSON.parse(container.dataset.islandProps ?? "{}");
      } catch {
        // Props come from our own server; unreadable ones render the island's defaults.
      }
      hydrateRoot(
        container,
        <StrictMode>
          <Ready container={container}>{render(props)}</Ready>
        </StrictMode>,
      );
    }
  }, 0);
}
