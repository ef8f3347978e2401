// The outbound-address guard: which addresses deliveries may reach, and the checks made when a webhook is saved.
import { describe, expect, it } from "vitest";
import { forbiddenReason, resolveGuarded, webhookUrlProblem } from "./address-guard";

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
