import { StrictMode, useEffect, type ReactElement } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { ISLAND_READY_EVENT, ISLAND_RUNNING_ATTRIBUTE, islandIdPrefix } from "./island-constants";

const roots = new WeakMap<HTMLElement, Root>();

function Ready({ container, children }: { container: HTMLElement; children: ReactElement }) {
  useEffect(() => {
    container.setAttribute(ISLAND_RUNNING_ATTRIBUTE, "");
    container.dispatchEvent(new Event(ISLAND_READY_EVENT, { bubbles: true }));
    return () => container.removeAttribute(ISLAND_RUNNING_ATTRIBUTE);
  }, [container]);
  return children;
}

/**
 * Starts one island in its container, once: hydrates the server's HTML, or renders afresh into an
 * empty container (shown by a client-side navigation). Returns how to stop it again. In the islands'
 * own browser build `react-dom/client` is Preact's compat layer (docs/decisions/034-preact-islands.md),
 * which ignores the id prefix: ids an island pairs are fixed names, never `useId`.
 */
export function runIsland(container: HTMLElement, render: (props: unknown) => ReactElement): () => void {
  let root = roots.get(container);
  if (!root) {
    const name = container.dataset.island ?? "island";
    let props: unknown = {};
    try {
      props = JSON.parse(container.dataset.islandProps ?? "{}");
    } catch {
      // Props come from our own server; unreadable ones render the island's defaults.
    }
    const tree = (
      <StrictMode>
        <Ready container={container}>{render(props)}</Ready>
      </StrictMode>
    );
    const options = { identifierPrefix: islandIdPrefix(name) };
    if (container.hasChildNodes()) {
      root = hydrateRoot(container, tree, options);
    } else {
      root = createRoot(container, options);
      root.render(tree);
    }
    roots.set(container, root);
  }
  const started = root;
  return () => {
    if (roots.get(container) !== started) return;
    roots.delete(container);
    started.unmount();
  };
}

/**
 * Starts every island of this name on the page (the entry's side effect when the page fetches it),
 * in a task of its own: evaluating the island's modules (the UI library's included) and hydrating
 * its HTML were one task of 60–110 ms on a phone (CPU 4x), long enough to hold up a tap; as two,
 * neither waits for the other. A tap in between is held by the boot script like any before the
 * island runs.
 */
export function runIslands(name: string, render: (props: unknown) => ReactElement): void {
  setTimeout(() => {
    for (const container of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`))
      runIsland(container, render);
  }, 0);
}
