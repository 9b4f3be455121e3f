import { describe, expect, it } from "vitest";
import { parseEnv } from "~/infra/env.server";
import { contentSecurityPolicy, isValidHost } from "./security";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((part) => part.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? [];

describe("the content security policy", () => {
  it("lets the tag manager's hosts in only when a tag manager is configured", () => {
    const without = contentSecurityPolicy(parseEnv({}), { nonce: "n" }, false);
    expect(without).not.toMatch(/google/);
    const withTag = contentSecurityPolicy(parseEnv({ GTM_ID: "GTM-TEST123" }), { nonce: "n" }, false);
    expect(directive(withTag, "img-src")).toEqual(expect.arrayContaining(["https://www.googletagmanager.com"]));
    expect(directive(withTag, "connect-src")).toEqual(
      expect.arrayContaining(["https://*.google-analytics.com", "https://www.googletagmanager.com"]),
    );
    // Scripts stay trusted by nonce alone, with or without the tag manager.
    expect(directive(withTag, "script-src")).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'"]);
  });

  it("writes no directive that only repeats default-src (each answer carries the policy)", () => {
    // The fetch directives a browser reads from default-src when they are missing.
    const fallsBack = ["connect-src", "font-src", "frame-src", "img-src", "manifest-src", "media-src", "object-src"];
    for (const env of [parseEnv({}), parseEnv({ GTM_ID: "GTM-TEST123" })]) {
      const policy = contentSecurityPolicy(env, { nonce: "n" }, false);
      const fallback = directive(policy, "default-src");
      for (const name of fallsBack) expect(directive(policy, name), name).not.toEqual(fallback);
    }
  });
});

describe("a request's Host", () => {
  it("accepts host names, IPv4 and bracketed IPv6 addresses, with a port up to 65535", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "Coach.Example:443",
      "127.0.0.1:8080",
      "[::1]",
      "[::1]:3000",
      "[2001:db8::7]:65535",
      "xn--bcher-kva.example",
      "my_host.internal",
    ])
      expect(isValidHost(host), host).toBe(true);
  });

  it("refuses what no address can be made of", () => {
    for (const host of [
      "",
      "a b",
      "localhost:99999",
      "localhost:65536",
      "localhost:",
      "localhost:port",
      "[::1",
      "[::1]:70000",
      "[not-ipv6]",
      "::1",
      "%",
      "local%20host",
      "a/b",
      "user@host",
      "host#frag",
      "host?q",
      "bücher.example",
      "a\\b",
      "x".repeat(256),
    ])
      expect(isValidHost(host), JSON.stringify(host)).toBe(false);
  });
});
