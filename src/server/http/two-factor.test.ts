// Service tests of two-factor sign-in: enrol a TOTP secret (codes computed here with node:crypto, RFC 6238), sign
// in with a code, with a recovery code once, and an account that requires two-factor sending a person without it
// to enrol first (403 two_factor_enrollment_required on everything but who they are, the account and their
// sessions) and keeping it from turning two-factor off again.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, activities } from "../db/schema";
import {
  asPerson,
  OWN_ORIGIN,
  personCookie,
  sessionCookieOf,
  signIn,
  TEST_PASSWORD,
} from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";

/** RFC 6238 TOTP: HMAC-SHA1 over the 30-second step, dynamic truncation, six digits. */
function totp(secretBase32: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of secretBase32.replace(/=+$/, "").toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, "0");
}

let h: Harness;
let accountId: string;

const post = (cookie: string, path: string, body: unknown) =>
  h.app.request(`http://localhost/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: OWN_ORIGIN },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  h = await createHarness();
  ({
    account: { id: accountId },
  } = await h.newAccount("Second Factor Co"));
});
afterAll(() => h.close());

describe("two-factor sign-in", () => {
  it("enrols TOTP, then asks for a code at sign-in and signs in with one, or with a recovery code once", async () => {
    const cookie = await personCookie(h, accountId, "tess@2fa.example", "owner");
    const enable = await post(cookie, "/two-factor/enable", { password: TEST_PASSWORD });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const secret = new URL(totpURI).searchParams.get("secret")!;
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    const verify = await post(cookie, "/two-factor/verify-totp", { code: totp(secret) });
    expect(verify.status).toBe(200);
    // Enrolling starts a new session (the library's choice): the person goes on with its cookie.
    const enrolled = sessionCookieOf(verify) || cookie;
    expect(
      (await (await asPerson(h, enrolled, "/v2/users/me")).json()).data.attributes.two_factor_enabled,
    ).toBe(true);

    // A password alone no longer signs in: the answer asks for the second factor and sets no session.
    const first = await signIn(h, "tess@2fa.example");
    expect(first.response.status).toBe(200);
    expect(await first.response.json()).toMatchObject({ twoFactorRedirect: true });
    expect(first.cookie).toBe("");
    const challenge = first.response.headers
      .getSetCookie()
      .find((c) => c.includes("two_factor"))!
      .split(";")[0]!;
    const wrong = await post(challenge, "/two-factor/verify-totp", {
      code: "000000" === totp(secret) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(401);
    const code = await post(challenge, "/two-factor/verify-totp", { code: totp(secret) });
    expect(code.status).toBe(200);
    const signedIn = sessionCookieOf(code);
    expect((await asPerson(h, signedIn, "/v2/shipments")).status).toBe(200);

    const again = await signIn(h, "tess@2fa.example");
    const challenge2 = again.response.headers
      .getSetCookie()
      .find((c) => c.includes("two_factor"))!
      .split(";")[0]!;
    const recovery = await post(challenge2, "/two-factor/verify-backup-code", { code: backupCodes[0] });
    expect(recovery.status).toBe(200);
    const third = await signIn(h, "tess@2fa.example");
    const challenge3 = third.response.headers
      .getSetCookie()
      .find((c) => c.includes("two_factor"))!
      .split(";")[0]!;
    expect(
      (await post(challenge3, "/two-factor/verify-backup-code", { code: backupCodes[0] })).status,
    ).not.toBe(200);

    const log = (await h.db.select().from(activities))
      .filter((a) => a.accountId === accountId)
      .map((a) => a.kind);
    expect(log).toContain("two_factor.enabled");
    expect(log.filter((k) => k === "session.signed_in").length).toBeGreaterThanOrEqual(3);
  });

  it("sends a person of an account that requires two-factor to enrol before anything else works", async () => {
    const memberCookie = await personCookie(h, accountId, "mo@2fa.example", "member");
    // The setting as PATCH /v2/account writes it (the last test goes through the API).
    await h.db.update(accounts).set({ requireTwoFactor: true }).where(eq(accounts.id, accountId));
    const refused = await asPerson(h, memberCookie, "/v2/shipments");
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors[0]).toMatchObject({ code: "two_factor_enrollment_required" });
    expect((await asPerson(h, memberCookie, "/v2/users/me")).status).toBe(200);
    expect((await asPerson(h, memberCookie, "/v2/sessions")).status).toBe(200);
    // The account too (its name, and that it requires two-factor), which the dashboard frames every page with.
    const account = await asPerson(h, memberCookie, "/v2/account");
    expect(account.status).toBe(200);
    expect((await account.json()).data.attributes.require_two_factor).toBe(true);
    expect(
      (
        await asPerson(h, memberCookie, "/v2/account", {
          method: "PATCH",
          json: { data: { attributes: { company_name: "Nope" } } },
        })
      ).status,
    ).toBe(403);
    // Enrolling lets them through.
    const enable = await post(memberCookie, "/two-factor/enable", { password: TEST_PASSWORD });
    const secret = new URL(((await enable.json()) as { totpURI: string }).totpURI).searchParams.get(
      "secret",
    )!;
    const verified = await post(memberCookie, "/two-factor/verify-totp", { code: totp(secret) });
    expect(verified.status).toBe(200);
    expect((await asPerson(h, sessionCookieOf(verified) || memberCookie, "/v2/shipments")).status).toBe(200);
  });

  it("lets an owner require two-factor through the API only once they have it", async () => {
    const { account } = await h.newAccount("Strict Co");
    const cookie = await personCookie(h, account.id, "sol@strict.example", "owner");
    const early = await asPerson(h, cookie, "/v2/account", {
      method: "PATCH",
      json: { data: { attributes: { require_two_factor: true } } },
    });
    expect(early.status).toBe(422);
    expect((await early.json()).errors[0].source).toEqual({ pointer: "/data/attributes/require_two_factor" });
    const enable = await post(cookie, "/two-factor/enable", { password: TEST_PASSWORD });
    const secret = new URL(((await enable.json()) as { totpURI: string }).totpURI).searchParams.get(
      "secret",
    )!;
    const verified = await post(cookie, "/two-factor/verify-totp", { code: totp(secret) });
    const done = await asPerson(h, sessionCookieOf(verified) || cookie, "/v2/account", {
      method: "PATCH",
      json: { data: { attributes: { require_two_factor: true } } },
    });
    expect(done.status).toBe(200);
    expect((await done.json()).data.attributes.require_two_factor).toBe(true);

    // Now it cannot be turned off, by the owner nor anyone of the account, until the account stops requiring it.
    const owner = sessionCookieOf(verified) || cookie;
    const refused = await post(owner, "/two-factor/disable", { password: TEST_PASSWORD });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe("TWO_FACTOR_REQUIRED_BY_ACCOUNT");
    expect(body.message).toContain("Strict Co requires two-factor sign-in");
    expect((await asPerson(h, owner, "/v2/users/me").then((r) => r.json())).data.attributes).toMatchObject({
      two_factor_enabled: true,
    });
    const kinds = (await h.db.select().from(activities))
      .filter((a) => a.accountId === account.id)
      .map((a) => a.kind);
    expect(kinds).not.toContain("two_factor.disabled");

    await asPerson(h, owner, "/v2/account", {
      method: "PATCH",
      json: { data: { attributes: { require_two_factor: false } } },
    });
    const allowed = await post(owner, "/two-factor/disable", { password: TEST_PASSWORD });
    expect(allowed.status).toBe(200);
    expect(
      (await asPerson(h, sessionCookieOf(allowed) || owner, "/v2/users/me").then((r) => r.json())).data
        .attributes,
    ).toMatchObject({
      two_factor_enabled: false,
    });
  });
});
