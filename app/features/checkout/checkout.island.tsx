import { runIslands } from "~/features/islands/island-client";
import { PricingPlansView, type PricingPlansViewProps } from "./pricing-plans-view";

/**
 * The pricing page's checkout island entry: the UI library (Preact in the browser build, decision
 * 034) and the plan cards' form, nothing of the router and no price rules (docs/decisions/027-island-budgets.md). Importing it starts the island.
 */
runIslands("checkout", (props) => <PricingPlansView {...(props as PricingPlansViewProps)} />);
