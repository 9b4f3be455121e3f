import { createContext, useContext, type ReactElement } from "react";

/**
 * Renders an island's own tree to HTML on the server (react-dom/server's renderToString, handed in by
 * app/entry.server.tsx so that no client bundle carries the server renderer).
 */
export const IslandRendererContext = createContext<((element: ReactElement) => string) | undefined>(undefined);

/**
 * A part of the page that hydrates on its own (docs/decisions/017-islands-and-per-request-pages.md,
 * docs/client-runtime.md). On the server its content is rendered by React as a separate tree, exactly
 * the tree its island entry (`<name>.island.tsx`) hydrates in the browser with Preact (decision 034),
 * and put into the container as HTML with the props the entry reads. Islands are only on document
 * pages, which no application hydrates: the page's boot script (islandBoot, client-runtime/boot-script.ts) runs the entry.
 * The browser's first render must give the server's attributes: no `useId` anywhere in the tree
 * (React's and Preact's ids differ), ids an island pairs are fixed names (decision 034).
 */
export function Island({
  name,
  props,
  render,
  className,
}: {
  name: string;
  /** What the entry needs to render the same tree: plain JSON. */
  props: object;
  /** The island's tree for these props; the entry renders the same tree in the browser. */
  render: () => ReactElement;
  className?: string;
}) {
  const renderToString = useContext(IslandRendererContext);
  const html = renderToString ? renderToString(render()) : "";
  return (
    <div
      className={className}
      data-island={name}
      data-island-props={JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
