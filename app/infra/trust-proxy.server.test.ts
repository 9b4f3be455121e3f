import { describe, expect, it } from "vitest";
import { isPrivateAddress, parseTrustProxy, trustFunction } from "./trust-proxy.server";

describe("TRUST_PROXY", () => {
  it("reads a hop count or a list of proxy addresses and subnets", () => {
    expect(parseTrustProxy("0")).toEqual({ hops: 0 });
    expect(parseTrustProxy("")).toEqual({ hops: 0 });
    expect(parseTrustProxy("2")).toEqual({ hops: 2 });
    expect(parseTrustProxy("10.0.0.5, 10.1.0.0/16,fd00::/8")).toEqual({
      addresses: ["10.0.0.5", "10.1.0.0/16", "fd00::/8"],
    });
    for (const bad of ["true", "11", "10.0.0.300", "10.0.0.0/33", "example.com", "10.0.0.1/x"])
      expect(typeof parseTrustProxy(bad), bad).toBe("string");
  });

  it("knows loopback and private networks", () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.2.3.4", "172.20.0.1", "192.168.1.1", "fd12::1"])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ["198.51.100.7", "::ffff:203.0.113.9", "2001:db8::1", "8.8.8.8", "172.32.0.1"])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it("with a hop count, believes only private nearest hops, so a direct visitor cannot choose an address", () => {
    const trust = trustFunction({ hops: 1 });
    expect(trust).not.toBe(false);
    if (!trust) return;
    expect(trust("10.0.0.2", 0)).toBe(true);
    expect(trust("127.0.0.1", 0)).toBe(true);
    expect(trust("198.51.100.7", 0)).toBe(false);
    expect(trust("10.0.0.2", 1)).toBe(false);
    expect(trustFunction({ hops: 0 })).toBe(false);
  });

  it("with a list, believes exactly those proxies", () => {
    const trust = trustFunction({ addresses: ["10.0.0.5", "10.1.0.0/16"] });
    if (!trust) throw new Error("expected a trust function");
    expect(trust("10.0.0.5", 0)).toBe(true);
    expect(trust("::ffff:10.1.200.3", 0)).toBe(true);
    expect(trust("10.0.0.6", 0)).toBe(false);
    expect(trust("127.0.0.1", 0)).toBe(false);
  });
});
