// The outbound-address guard: what the service sends out (webhook deliveries, calls to carriers' DCSA APIs) never
// reaches loopback, private, link-local (cloud metadata), unspecified, multicast or otherwise non-public addresses
// unless the operator allows it for local work. A shared service beside the clock: webhooks/ and tracking/ both
// use it, and neither may import the other.
//
// Names are resolved at send time (not when the webhook is saved, since DNS answers change), every address a
// name resolves to must pass, and the connection is then made to exactly the address that was checked (see
// http-post.ts), so a DNS answer that changes between the check and the connection ("rebinding") cannot
// slip through.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

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

// The ranges come from ipaddr.js, whose special-purpose ranges follow IANA's IPv4 and IPv6 Special-Purpose Address
// Registries (outbound-guard.test.ts checks them against a copy of both registries). Everything that is not plain
// global unicast is refused, except the few special ranges IANA marks "globally reachable" (anycast services).
const GLOBALLY_REACHABLE_RANGES = new Set([
  "as112",
  "amt",
  "as112v6",
  "orchid2",
  "droneRemoteIdProtocolEntityTags",
]);

const RANGE_REASONS: Record<string, string> = {
  unspecified: "unspecified ('this network')",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "link-local (cloud metadata lives here)",
  loopback: "loopback",
  carrierGradeNat: "shared carrier-grade NAT (RFC 6598)",
  private: "private (RFC 1918)",
  reserved: "reserved for special use (IANA special-purpose registry)",
  uniqueLocal: "unique local (private)",
  deprecatedSiteLocal: "site-local",
  discard: "discard-only",
  benchmarking: "benchmarking",
  deprecatedOrchid: "deprecated ORCHID",
  segmentRouting: "segment routing (SRv6 SIDs)",
  teredo: "a Teredo tunnel address (not globally reachable)",
  rfc6052: "local-use NAT64 (RFC 8215)",
};

// Addresses the registries call public but that a service in the cloud must never call: Azure's host endpoint
// (wireserver, answers every VM), and IANA entries newer than ipaddr.js's table.
const EXTRA_FORBIDDEN: [string, string][] = [
  ["168.63.129.16/32", "Azure's host endpoint (wireserver)"],
  ["100:0:0:1::/64", "the dummy IPv6 prefix (RFC 9780)"],
];
const extraForbidden = EXTRA_FORBIDDEN.map(([cidr, reason]) => ({ net: ipaddr.parseCIDR(cidr), reason }));

/** The IPv4 address an IPv6 address carries in one of the transition forms, if it is one of them. */
function embeddedIpv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4 | undefined {
  const b = address.toByteArray();
  const v4 = (at: number) => new ipaddr.IPv4(b.slice(at, at + 4));
  // IPv4-mapped ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d (RFC 6145), NAT64 64:ff9b::a.b.c.d (RFC 6052)
  if (range === "ipv4Mapped" || range === "rfc6145") return v4(12);
  if (range === "rfc6052" && b[4] === 0 && b[5] === 0) return v4(12); // 64:ff9b::/96, not 64:ff9b:1::/48
  // 6to4 2002:aabb:ccdd::/48
  if (range === "6to4") return v4(2);
  // IPv4-compatible ::a.b.c.d (deprecated, still routed to the IPv4 address by some stacks)
  if (range === "unicast" && b.slice(0, 12).every((x) => x === 0)) return v4(12);
  return undefined;
}

/** Why an address may not be contacted, or undefined when it is a public unicast address. */
export function forbiddenReason(address: string): string | undefined {
  // isIP first: ipaddr.js also reads legacy forms (octal, hex, short) that no resolver hands back.
  if (isIP(address.split("%")[0]!) === 0) return "not an IP address";
  const parsed = ipaddr.parse(address.split("%")[0]!);
  const range = parsed.range();
  for (const { net, reason } of extraForbidden) {
    if (parsed.kind() === net[0].kind() && parsed.match(net)) return reason;
  }
  if (parsed.kind() === "ipv6") {
    const inner = embeddedIpv4(parsed as ipaddr.IPv6, range);
    if (inner) {
      const innerReason = forbiddenReason(inner.toString());
      return innerReason ? `${innerReason} (embedded in ${address})` : undefined;
    }
  }
  if (range === "unicast" || GLOBALLY_REACHABLE_RANGES.has(range)) return undefined;
  return RANGE_REASONS[range] ?? "not a public address";
}

/** Ports a delivery may use unless the operator allows private addresses: the web's own and unprivileged ones. */
export function portProblem(url: URL): string | undefined {
  const port = url.port === "" ? (url.protocol === "http:" ? 80 : 443) : Number(url.port);
  if (port === 80 || port === 443 || port >= 1024) return undefined;
  return `port ${port} is reserved for other services; webhooks may use ports 80, 443 or 1024 and above`;
}

export class ForbiddenAddressError extends Error {}

/**
 * Resolves `hostname` (an IP literal stands for itself) and returns the address to connect to. Unless private
 * addresses are allowed, every address the name has must be public: a name that also resolves to an internal
 * address is refused outright rather than tried on its public one.
 */
export async function resolveGuarded(
  hostname: string,
  options: {
    allowPrivateAddresses: boolean;
    resolve?: Resolver;
    /** Who may only reach public addresses, in the refusal: "webhooks" unless told (carrier connections too). */
    subject?: string;
  },
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
          `refused to connect: ${host === a.address ? host : `${host} resolves to ${a.address}, which`} is ${reason}; ${options.subject ?? "webhooks"} may only reach public addresses`,
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
  options: {
    allowHttp: boolean;
    allowPrivateAddresses: boolean;
    /** Who may only reach public addresses, in the answer: "webhooks" unless told. */
    subject?: string;
  },
): string | undefined {
  const who = options.subject ?? "webhooks";
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
      return `url points to ${host}, a loopback address; ${who} may only reach public addresses`;
    }
    if (isIP(host)) {
      const reason = forbiddenReason(host);
      if (reason) return `url points to ${host}, which is ${reason}; ${who} may only reach public addresses`;
    }
    const badPort = portProblem(url);
    if (badPort) return `url uses ${badPort}`;
  }
  return undefined;
}
