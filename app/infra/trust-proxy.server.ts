import { BlockList, isIP } from "node:net";

/**
 * TRUST_PROXY: which hops in front of the server may report the visitor's address
 * (X-Forwarded-For). Either a hop count (how many proxies stand in front; 0 = none), or a
 * comma-separated list of the proxies' addresses or subnets (`10.0.0.5, 10.1.0.0/16`).
 *
 * The list is the safe choice behind a load balancer: only those machines are believed.
 * A hop count believes any nearest hop on a loopback or private network (where a load
 * balancer or a local nginx sits), never one on the public internet, so a visitor who reaches
 * the server directly cannot pick their own address with a forged X-Forwarded-For.
 */
export type TrustProxySetting = { hops: number } | { addresses: string[] };

export function parseTrustProxy(value: string): TrustProxySetting | string {
  const text = value.trim();
  if (text === "") return { hops: 0 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { hops } : "must be a hop count from 0 to 10 or a list of proxy addresses";
  }
  const addresses = text.split(",").map((part) => part.trim());
  for (const address of addresses) {
    if (!toSubnet(address)) return `"${address}" is not an IP address or subnet (a.b.c.d, a.b.c.d/nn, or IPv6)`;
  }
  return { addresses };
}

function toSubnet(entry: string): { address: string; prefix: number; type: "ipv4" | "ipv6" } | null {
  const [address = "", prefixText] = entry.split("/");
  const version = isIP(address);
  if (version === 0) return null;
  const type = version === 4 ? "ipv4" : "ipv6";
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d+$/.test(prefixText ?? String(max)) || prefix > max) return null;
  return { address, prefix, type };
}

const PRIVATE_NETWORKS = (() => {
  const list = new BlockList();
  for (const [address, prefix] of [
    ["127.0.0.0", 8],
    ["10.0.0.0", 8],
    ["172.16.0.0", 12],
    ["192.168.0.0", 16],
    ["169.254.0.0", 16],
    ["100.64.0.0", 10],
  ] as const)
    list.addSubnet(address, prefix, "ipv4");
  list.addAddress("::1", "ipv6");
  list.addSubnet("fc00::", 7, "ipv6");
  list.addSubnet("fe80::", 10, "ipv6");
  return list;
})();

/** "::ffff:10.0.0.1" (how a dual-stack socket reports IPv4) → "10.0.0.1". */
function plain(address: string): { address: string; type: "ipv4" | "ipv6" } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const candidate = mapped ? mapped[1]! : address;
  const version = isIP(candidate);
  return version === 0 ? null : { address: candidate, type: version === 4 ? "ipv4" : "ipv6" };
}

export function isPrivateAddress(address: string): boolean {
  const ip = plain(address);
  return ip !== null && PRIVATE_NETWORKS.check(ip.address, ip.type);
}

/**
 * Express's `trust proxy` function: called for the socket's peer (i = 0) and then for each
 * X-Forwarded-For entry from the right; the first untrusted one is the visitor.
 */
export function trustFunction(setting: TrustProxySetting): ((address: string, hop: number) => boolean) | false {
  if ("hops" in setting) {
    if (setting.hops === 0) return false;
    return (address, hop) => hop < setting.hops && isPrivateAddress(address);
  }
  const list = new BlockList();
  for (const entry of setting.addresses) {
    const subnet = toSubnet(entry)!;
    list.addSubnet(subnet.address, subnet.prefix, subnet.type);
  }
  return (address) => {
    const ip = plain(address);
    return ip !== null && list.check(ip.address, ip.type);
  };
}
