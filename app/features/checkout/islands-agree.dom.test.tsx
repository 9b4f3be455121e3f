import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pricing } from "#content/pricing";
import { servicePages } from "#content/service-pages";
import { site } from "#content/site";
import type { PurchasablePlanId } from "./catalogue";
import { pricingView } from "./pricing-plans";
import type { Sale } from "./sale-rules";
import type * as IslandTrees from "../../../tests/support/island-trees";
import { islandTrees } from "../../../tests/support/island-trees";

/**
 * Decision 034's rule, checked without a build or a browser: an island's HTML is rendered by React on
 * the server and adopted by Preact in the browser, which neither compares nor patches attributes
 * while hydrating; so Preact's first render of the same props must give every element the server's
 * attributes and texts, or what differs stays wrong until it next changes (an id from `useId`, a
 * class worked out differently). Each island, with the props its pages give it, is rendered with
 * React's `renderToString` (as app/entry.server.tsx does) and with Preact into an empty element,
 * and the two trees are compared node by node; then the server's HTML is hydrated with Preact,
 * which must keep every element. No lazy part (a Suspense boundary) may be in the first HTML.
 */

type Trees = typeof IslandTrees;
/** The same module on Preact's compat layer, as the islands' browser build has it (tests/support/preact-graph.ts). */
const onPreact = () =>
  import(/* @vite-ignore */ `../../../tests/support/island-trees.tsx${"?preact"}`) as Promise<Trees>;

const NOW = new Date("2026-11-27T10:00:00Z");
const publicEnv = {
  SITE_URL: "https://coach.example",
  GTM_ID: null,
  SCHEDULING_URL: "https://calendly.com/coach/intake",
  SCHEDULING_WIDGET_SCRIPT: "https://assets.calendly.com/assets/external/widget.js",
};
const sale: Sale = {
  id: "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b",
  kind: "percent",
  percent: 20,
  amountOffCents: null,
  planIds: pricing.plans.map((plan) => plan.id).filter((id): id is PurchasablePlanId => id !== "custom"),
  startsAt: "2026-11-27T09:00:00.000Z",
  endsAt: "2026-11-30T22:59:00.000Z",
  endedAt: null,
};
const firstPlan = pricing.plans[0]!;

type Case = {
  [K in keyof Trees["islandTrees"]]: [string, K, Parameters<Trees["islandTrees"][K]>[0]];
}[keyof Trees["islandTrees"]];
const cases: Case[] = [
  ["the questionnaire at the foot of the home page", "questionnaire", { publicEnv }],
  ["the questionnaire as /start's main content", "questionnaire", { publicEnv, questionHeadingLevel: 2 }],
  ...Object.entries(servicePages).map(([slug, page]): Case => [
    `the questionnaire on /services/${slug}`,
    "questionnaire",
    { publicEnv, ...page.prefill },
  ]),
  ["the checkout", "checkout", { view: pricingView(pricing, site.bookingUrl, null, NOW), initialError: null }],
  ["the checkout during a sale", "checkout", { view: pricingView(pricing, site.bookingUrl, sale, NOW) }],
  [
    "the checkout with the server's refusal",
    "checkout",
    {
      view: pricingView(pricing, site.bookingUrl, null, NOW),
      initialError: { planName: firstPlan.name, message: "Please choose a plan again." },
    },
  ],
];

/** A tree as lines: each element with its attributes in order of name, each run of text; comments left out. */
function lines(root: Node): string[] {
  const out: string[] = [];
  const style = document.createElement("div");
  const walk = (node: Node, depth: number) => {
    let text = "";
    const flush = () => {
      if (text.trim()) out.push(`${"  ".repeat(depth)}"${text}"`);
      text = "";
    };
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      flush();
      const element = child as HTMLElement;
      const attributes = [...element.attributes]
        .map(({ name, value }) => {
          if (name !== "style") return `${name}="${value}"`;
          // The same declarations, written the browser's way.
          style.setAttribute("style", value);
          return `style="${style.style.cssText}"`;
        })
        .sort();
      // A field's value and checked state are properties in the browser, attributes in server HTML.
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
        const property =
          element instanceof HTMLInputElement && /^(checkbox|radio)$/.test(element.type) ? "checked" : "value";
        attributes.push(`.${property}=${JSON.stringify((element as HTMLInputElement)[property])}`);
        attributes.splice(0, attributes.length, ...attributes.filter((a) => !/^(value|checked)=/.test(a)));
      }
      out.push(`${"  ".repeat(depth)}<${element.localName} ${attributes.join(" ")}>`);
      walk(element, depth + 1);
    }
    flush();
  };
  walk(root, 0);
  return out;
}

function container(html = ""): HTMLElement {
  const element = document.createElement("div");
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

beforeEach(() => {
  // Effects are scheduled, never run: the check is about the first render.
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("each island's first render on Preact agrees with React's server HTML", () => {
  it.each(cases)("%s", async (_, name, props) => {
    const reactTree = (islandTrees[name] as (props: unknown) => ReactElement)(props);
    const html = renderToString(reactTree);
    // React's markers of a Suspense boundary: Preact knows only its own.
    expect(html).not.toMatch(/<!--\$[?!]?-->/);
    const server = container(html);

    const preact = await onPreact();
    const preactTree = () => (preact.islandTrees[name] as (props: unknown) => ReactElement)(props);
    const browser = container();
    preact.renderInto(browser, preactTree());
    expect(lines(browser)).toEqual(lines(server));

    const adopted = [...server.querySelectorAll("*")];
    preact.hydrateInto(server, preactTree());
    expect([...server.querySelectorAll("*")]).toEqual(adopted);
  });
});
