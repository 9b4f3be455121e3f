import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_ID, DEFERRED_MODULE_TYPE, deferHydration, loaderScript } from "./deferred-hydration.server";

const entry = `import * as route0 from "/assets/root-a.js";import("/assets/entry.client-b.js");`;
const page = (nonce = "") =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-b.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/root-a.js"${nonce}/></head><body><main>Hi</main>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">${entry}</script><script${nonce}>stream.close();</script></body></html>`;

describe("deferHydration", () => {
  it("drops every modulepreload and parks the entry module as inert text", () => {
    const html = deferHydration(page());
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('type="module" async');
    expect(html).toContain(`<script type="${DEFERRED_MODULE_TYPE}" id="${DEFERRED_MODULE_ID}">${entry}</script>`);
  });

  it("puts the loader right after the parked module and keeps the other scripts in order", () => {
    const html = deferHydration(page());
    const parked = html.indexOf(DEFERRED_MODULE_ID);
    const loader = html.indexOf(loaderScript);
    expect(loader).toBeGreaterThan(parked);
    expect(html.indexOf("__reactRouterContext")).toBeLessThan(parked);
    expect(html.indexOf("stream.close()")).toBeGreaterThan(loader);
  });

  it("keeps the request nonce on the parked module and gives it to the loader", () => {
    const html = deferHydration(page(' nonce="abc"'), "abc");
    expect(html).toContain(`<script nonce="abc" type="${DEFERRED_MODULE_TYPE}" id="${DEFERRED_MODULE_ID}">`);
    expect(html).toContain(`<script nonce="abc">${loaderScript}</script>`);
    expect(html).not.toContain("modulepreload");
  });

  it("leaves a page without the entry module unchanged", () => {
    const html = "<!DOCTYPE html><html><body><p>static</p></body></html>";
    expect(deferHydration(html)).toBe(html);
  });

  it("ships a loader that parses and stays small", () => {
    expect(() => new Function(loaderScript)).not.toThrow();
    // The client runtime (hold-replay.ts, 2.8 KB) and the loader's own few lines.
    expect(Buffer.byteLength(loaderScript)).toBeLessThan(3_600);
  });
});
