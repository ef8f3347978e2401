// Service tests of the account's inbound email address: GET /v2/account and /v2/users/me show it (the hosted
// shape's `inbound_email_address`), it is the one /v2/inbound_email shows and rotates, each account has its own, a
// service that takes no mail in shows null and makes no token, and the settings refuse bad input with nothing kept.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboundEmailSettings } from "../db/schema";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";

const DOMAIN = "in.boxtrack.test";
let h: Harness;
let off: Harness;

beforeAll(async () => {
  [h, off] = await Promise.all([
    createHarness({
      config: {
        inboundMail: {
          port: 0,
          host: "127.0.0.1",
          domain: DOMAIN,
          limits: { messageBytes: 1024 * 1024, attachments: 5, messagesPerHour: 10 },
        },
      },
    }),
    createHarness(),
  ]);
});
afterAll(async () => {
  await Promise.all([h.close(), off.close()]);
});

const attributesOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await response.json()).data.attributes;
};

describe("the account's inbound email address", () => {
  it("is on GET /v2/account, the same as /v2/inbound_email's, and another account has its own", async () => {
    const a = await h.newAccount();
    const b = await h.newAccount();
    const account = await attributesOf(await h.request(a.apiKey, "/v2/account"));
    expect(account.inbound_email_address).toMatch(
      new RegExp(`^[a-z0-9]{20}@${DOMAIN.replaceAll(".", "\\.")}$`),
    );
    const settings = await attributesOf(await h.request(a.apiKey, "/v2/inbound_email"));
    expect(settings.address).toBe(account.inbound_email_address);
    const other = await attributesOf(await h.request(b.apiKey, "/v2/account"));
    expect(other.inbound_email_address).not.toBe(account.inbound_email_address);
    // Asking again does not make a new one.
    expect((await attributesOf(await h.request(a.apiKey, "/v2/account"))).inbound_email_address).toBe(
      account.inbound_email_address,
    );
  });

  it("changes everywhere when rotated, and a person sees it on /v2/users/me's account too", async () => {
    const a = await h.newAccount();
    const before = (await attributesOf(await h.request(a.apiKey, "/v2/account"))).inbound_email_address;
    const rotated = await h.request(a.apiKey, "/v2/inbound_email/rotate", { method: "POST" });
    const after = (await attributesOf(rotated)).address;
    expect(after).not.toBe(before);
    expect((await attributesOf(await h.request(a.apiKey, "/v2/account"))).inbound_email_address).toBe(after);

    const cookie = await personCookie(h, a.account.id, `viewer-${randomUUID()}@example.com`, "viewer");
    const me = await asPerson(h, cookie, "/v2/users/me");
    expect(me.status).toBe(200);
    const included = (await me.json()).included.find((r: { type: string }) => r.type === "account");
    expect(included.attributes.inbound_email_address).toBe(after);
  });

  it("is null where the service takes no mail in, and no token is made for it", async () => {
    const a = await off.newAccount();
    const account = await attributesOf(await off.request(a.apiKey, "/v2/account"));
    expect(account.inbound_email_address).toBeNull();
    expect(
      await off.db
        .select()
        .from(inboundEmailSettings)
        .where(eq(inboundEmailSettings.accountId, a.account.id)),
    ).toEqual([]);
    expect((await attributesOf(await off.request(a.apiKey, "/v2/inbound_email"))).address).toBeNull();
  });

  it("keeps its settings when a change is refused, naming the attribute that was wrong", async () => {
    const a = await h.newAccount();
    const good = await h.request(a.apiKey, "/v2/inbound_email", {
      method: "PATCH",
      json: { data: { attributes: { allowed_sender_domains: ["Forwarder.Example"] } } },
    });
    expect((await attributesOf(good)).allowed_sender_domains).toEqual(["forwarder.example"]);
    const bad = await h.request(a.apiKey, "/v2/inbound_email", {
      method: "PATCH",
      json: {
        data: { attributes: { allowed_sender_domains: ["not a domain"], auto_track_document_types: ["x"] } },
      },
    });
    expect(bad.status).toBe(422);
    const errors = (await bad.json()).errors;
    expect(errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(
      "/data/attributes/allowed_sender_domains/0",
    );
    const kept = await attributesOf(await h.request(a.apiKey, "/v2/inbound_email"));
    expect(kept.allowed_sender_domains).toEqual(["forwarder.example"]);
    expect(kept.auto_track_document_types).toEqual([]);
  });
});
