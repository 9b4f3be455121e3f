import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Document } from "happy-dom";
import { parseAst } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { bootScript } from "~/features/client-runtime/boot-script";
import { enhancerBoot } from "~/features/enhancers/boot";
import { islandBoot } from "~/features/islands/boot";
import { vitalsBoot } from "~/features/vitals/vitals-boot";
import { ISLANDS_MANIFEST } from "~/features/islands/islands-manifest";
import { DOCUMENT_ROUTES } from "~/kernel/documents";
import { routeEntries } from "~/kernel/route-meta";
import { htmlReader } from "../support/html";
import { startServer, type RunningServer } from "../support/server";

/**
 * Which script files a public page may fetch, for every public page, read from the build instead of
 * watched in a browser on a few pages (decisions 026, 031, 034: public pages are documents without
 * the application; the islands run on Preact, never React DOM). For each page, from the built
 * server's HTML: the module maps of its inline boot scripts (the islands' and the enhancers'), the
 * page-speed module its part names, then every module those import, statically (fetched with
 * them) and dynamically (fetched once a part is used), read from the built files. The rules are
 * those the browser tests checked on the pages they visited (tests/e2e/documents.spec.ts,
 * hydration.spec.ts, island-runtime.spec.ts, checkout.spec.ts), with the build's manifests to tell
 * the application's files from the islands' and the enhancers'. BUILD_DIR points it at another build.
 */

const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");

/** Names of the application's client files (its entry, routes, React Router's chunks and manifest). */
const APPLICATION_NAME = /entry\.client|\/client-|root-|chunk-|manifest-/;
/** What a module script or module preload that a page's islands add may be (documents.spec.ts). */
const ISLAND_MODULE_NAME = /\.island-|islands-shared-|enhancers-shared-|react-|rolldown-runtime-/;
/** Text only React DOM's browser build carries: its root marker and its error-decoder address. */
const REACT_DOM = /__reactContainer\$|react\.dev\/errors/;
/** What a checkout return page may fetch besides the page-speed module: the footer newsletter form's enhancer and its parts. */
const FOOTER_FORM_SCRIPTS =
  /\/assets\/(enhance|enhancers-shared|newsletter|email-address|form-fields|track|reset-delay)-/;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;
const readManifest = (file: string) => JSON.parse(readFileSync(path.join(clientDir, file), "utf8")) as Manifest;

/** Every file a manifest chunk reaches through its static imports (itself included), as `/assets/…` paths. */
function manifestClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  keys.forEach(walk);
  return files;
}

/**
 * The build's view of the client files. The application's own build (React Router's, with React)
 * holds the application (its client entry and route modules), the enhancers and the page-speed
 * module; the islands' own build (Preact) holds the islands (vite.islands.config.ts, server/islands.ts).
 */
function buildFacts() {
  const app = readManifest(".vite/manifest.json");
  const islands = readManifest(ISLANDS_MANIFEST);
  const appEntries = Object.entries(app).filter(([, chunk]) => chunk.isEntry);
  const isApplication = (key: string, chunk: ManifestChunk) =>
    chunk.src === "app/entry.client.tsx" || key.includes("?__react-router-build-client-route");
  // A page may start a module only at an enhancer or the page-speed module (entries of the
  // application's build that are not the application), or at one of the islands' own entries.
  const pageEntries = appEntries.filter(([key, chunk]) => !isApplication(key, chunk)).map(([key]) => key);
  const applicationEntries = appEntries.filter(([key, chunk]) => isApplication(key, chunk)).map(([key]) => key);
  const sharedWithPages = manifestClosure(app, pageEntries);
  return {
    startModules: new Set(pageEntries.map((key) => `/${app[key]!.file}`)),
    /** Files only the application uses. */
    applicationOnly: new Set(
      [...manifestClosure(app, applicationEntries)].filter((file) => !sharedWithPages.has(file)),
    ),
    clientEntry: appEntries.find(([, chunk]) => chunk.src === "app/entry.client.tsx")?.[1].file,
    /** An island built into the application would be React's copy, which no page runs. */
    islandsInApplication: Object.values(app).filter((chunk) => /\.island\.tsx$/.test(chunk.src ?? "")),
    islandEntries: new Map(
      Object.entries(islands)
        .filter(([, chunk]) => chunk.isEntry)
        .map(([key, chunk]) => [`/${chunk.file}`, manifestClosure(islands, [key])]),
    ),
    islandFiles: new Set(Object.values(islands).map((chunk) => `/${chunk.file}`)),
  };
}

/** What a page's HTML tells the browser to fetch, read from its inline scripts. */
interface PageScripts {
  islands: Record<string, string[]>;
  enhancers: Record<string, string>;
  /** Modules loaded by name: the page-speed module (the boot script's part). */
  loaded: string[];
  /** Inline scripts that could fetch a script in a way this test does not know how to follow. */
  unknown: string[];
}

type AstNode = { type: string; [key: string]: unknown };
/** Calls `visit` on every node of an ESTree tree. */
function walkAst(node: unknown, visit: (node: AstNode) => void) {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach((child) => walkAst(child, visit));
  const typed = node as AstNode;
  if (typeof typed.type === "string") visit(typed);
  for (const [key, value] of Object.entries(typed)) if (key !== "type") walkAst(value, visit);
}

/** The string an import's source is, when it is one (a literal, or a template without expressions). */
function staticSource(source: unknown): string | null {
  const node = source as AstNode;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  const quasis = node.quasis as { value: { cooked: string } }[] | undefined;
  if (node.type === "TemplateLiteral" && (node.expressions as unknown[]).length === 0)
    return quasis?.[0]?.value.cooked ?? null;
  return null;
}

function pageScripts(document: Document): PageScripts {
  const found: PageScripts = { islands: {}, enhancers: {}, loaded: [], unknown: [] };
  for (const script of document.querySelectorAll("script")) {
    const type = script.getAttribute("type");
    // Data for search engines and the browser's prerendering: nothing is run or fetched from them.
    if (type === "application/ld+json" || type === "speculationrules") continue;
    const text = script.textContent ?? "";
    const islandMap = /\bislandModules=(\{.*?\}),M=/.exec(text)?.[1];
    const enhancerMap = /\benhancerModules=(\{.*?\}),M=/.exec(text)?.[1];
    const vitalsModule = /\blater\(function\(\)\{IM\(("[^"]+")\)/.exec(text)?.[1];
    if (islandMap || enhancerMap || vitalsModule) {
      const islands = islandMap ? (JSON.parse(islandMap) as Record<string, string[]>) : null;
      const enhancers = enhancerMap ? (JSON.parse(enhancerMap) as Record<string, string>) : null;
      const vitals = vitalsModule ? (JSON.parse(vitalsModule) as string) : null;
      const parts = [
        islands && islandBoot(islands),
        enhancers && enhancerBoot(enhancers),
        vitals && vitalsBoot(vitals),
      ].filter((part) => part !== null);
      // The boot script exactly as the app writes it for those maps and that module: no other fetch hides in it.
      if (text === bootScript(parts)) {
        Object.assign(found.islands, islands);
        Object.assign(found.enhancers, enhancers);
        if (vitals) found.loaded.push(vitals);
        continue;
      }
    }
    // Any other inline script fetches no script at all.
    const imports: unknown[] = [];
    walkAst(parseAst(text), (node) => {
      if (node.type === "ImportExpression") imports.push(node.source);
    });
    if (imports.length > 0 || /createElement\(\s*["']script|modulepreload|\/assets\/|\.src\s*=/.test(text))
      found.unknown.push(text.slice(0, 200));
  }
  return found;
}

interface ModuleFile {
  url: string;
  body: string;
  staticImports: string[];
  dynamicImports: string[];
  /** Dynamic imports whose target is computed: this test cannot follow them. */
  unfollowable: number;
}

let server: RunningServer;
const reader = htmlReader();
const modules = new Map<string, Promise<ModuleFile>>();

/** A built module as the server sends it (the same bytes as in the build), with what it imports. */
function moduleFile(url: string): Promise<ModuleFile> {
  let found = modules.get(url);
  if (found) return found;
  found = (async () => {
    const response = await fetch(new URL(url, server.url));
    expect(response.status, url).toBe(200);
    const body = await response.text();
    const onDisk = path.join(clientDir, url);
    expect(existsSync(onDisk) && readFileSync(onDisk, "utf8") === body, `${url} is the built file`).toBe(true);
    const resolve = (specifier: string) => new URL(specifier, new URL(url, server.url)).pathname;
    const file: ModuleFile = { url, body, staticImports: [], dynamicImports: [], unfollowable: 0 };
    walkAst(parseAst(body), (node) => {
      const source = node.source as AstNode | undefined;
      if (node.type === "ImportDeclaration" || node.type === "ExportAllDeclaration") {
        file.staticImports.push(resolve(String(source?.value)));
      } else if (node.type === "ExportNamedDeclaration" && source) {
        file.staticImports.push(resolve(String(source.value)));
      } else if (node.type === "ImportExpression") {
        const target = staticSource(node.source);
        if (target === null) file.unfollowable += 1;
        else file.dynamicImports.push(resolve(target));
      } else if (
        node.type === "Literal" &&
        typeof node.value === "string" &&
        /^assets\/[\w.-]+\.js$/.test(node.value)
      ) {
        // The bundler's list of what a dynamic import preloads (`__vite__mapDeps`), from the site's root.
        file.dynamicImports.push(`/${node.value}`);
      }
    });
    return file;
  })();
  modules.set(url, found);
  return found;
}

/** Every module reachable from `starts` through static imports, and through dynamic ones too. */
async function closure(starts: string[], { dynamic }: { dynamic: boolean }): Promise<ModuleFile[]> {
  const seen = new Map<string, ModuleFile>();
  const queue = [...starts];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    const file = await moduleFile(url);
    seen.set(url, file);
    queue.push(...file.staticImports, ...(dynamic ? file.dynamicImports : []));
  }
  return [...seen.values()];
}

interface PageResult {
  target: string;
  status: number;
  document: Document;
  html: string;
  scripts: PageScripts;
}

/** Public addresses besides the route table's own: an order, the e-mail links' pages, an error. */
async function extraPages(base: string): Promise<string[]> {
  const created = await fetch(`${base}/api/create-checkout-session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      priceId: "progress:monthly3x",
      planName: "Progress",
      billingType: "monthly3x",
      frequency: "3",
    }),
  });
  expect(created.status).toBe(200);
  const checkoutPath = new URL(((await created.json()) as { sessionUrl: string }).sessionUrl).pathname;
  const open = await fetch(`${base}/api/create-checkout-session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ priceId: "elite:onetime", planName: "Elite", billingType: "onetime", frequency: "1" }),
  });
  const openPath = new URL(((await open.json()) as { sessionUrl: string }).sessionUrl).pathname;
  // Paid with the test card, as the test checkout's own form does.
  const paid = await fetch(`${base}${checkoutPath}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({
      intent: "pay",
      email: "buyer@example.com",
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    }).toString(),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  return [
    openPath,
    `/success?session_id=${checkoutPath.split("/").pop()}`,
    "/success?session_id=cs_test_unknown",
    "/blog?category=Running",
    "/newsletter",
    "/newsletter?status=subscribed",
    "/newsletter/confirm?token=not-a-token",
    "/newsletter/unsubscribe?token=not-a-token",
    "/follow-ups/stop?token=not-a-token",
    "/newsletter/archive/no-such-issue",
    "/no-such-page",
  ];
}

interface PublicRoute {
  /** React Router's route id: the route table's, else the module's path ("routes/not-found"). */
  id: string;
  pattern: string;
}

/** The visitor site's routes (the public layout's, app/routes.ts): each must be visited below. */
function publicRoutes(): PublicRoute[] {
  const publicLayout = routes.find((route) => route.file === "routes/public-layout.tsx");
  return (publicLayout?.children ?? []).map((route) => ({
    id: route.id ?? route.file.replace(/\.tsx?$/, ""),
    pattern: `/${(route.path ?? "").replace(/^\//, "")}`,
  }));
}

const matchesPattern = (pattern: string, pathname: string) => {
  if (pattern === "/*") return true;
  const parts = pattern.split("/");
  const segments = pathname.split("/");
  return parts.length === segments.length && parts.every((part, i) => part.startsWith(":") || part === segments[i]);
};

/** The route that serves a pathname: a fixed or parameter route before the catch-all. */
const routeOf = (pathname: string) =>
  publicRoutes()
    .filter((route) => matchesPattern(route.pattern, pathname))
    .sort((a, b) => Number(a.pattern === "/*") - Number(b.pattern === "/*"))[0];

/**
 * The visitor pages that are documents (app/kernel/documents.ts). The only public routes
 * allowed to run the application are internal tools (category "internal" in the route table).
 */
const isInternal = (id: string) => routeEntries.find((entry) => entry.id === id)?.category === "internal";

describe("the scripts every public page may fetch, read from the build", () => {
  const facts = buildFacts();
  const results: PageResult[] = [];
  /** The pages the rules are about: every visited page whose route is a document. */
  let documents: PageResult[] = [];

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_FORMS_PER_MINUTE: "1000", RATE_LIMIT_POSTS_PER_MINUTE: "5000" });
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const unlisted = routeEntries
      .filter(
        (entry) => !entry.path.includes(":") && !["faq-visual-export", "testimonial-visual-export"].includes(entry.id),
      )
      .map((entry) => entry.path);
    const targets = [...new Set([...listed, ...unlisted, ...(await extraPages(server.url))])];
    for (const target of targets) {
      const response = await fetch(`${server.url}${target}`, { redirect: "manual" });
      const html = await response.text();
      const document = reader.parse(html);
      results.push({ target, status: response.status, document, html, scripts: pageScripts(document) });
    }
    documents = results.filter((result) => {
      const route = routeOf(new URL(result.target, server.url).pathname);
      return route !== undefined && DOCUMENT_ROUTES.has(route.id);
    });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await reader.close();
  });

  it("visits every route of the visitor site, each a document unless it is an internal tool", () => {
    expect(documents.length).toBeGreaterThan(20);
    for (const result of results) expect([200, 404], `${result.target} answers a page`).toContain(result.status);
    const visited = new Set(results.map((result) => routeOf(new URL(result.target, server.url).pathname)?.id));
    for (const route of publicRoutes()) {
      expect(visited.has(route.id), `a page of the route ${route.pattern}`).toBe(true);
      expect(DOCUMENT_ROUTES.has(route.id) || isInternal(route.id), `${route.pattern} is a document`).toBe(true);
    }
  });

  it("no page carries the application: documents without its entry, context or module scripts", () => {
    for (const { target, document, html } of documents) {
      expect(document.querySelectorAll("html[data-document]"), target).toHaveLength(1);
      expect(document.querySelectorAll("#app-entry"), target).toHaveLength(0);
      expect(html, target).not.toMatch(/__reactRouterContext|__reactRouterManifest/);
      // Module scripts and preloads are added after load by the islands' boot script, never sent.
      expect(
        document.querySelectorAll('script[src], script[type="module"], link[rel="modulepreload"]'),
        target,
      ).toHaveLength(0);
    }
  });

  it("every script a page names is in a module map or loader this test follows, and only for parts the page has", () => {
    for (const { target, document, html, scripts } of documents) {
      expect(scripts.unknown, `${target}: inline scripts that fetch in an unknown way`).toEqual([]);
      const named = new Set([
        ...Object.values(scripts.islands).flat(),
        ...Object.values(scripts.enhancers),
        ...scripts.loaded,
      ]);
      const inHtml = new Set(html.match(/\/assets\/[\w.-]+\.m?js/g) ?? []);
      expect(
        [...inHtml].filter((url) => !named.has(url)),
        `${target}: script files outside the maps`,
      ).toEqual([]);
      for (const name of Object.keys(scripts.islands))
        expect(
          document.querySelectorAll(`[data-island="${name}"]`).length,
          `${target}: island ${name}`,
        ).toBeGreaterThan(0);
      for (const name of Object.keys(scripts.enhancers))
        expect(
          document.querySelectorAll(`[data-enhance~="${name}"]`).length,
          `${target}: enhancer ${name}`,
        ).toBeGreaterThan(0);
    }
  });

  it("pages start scripts only at the islands' own entries, the enhancers and the page-speed module", async () => {
    for (const { target, scripts } of documents) {
      expect(
        scripts.loaded.length + Object.keys(scripts.enhancers).length,
        `${target} fetches a script`,
      ).toBeGreaterThan(0);
      for (const url of [...Object.values(scripts.enhancers), ...scripts.loaded])
        expect([...facts.startModules], `${target}: ${url}`).toContain(url);
      for (const [name, files] of Object.entries(scripts.islands)) {
        // The island's entry first, then every file of the islands' (Preact) build it imports: the
        // boot script preloads the whole list, so nothing it imports is left to be found late.
        const entry = files[0] ?? "";
        expect(
          facts.islandEntries.has(entry),
          `${target}: island ${name} starts at an entry of the islands' build`,
        ).toBe(true);
        expect(new Set(files), `${target}: island ${name}'s files`).toEqual(facts.islandEntries.get(entry));
        const imported = (await closure([entry], { dynamic: false })).map((file) => file.url);
        expect(new Set(imported), `${target}: island ${name}'s static imports`).toEqual(new Set(files));
      }
    }
  });

  it("no page can fetch the application, nor a module script other than an island's", async () => {
    expect(facts.clientEntry, "the application's client entry in the build").toBeDefined();
    expect(facts.applicationOnly.size, "files only the application uses").toBeGreaterThan(10);
    expect(facts.islandsInApplication, "islands in the application's build").toEqual([]);
    for (const { target, scripts } of documents) {
      const starts = [...Object.values(scripts.islands).flat(), ...Object.values(scripts.enhancers), ...scripts.loaded];
      const reachable = await closure(starts, { dynamic: true });
      expect(reachable.length, `${target}: scripts`).toBeGreaterThan(0);
      for (const file of reachable) {
        expect(file.url, target).not.toMatch(APPLICATION_NAME);
        expect(facts.applicationOnly.has(file.url), `${target}: ${file.url} is the application's`).toBe(false);
        expect(file.unfollowable, `${target}: ${file.url} imports a computed address`).toBe(0);
      }
      // What the islands add as module scripts and preloads, and what those import.
      const islandModules = await closure(Object.values(scripts.islands).flat(), { dynamic: false });
      for (const file of islandModules) {
        expect(file.url, `${target}: an island's module`).toMatch(ISLAND_MODULE_NAME);
        expect(facts.islandFiles.has(file.url), `${target}: ${file.url} is from the islands' own build`).toBe(true);
      }
    }
  });

  it("no script a page can fetch, now or once a part is used, is React DOM", async () => {
    for (const { target, scripts } of documents) {
      const starts = [...Object.values(scripts.islands).flat(), ...Object.values(scripts.enhancers), ...scripts.loaded];
      for (const file of await closure(starts, { dynamic: true }))
        expect(REACT_DOM.test(file.body), `${target}: ${file.url} carries React DOM`).toBe(false);
    }
    // The rule can see React DOM: the application's own client build carries it.
    const react = [...facts.applicationOnly].map((url) => readFileSync(path.join(clientDir, url), "utf8"));
    expect(react.some((body) => REACT_DOM.test(body))).toBe(true);
  });

  it("the checkout's return pages fetch nothing but the page-speed module and the footer form's enhancer", async () => {
    const returns = documents.filter((result) => /^\/(success|cancel)\b/.test(result.target));
    expect(returns.map((result) => result.target)).toEqual(
      expect.arrayContaining(["/cancel", expect.stringMatching(/^\/success\?session_id=cs_test_local_/)]),
    );
    for (const { target, scripts } of returns) {
      expect(Object.keys(scripts.islands), target).toEqual([]);
      const reachable = await closure([...Object.values(scripts.enhancers)], { dynamic: true });
      expect(
        reachable.map((file) => file.url).filter((url) => !FOOTER_FORM_SCRIPTS.test(url)),
        target,
      ).toEqual([]);
    }
  });
});
