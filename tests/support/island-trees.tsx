import type { ReactElement } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { PricingPlansView, type PricingPlansViewProps } from "~/features/checkout/pricing-plans-view";
import { QuestionnaireIsland, type QuestionnaireIslandProps } from "~/features/questionnaire/questionnaire-island";

/**
 * Each island's tree for its props, as its entry (`<name>.island.tsx`) renders it, for the test that
 * holds React's server HTML and Preact's first render to the same attributes
 * (app/features/checkout/islands-agree.dom.test.tsx). Imported as is, it is React's; imported with
 * `?preact` (preact-graph.ts), Preact's.
 */
export const islandTrees = {
  questionnaire: (props: QuestionnaireIslandProps) => <QuestionnaireIsland {...props} />,
  checkout: (props: PricingPlansViewProps) => <PricingPlansView {...props} />,
};

/**
 * The browser's first render of a tree into an empty container (synchronous on Preact).
 * @public (used through the `?preact` import, which knip cannot follow)
 */
export function renderInto(container: HTMLElement, tree: ReactElement): void {
  createRoot(container).render(tree);
}

/**
 * Hydrates a container's server HTML with a tree, as the island's entry does.
 * @public (used through the `?preact` import)
 */
export function hydrateInto(container: HTMLElement, tree: ReactElement): void {
  hydrateRoot(container, tree);
}
