import { get } from "node:http";
import type { AddressInfo } from "node:net";
import type * as zlibModule from "node:zlib";
import { brotliDecompressSync, gunzipSync, type BrotliOptions, type CompressCallback, type InputType } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "~/infra/logger.server";
import { freshReads, inlineScriptHashes, matchesEtag, pageCache, revisionValidator } from "./page-cache";

/** The quality of each Brotli compression the cache starts, in order. */
const brotliQualities = vi.hoisted(() => [] as number[]);
vi.mock("node:zlib", async (importOriginal) => {
  const zlib = await importOriginal<typeof zlibModule>();
  return {
    ...zlib,
    brotliCompress: (buffer: InputType, options: BrotliOptions, callback: CompressCallback) => {
      brotliQualities.push(Number(options.params?.[zlib.constants.BROTLI_PARAM_QUALITY]));
      zlib.brotliCompress(buffer, options, callback);
    },
  };
});

describe("revalidating public pages by content revision", () => {
  let revision = "build-1";
  let rendered = 0;
  let url = "";
  let close = () => {};

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.setHeader("Content-Security-Policy", `script-src 'nonce-${Math.random()}'`);
      next();
    });
    const services = { contentRevision: () => Promise.resolve(revision), logger: createLogger("silent") };
    app.use(revisionValidator(services, (path) => path === "/pricing", "settings"));
    app.get("/{*splat}", (_req, res) => {
      rendered += 1;
      res.json({ etag: res.locals.etag ?? null });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("answers a browser holding the current version with 304, before rendering and without a new CSP", async () => {
    const first = await fetch(`${url}/pricing`);
    const { etag } = (await first.json()) as { etag: string };
    expect(etag).toMatch(/^W\/".+"$/);
    const before = rendered;
    const again = await fetch(`${url}/pricing`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("private, no-cache");
    // A fresh nonce in the 304 would replace the stored policy and block the cached page's scripts.
    expect(again.headers.get("content-security-policy")).toBeNull();
    expect(rendered).toBe(before);
  });

  it("renders again once the revision changes", async () => {
    const { etag } = (await (await fetch(`${url}/pricing`)).json()) as { etag: string };
    revision = "build-1+content-2";
    const after = await fetch(`${url}/pricing`, { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    const { etag: next } = (await after.json()) as { etag: string };
    expect(next).not.toBe(etag);
  });

  it("leaves pages that depend on more than the revision alone", async () => {
    const res = await fetch(`${url}/success`, { headers: { "If-None-Match": "*" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ etag: null });
  });

  it("compares entity tags weakly, in lists and with *", () => {
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});

describe("reads of the revision for the page cache", () => {
  it("shares a read among callers while none is under way, and gives a caller during one the next", async () => {
    const started: ((value: number) => void)[] = [];
    const read = freshReads(() => new Promise<number>((resolve) => started.push(resolve)));
    const first = read();
    // Asked while the first read is under way: it may have begun before a write this caller must see.
    const second = read();
    const third = read();
    expect(started).toHaveLength(1);
    started[0]!(1);
    expect(await first).toBe(1);
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(2);
    started[1]!(2);
    expect([await second, await third]).toEqual([2, 2]);
  });

  it("reads again after a failed read", async () => {
    let reads = 0;
    const read = freshReads(() => (++reads === 1 ? Promise.reject(new Error("away")) : Promise.resolve(reads)));
    await expect(read()).rejects.toThrow("away");
    expect(await read()).toBe(2);
  });
});

describe("the hashes a cached page's policy names", () => {
  it("hashes each inline script once, leaves data alone, and refuses a page that loads a file", () => {
    const page = `<script>a()</script><script type="application/ld+json">{}</script><script type="application/json">[]</script><script>a()</script>`;
    // echo -n 'a()' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptHashes(page)).toEqual(["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"]);
    expect(inlineScriptHashes(`${page}<script type="module" src="/assets/x.js"></script>`)).toBeNull();
    expect(inlineScriptHashes(`<link rel="modulepreload" href="/assets/x.js"/>${page}`)).toBeNull();
  });
});

describe("the bytes a cached page is sent as", () => {
  const words = ["tempo", "cadence", "threshold", "recovery", "interval", "swim", "brick", "taper", "base", "zone"];
  // A page like a real one: much repeated markup around text that varies.
  const html = `<!doctype html><html><body>${Array.from(
    { length: 1500 },
    (_, i) => `<p class="card text-sm">${words[i % 10]} ${words[(i * 7) % 10]} week ${i % 52}</p>`,
  ).join("\n")}<script>boot()</script></body></html>`;
  let renders = 0;
  let url = "";
  let close = () => {};

  beforeAll(async () => {
    const app = express();
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app.use(
      pageCache({
        siteUrl: url,
        cacheable: () => true,
        revision: () => Promise.resolve("r1"),
        variant: () => Promise.resolve(""),
        render: () => {
          renders += 1;
          return Promise.resolve(new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }));
        },
        policy: (hashes) => `script-src 'strict-dynamic' ${hashes.join(" ")}`,
        logger: createLogger("silent"),
      }),
    );
    close = () => server.close();
  });
  afterAll(() => close());

  /** One answer's bytes as they came, undecoded. */
  const sent = (encoding: string, pathname = "/page") =>
    new Promise<{ encoding?: string; etag?: string; body: Buffer }>((resolve, reject) => {
      get(`${url}${pathname}`, { headers: { "accept-encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ encoding: res.headers["content-encoding"], etag: res.headers.etag, body: Buffer.concat(chunks) }),
        );
      }).on("error", reject);
    });

  it("answers at once with quick Brotli, then sends the smallest once the page is asked for again", async () => {
    const first = await sent("br");
    expect(first.encoding).toBe("br");
    expect(brotliDecompressSync(first.body).toString()).toBe(html);
    const second = await sent("br");
    expect(second.body.equals(first.body)).toBe(true);
    // The smallest is made aside, after the second answer: later answers carry it.
    const later = await vi.waitFor(async () => {
      const answer = await sent("br");
      expect(answer.body.length).toBeLessThan(first.body.length);
      return answer;
    });
    expect(brotliDecompressSync(later.body).toString()).toBe(html);
    expect(later.etag).toBe(first.etag);

    const gzip = await sent("gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    expect(renders).toBe(1);
  });

  it("compresses a page only as its clients ask: gzip clients alone make no Brotli", async () => {
    const before = { renders, qualities: brotliQualities.length };
    for (let i = 0; i < 3; i += 1) {
      const gzip = await sent("gzip", "/plain-http");
      expect(gunzipSync(gzip.body).toString()).toBe(html);
    }
    expect(brotliQualities.length).toBe(before.qualities);
    // The first Brotli client gets the quick bytes; the second has the smallest made.
    await sent("br", "/plain-http");
    await sent("br", "/plain-http");
    expect(brotliQualities.slice(before.qualities)).toEqual([5, 11]);
    expect(renders - before.renders).toBe(1);
  });
});
