// The outbound-address guard: webhook deliveries never reach loopback, private, link-local (cloud metadata),
// unspecified, multicast or otherwise non-public addresses unless the operator allows it for local work.
//
// Names are resolved at send time (not when the webhook is saved, since DNS answers change), every address a
// name resolves to must pass, and the connection is then made to exactly the address that was checked (see
// http-post.ts), so a DNS answer that changes between the check and the connection ("rebinding") cannot
// slip through.
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Resolves a host name to every address it has (A and AAAA). Replaceable in tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

const blocked = new BlockList();
const V4: [string, number, string][] = [
  ["0.0.0.0", 8, "unspecified ('this network')"],
  ["10.0.0.0", 8, "private (RFC 1918)"],
  ["100.64.0.0", 10, "shared carrier-grade NAT (RFC 6598)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local (cloud metadata lives here)"],
  ["172.16.0.0", 12, "private (RFC 1918)"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "6to4 relay anycast"],
  ["192.168.0.0", 16, "private (RFC 1918)"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved or broadcast"],
];
const V6: [string, number, string][] = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["64:ff9b:1::", 48, "local-use NAT64"],
  ["100::", 64, "discard-only"],
  ["2001::", 23, "IETF protocol assignments"],
  ["2001:db8::", 32, "documentation"],
  ["fc00::", 7, "unique local (private)"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local"],
  ["ff00::", 8, "multicast"],
];
const reasons: { list: BlockList; reason: string }[] = [];
for (const [net, prefix, reason] of V4) {
  blocked.addSubnet(net, prefix, "ipv4");
  const one = new BlockList();
  one.addSubnet(net, prefix, "ipv4");
  reasons.push({ list: one, reason });
}
for (const [net, prefix, reason] of V6) {
  blocked.addSubnet(net, prefix, "ipv6");
  const one = new BlockList();
  one.addSubnet(net, prefix, "ipv6");
  reasons.push({ list: one, reason });
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64 or 6to4), if any. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated)
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return v4(groups[6]!, groups[7]!);
  // 64:ff9b::a.b.c.d (NAT64, RFC 6052)
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6]!, groups[7]!);
  // 2002:aabb:ccdd::/48 (6to4)
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return undefined;
}

function expandIpv6(address: string): number[] | undefined {
  let text = address.split("%")[0]!;
  // A trailing dotted quad counts as two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const parts = quad[1]!.split(".").map(Number);
    text = `${text.slice(0, -quad[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (s: string) => (s === "" ? [] : s.split(":").map((g) => Number.parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const fill = tail === undefined ? 0 : 8 - front.length - back.length;
  const groups = [...front, ...new Array<number>(Math.max(fill, 0)).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : undefined;
}

/** Why an address may not be contacted, or undefined when it is a public unicast address. */
export function forbiddenReason(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  const type = family === 4 ? "ipv4" : "ipv6";
  if (blocked.check(address, type)) {
    return reasons.find((r) => r.list.check(address, type))?.reason ?? "not public";
  }
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner && blocked.check(inner, "ipv4")) return `${forbiddenReason(inner)} (embedded in ${address})`;
  }
  return undefined;
}

export class ForbiddenAddressError extends Error {}

/**
 * Resolves `hostname` (an IP literal stands for itself) and returns the address to connect to. Unless private
 * addresses are allowed, every address the name has must be public: a name that also resolves to an internal
 * address is refused outright rather than tried on its public one.
 */
export async function resolveGuarded(
  hostname: string,
  options: { allowPrivateAddresses: boolean; resolve?: Resolver },
): Promise<ResolvedAddress> {
  const host = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  const literal = isIP(host);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: host, family: literal === 6 ? 6 : 4 }]
    : await (options.resolve ?? systemResolver)(host);
  if (addresses.length === 0) throw new Error(`${host} did not resolve to any address`);
  if (!options.allowPrivateAddresses) {
    for (const a of addresses) {
      const reason = forbiddenReason(a.address);
      if (reason) {
        throw new ForbiddenAddressError(
          `refused to connect: ${host === a.address ? host : `${host} resolves to ${a.address}, which`} is ${reason}; webhooks may only reach public addresses`,
        );
      }
    }
  }
  return addresses[0]!;
}

/**
 * Checks a webhook address when it is saved: absolute, http(s), no credentials, and, when private addresses are
 * not allowed, not an IP literal or `localhost` name that could never pass the send-time check. Returns what
 * is wrong, or undefined.
 */
export function webhookUrlProblem(
  raw: string,
  options: { allowHttp: boolean; allowPrivateAddresses: boolean },
): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `url must be an absolute https address, like https://example.com/webhooks (got '${raw}')`;
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && options.allowHttp)) {
    return options.allowHttp
      ? `url must be an http or https address (got '${url.protocol}')`
      : `url must be an https address (got '${url.protocol}'); plain http is allowed only when the operator enables it for local use`;
  }
  if (url.username || url.password) {
    return "url cannot carry a user name or password; send credentials in a custom header instead";
  }
  if (!url.hostname) return "url must name a host";
  if (!options.allowPrivateAddresses) {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const name = host.toLowerCase().replace(/\.$/, "");
    if (name === "localhost" || name.endsWith(".localhost")) {
      return `url points to ${host}, a loopback address; webhooks may only reach public addresses`;
    }
    if (isIP(host)) {
      const reason = forbiddenReason(host);
      if (reason)
        return `url points to ${host}, which is ${reason}; webhooks may only reach public addresses`;
    }
  }
  return undefined;
}
