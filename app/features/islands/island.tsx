import { createContext, useContext, useEffect, useRef, type ReactElement } from "react";
import { islandIdPrefix } from "./island-constants";

/**
 * Renders an island's own tree to HTML on the server (react-dom/server's renderToString, handed in by
 * app/entry.server.tsx so that no client bundle carries the server renderer). Undefined in the browser.
 */
export const IslandRendererContext = createContext<((element: ReactElement, idPrefix: string) => string) | undefined>(
  undefined,
);

/**
 * A part of the page that hydrates on its own, not with the page (docs/decisions/017-islands-and-per-request-pages.md).
 *
 * On the server its content is rendered as a separate React tree, exactly the tree its island entry
 * hydrates (same root, same `useId` prefix), and put into the container as HTML. Inside the page's
 * application the container is a hole React leaves alone (empty `dangerouslySetInnerHTML`, which
 * hydration neither compares nor patches), so the island's root and the application's never fight
 * over the same nodes. The island's entry is fetched early by the page (islandBootScript); if the
 * application runs first, or shows the island after a client-side navigation (an empty container),
 * it starts the island itself.
 */
export function Island({
  name,
  props,
  render,
  load,
  className,
}: {
  name: string;
  /** What the entry needs to render the same tree: plain JSON. */
  props: object;
  /** The island's tree for these props; the entry renders the same tree in the browser. */
  render: () => ReactElement;
  load: () => Promise<{ startIsland(container: HTMLElement): () => void }>;
  className?: string;
}) {
  const renderToString = useContext(IslandRendererContext);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    let stop: (() => void) | undefined;
    let gone = false;
    void load().then((module) => {
      if (gone) return;
      stop = module.startIsland(container);
      unmarkDocument();
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [load]);
  const html = renderToString ? renderToString(render(), islandIdPrefix(name)) : "";
  return (
    <div
      ref={ref}
      className={className}
      data-island={name}
      data-island-props={JSON.stringify(props)}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * Any React root marks the document as listened-to (for `selectionchange`). When the page's
 * application hydrates the document after an island has started, React sees that mark and attaches
 * none of its event listeners to the document: every click in the application would go unhandled.
 * Until the document is a root itself, the island's mark is taken off again. Only the application's
 * own copy of an island is a React root (the islands' browser build is Preact, decision 034), so
 * this lives here, out of that build.
 */
function unmarkDocument(): void {
  const keys = Object.keys(document);
  if (keys.some((key) => key.startsWith("__reactContainer$"))) return;
  for (const key of keys) if (key.startsWith("_reactListening")) Reflect.deleteProperty(document, key);
}
