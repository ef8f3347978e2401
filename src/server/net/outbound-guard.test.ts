// The outbound-address guard: which addresses deliveries may reach, and the checks made when a webhook is saved.

import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { postWebhook } from "./guarded-post";
import { forbiddenReason, resolveGuarded, webhookUrlProblem } from "./outbound-guard";

// IANA's special-purpose address registries, every entry whose "Globally Reachable" is False (or N/A, where
// the answer depends on an embedded address: those are tested below), as published at
// https://www.iana.org/assignments/iana-ipv4-special-registry and .../iana-ipv6-special-registry.
const IANA_IPV4_NOT_GLOBAL: [string, string][] = [
  ["0.0.0.0/8", "This network"],
  ["0.0.0.0/32", "This host on this network"],
  ["10.0.0.0/8", "Private-Use"],
  ["100.64.0.0/10", "Shared Address Space"],
  ["127.0.0.0/8", "Loopback"],
  ["169.254.0.0/16", "Link Local"],
  ["172.16.0.0/12", "Private-Use"],
  ["192.0.0.0/24", "IETF Protocol Assignments"],
  ["192.0.0.0/29", "IPv4 Service Continuity Prefix"],
  ["192.0.0.8/32", "IPv4 dummy address"],
  ["192.0.0.170/32", "NAT64/DNS64 Discovery"],
  ["192.0.0.171/32", "NAT64/DNS64 Discovery"],
  ["192.0.2.0/24", "Documentation (TEST-NET-1)"],
  ["192.88.99.0/24", "Deprecated (6to4 Relay Anycast)"],
  ["192.168.0.0/16", "Private-Use"],
  ["198.18.0.0/15", "Benchmarking"],
  ["198.51.100.0/24", "Documentation (TEST-NET-2)"],
  ["203.0.113.0/24", "Documentation (TEST-NET-3)"],
  ["240.0.0.0/4", "Reserved"],
  ["255.255.255.255/32", "Limited Broadcast"],
];
const IANA_IPV6_NOT_GLOBAL: [string, string][] = [
  ["::1/128", "Loopback Address"],
  ["::/128", "Unspecified Address"],
  ["::ffff:0:0/96", "IPv4-mapped Address"],
  ["64:ff9b:1::/48", "IPv4-IPv6 Translat. (local use)"],
  ["100::/64", "Discard-Only Address Block"],
  ["100:0:0:1::/64", "Dummy IPv6 Prefix"],
  ["2001::/23", "IETF Protocol Assignments"],
  ["2001::/32", "TEREDO"],
  ["2001:2::/48", "Benchmarking"],
  ["2001:10::/28", "Deprecated (previously ORCHID)"],
  ["2001:db8::/32", "Documentation"],
  ["3fff::/20", "Documentation"],
  ["5f00::/16", "Segment Routing (SRv6) SIDs"],
  ["fc00::/7", "Unique-Local"],
  ["fe80::/10", "Link-Local Unicast"],
];
/** Globally reachable exceptions inside the not-reachable blocks above (IANA lists them separately). */
const IANA_GLOBAL_EXCEPTIONS = [
  "192.0.0.9",
  "192.0.0.10",
  "2001:1::1",
  "2001:1::2",
  "2001:1::3",
  "2001:3::",
  "2001:4:112::",
  "2001:20::",
  "2001:30::",
];

/** The first, last and a middle address of a block (the "IPv4-mapped" blocks are checked by their embedded address). */
function samples(cidr: string): string[] {
  const [net, prefix] = ipaddr.parseCIDR(cidr);
  const bytes = net.toByteArray();
  const first = [...bytes];
  const last = bytes.map((b, i) => {
    const hostBits = Math.min(8, Math.max(0, (i + 1) * 8 - prefix));
    return b | ((1 << hostBits) - 1);
  });
  const middle = first.map((b, i) => (i === bytes.length - 1 && prefix < bytes.length * 8 ? b | 1 : b));
  return [first, middle, last].map((b) => ipaddr.fromByteArray(b).toString());
}

describe("IANA special-purpose addresses that are not globally reachable", () => {
  const exceptions = IANA_GLOBAL_EXCEPTIONS.map((a) => ipaddr.parse(a).toString());
  it.each([...IANA_IPV4_NOT_GLOBAL, ...IANA_IPV6_NOT_GLOBAL])("refuses %s (%s)", (cidr) => {
    for (const address of samples(cidr)) {
      if (exceptions.includes(address)) continue;
      expect(forbiddenReason(address), address).toBeDefined();
    }
  });

  it.each([
    ["168.63.129.16", "Azure"],
    ["169.254.169.254", "link-local"],
    ["::ffff:169.254.169.254", "link-local"],
  ])("refuses the cloud hosts' own endpoint %s", (address, fragment) => {
    expect(forbiddenReason(address)).toContain(fragment);
  });

  // Each form carries an IPv4 address; the IPv6 address is as forbidden as the IPv4 one it carries.
  const embeddings: [string, (v4: string) => string][] = [
    ["IPv4-mapped ::ffff:0:0/96", (v4) => `::ffff:${v4}`],
    ["IPv4-translated ::ffff:0:0:0/96", (v4) => `::ffff:0:${v4}`],
    ["IPv4-compatible ::/96", (v4) => `::${v4}`],
    ["NAT64 64:ff9b::/96", (v4) => `64:ff9b::${v4}`],
    [
      "6to4 2002::/16",
      (v4) => {
        const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
        return `2002:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}::1`;
      },
    ],
  ];
  const internal = [
    "127.0.0.1",
    "10.0.0.1",
    "169.254.169.254",
    "168.63.129.16",
    "192.168.1.1",
    "100.64.0.1",
    "0.0.0.0",
  ];
  it.each(embeddings)("refuses internal IPv4 addresses in the %s form", (_name, embed) => {
    for (const v4 of internal) expect(forbiddenReason(embed(v4)), embed(v4)).toBeDefined();
  });
  it.each(embeddings)("judges the %s form by the IPv4 address it carries", (_name, embed) => {
    expect(forbiddenReason(embed("8.8.8.8"))).toBeUndefined();
  });
  it("refuses the forms the outside probe used, written as hex groups", () => {
    expect(forbiddenReason("::ffff:0:7f00:1")).toContain("loopback");
    expect(forbiddenReason("::ffff:0:a00:1")).toContain("private");
  });
  it("refuses every Teredo address (its client address is obfuscated, its server is anyone's)", () => {
    // Server 65.54.227.120, client 127.0.0.1 (XOR 0xffffffff), and a public-looking one.
    expect(forbiddenReason("2001:0:4136:e378:8000:63bf:80ff:fffe")).toContain("Teredo");
    expect(forbiddenReason("2001:0:4136:e378:8000:63bf:f7f7:f7f7")).toContain("Teredo");
  });
});

describe("ports", () => {
  const strict = { allowHttp: true, allowPrivateAddresses: false };
  it.each([
    "https://hooks.example.com/",
    "http://hooks.example.com/",
    "https://hooks.example.com:8443/",
    "https://hooks.example.com:1024/",
  ])("accepts %s", (url) => {
    expect(webhookUrlProblem(url, strict)).toBeUndefined();
  });
  it.each([
    "https://hooks.example.com:22/",
    "https://hooks.example.com:25/",
    "http://hooks.example.com:6/",
    "https://hooks.example.com:1023/",
  ])("refuses %s", (url) => {
    expect(webhookUrlProblem(url, strict)).toContain("ports 80, 443 or 1024 and above");
  });
  it("allows any port when the operator allows private addresses", () => {
    expect(
      webhookUrlProblem("http://127.0.0.1:25/", { allowHttp: true, allowPrivateAddresses: true }),
    ).toBeUndefined();
  });
  it("refuses a low port at delivery too, before resolving or connecting", async () => {
    let resolved = false;
    const result = await postWebhook(
      "https://hooks.example.com:25/",
      "{}",
      {},
      {
        timeoutMs: 1_000,
        allowPrivateAddresses: false,
        resolve: async () => {
          resolved = true;
          return [{ address: "93.184.216.34", family: 4 }];
        },
      },
    );
    expect(result).toMatchObject({ refused: true, statusCode: null });
    expect(result.error).toContain("port 25");
    expect(resolved).toBe(false);
  });
});

describe("forbiddenReason", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "100.100.100.200",
    "169.254.169.254",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fc00::1",
    "fd00:ec2::254",
    "fe80::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
    "2002:0a00:0001::1",
  ])("refuses %s", (address) => {
    expect(forbiddenReason(address)).toBeDefined();
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "allows the public address %s",
    (address) => {
      expect(forbiddenReason(address)).toBeUndefined();
    },
  );

  it("names what is wrong", () => {
    expect(forbiddenReason("169.254.169.254")).toContain("link-local");
    expect(forbiddenReason("10.0.0.1")).toContain("private");
    expect(forbiddenReason("::1")).toBe("loopback");
  });
});

describe("resolveGuarded", () => {
  const resolve = async (host: string) =>
    host === "mixed.example"
      ? [
          { address: "93.184.216.34", family: 4 as const },
          { address: "10.0.0.7", family: 4 as const },
        ]
      : [{ address: "93.184.216.34", family: 4 as const }];

  it("refuses a name when any of its addresses is internal", async () => {
    await expect(resolveGuarded("mixed.example", { allowPrivateAddresses: false, resolve })).rejects.toThrow(
      /mixed\.example resolves to 10\.0\.0\.7/,
    );
    await expect(resolveGuarded("ok.example", { allowPrivateAddresses: false, resolve })).resolves.toEqual({
      address: "93.184.216.34",
      family: 4,
    });
  });

  it("takes IP literals as they are, brackets and all, and lets the operator allow private ones", async () => {
    await expect(resolveGuarded("[::1]", { allowPrivateAddresses: false })).rejects.toThrow(/loopback/);
    await expect(resolveGuarded("127.0.0.1", { allowPrivateAddresses: true })).resolves.toEqual({
      address: "127.0.0.1",
      family: 4,
    });
  });
});

describe("webhookUrlProblem", () => {
  const strict = { allowHttp: false, allowPrivateAddresses: false };
  it("accepts an absolute https address", () => {
    expect(webhookUrlProblem("https://hooks.example.com/t49?x=1#frag", strict)).toBeUndefined();
  });
  it.each([
    ["hooks.example.com/path", "absolute"],
    ["http://hooks.example.com/", "https"],
    ["ftp://hooks.example.com/", "https"],
    ["https://user:pass@hooks.example.com/", "user name or password"],
    ["https://localhost/", "loopback"],
    ["https://app.localhost/", "loopback"],
    ["https://127.0.0.1/", "loopback"],
    ["https://2130706433/", "loopback"],
    ["https://[::1]/", "loopback"],
    ["https://169.254.169.254/latest/meta-data", "link-local"],
    ["https://10.0.0.5/", "private"],
  ])("refuses %s", (url, fragment) => {
    expect(webhookUrlProblem(url, strict)).toContain(fragment);
  });
  it("accepts http and private addresses only when the operator allows them", () => {
    expect(
      webhookUrlProblem("http://127.0.0.1:8080/", { allowHttp: true, allowPrivateAddresses: true }),
    ).toBeUndefined();
    expect(
      webhookUrlProblem("http://127.0.0.1:8080/", { allowHttp: true, allowPrivateAddresses: false }),
    ).toContain("loopback");
  });
});
