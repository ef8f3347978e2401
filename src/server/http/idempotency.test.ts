// Service tests of the Idempotency-Key header on POSTs (issue 30 item 10): a retry gets the first answer and
// creates nothing more; the same key with another request is a 422; a key whose request is still running is a 409
// until its lease runs out; a refused request frees its key; keys are one account's and forgotten after 24 hours;
// a creation whose answer was lost in a crash is found by the retry; kept answers are sealed under SECRETS_KEY.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimIdempotencyKey, recordIdempotentSubject } from "../db/idempotency-keys";
import { idempotencyKeys } from "../db/schema";
import { prunePeopleTables } from "../people/retention";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";
import { sandboxNumber } from "../tracking/sandbox/network";
import { fingerprintOf, KEY_LEASE_MS } from "./idempotency";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

let seed = 0;
const newRequest = () => ({
  data: {
    type: "tracking_request",
    attributes: {
      request_type: "bill_of_lading",
      request_number: sandboxNumber("MAEU", 4_200 + seed++),
      scac: "MAEU",
    },
  },
});

function post(apiKey: string, body: unknown, key?: string, path = "/v2/tracking_requests") {
  return h.request(apiKey, path, {
    method: "POST",
    json: body,
    headers: key === undefined ? {} : { "Idempotency-Key": key },
  });
}

async function requestCount(apiKey: string): Promise<number> {
  const list = await (await h.request(apiKey, "/v2/tracking_requests?page[size]=100")).json();
  return list.data.length;
}

const freshKey = () => `key-${randomBytes(8).toString("hex")}`;

/** The claim a process leaves when it dies while handling a POST of `body` to /v2/tracking_requests with `key`. */
async function claimAsADeadProcess(accountId: string, key: string, body: unknown) {
  const request = new Request("http://localhost/v2/tracking_requests", {
    method: "POST",
    body: JSON.stringify(body),
  });
  const fingerprint = await fingerprintOf(request, "/v2/tracking_requests");
  await claimIdempotencyKey(h.db, accountId, key, fingerprint, h.clock.now(), new Date(0));
}

describe("Idempotency-Key on POST", () => {
  it("answers a retry with the first answer, marked as replayed, and creates nothing more", async () => {
    const { apiKey } = await h.newAccount();
    const body = newRequest();
    const key = freshKey();
    const first = await post(apiKey, body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const created = await first.json();

    const again = await post(apiKey, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toMatch(/json/);
    expect(await again.json()).toEqual(created);
    expect(await requestCount(apiKey)).toBe(1);

    // Without the header, the same body is a request of its own (the hosted API's duplicate, failed as such).
    expect((await post(apiKey, body)).status).toBe(201);
    expect(await requestCount(apiKey)).toBe(2);
  });

  it("refuses the same key with another body or path with a 422 naming the header, and keeps the first", async () => {
    const { apiKey } = await h.newAccount();
    const key = freshKey();
    expect((await post(apiKey, newRequest(), key)).status).toBe(201);
    for (const refused of [
      await post(apiKey, newRequest(), key),
      await post(apiKey, { number: "MAEU123456789" }, key, "/v2/tracking_requests/infer_number"),
    ]) {
      expect(refused.status).toBe(422);
      const { errors } = await refused.json();
      expect(errors[0]).toMatchObject({
        code: "idempotency_key_reused",
        source: { header: "Idempotency-Key" },
      });
      expect(errors[0].detail).toContain(key);
    }
    expect(await requestCount(apiKey)).toBe(1);
  });

  it("frees the key of a refused request, so that the corrected request can use it", async () => {
    const { apiKey } = await h.newAccount();
    const key = freshKey();
    const wrong = newRequest();
    wrong.data.attributes.scac = "NOPE";
    expect((await post(apiKey, wrong, key)).status).toBe(422);
    const fixed = await post(apiKey, newRequest(), key);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
    expect(await requestCount(apiKey)).toBe(1);
  });

  it("is one account's: another account's same key is its own", async () => {
    const one = await h.newAccount();
    const other = await h.newAccount();
    const key = freshKey();
    const a = await (await post(one.apiKey, newRequest(), key)).json();
    const second = await post(other.apiKey, newRequest(), key);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect((await second.json()).data.id).not.toBe(a.data.id);
    expect(await requestCount(other.apiKey)).toBe(1);
  });

  it("says 400 for a key that is not 1 to 255 visible ASCII characters", async () => {
    const { apiKey } = await h.newAccount();
    for (const key of ["x".repeat(256), "two words", "clé"]) {
      const response = await h.request(apiKey, "/v2/tracking_requests", {
        method: "POST",
        json: newRequest(),
        headers: { "Idempotency-Key": key },
      });
      expect(response.status).toBe(400);
      const { errors } = await response.json();
      expect(errors[0]).toMatchObject({
        code: "invalid_idempotency_key",
        source: { header: "Idempotency-Key" },
      });
    }
    expect(await requestCount(apiKey)).toBe(0);
  });

  it("answers 409 with Retry-After while another request holds the key, and takes it over once that one is silent past its lease", async () => {
    const { apiKey, account } = await h.newAccount();
    const body = newRequest();
    const key = freshKey();
    // What a process that died while handling the request leaves: the claim, nothing created, no answer.
    await claimAsADeadProcess(account.id, key, body);

    const busy = await post(apiKey, body, key);
    expect(busy.status).toBe(409);
    expect(Number(busy.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await busy.json()).errors[0]).toMatchObject({ code: "idempotency_key_in_use" });
    expect(await requestCount(apiKey)).toBe(0);

    h.clock.advance(KEY_LEASE_MS + 1_000);
    const retried = await post(apiKey, body, key);
    expect(retried.status).toBe(201);
    expect(await requestCount(apiKey)).toBe(1);
    expect((await post(apiKey, body, key)).headers.get("idempotent-replayed")).toBe("true");
  });

  it("notes what a creation made in its own transaction, and a retry after a crash before the answer finds it", async () => {
    const { apiKey, account } = await h.newAccount();
    const body = newRequest();
    const key = freshKey();
    const created = await (await post(apiKey, body, key)).json();
    const [row] = await h.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({ subjectType: "tracking_request", subjectId: created.data.id, status: 201 });

    // A crash between the commit and the answer: the claim and what was created, no answer kept.
    const lostKey = freshKey();
    await claimAsADeadProcess(account.id, lostKey, body);
    await recordIdempotentSubject(h.db, account.id, lostKey, {
      type: "tracking_request",
      id: created.data.id,
    });
    h.clock.advance(KEY_LEASE_MS + 1_000);

    const retried = await post(apiKey, body, lostKey);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect((await retried.json()).data.id).toBe(created.data.id);
    expect(await requestCount(apiKey)).toBe(1);
  });

  it("forgets a key 24 hours after its first use, and the hourly pass prunes it", async () => {
    const { apiKey } = await h.newAccount();
    const key = freshKey();
    expect((await post(apiKey, newRequest(), key)).status).toBe(201);
    h.clock.advance(24 * 3_600_000 + 1_000);
    const later = await post(apiKey, newRequest(), key);
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await requestCount(apiKey)).toBe(2);

    h.clock.advance(24 * 3_600_000 + 1_000);
    await prunePeopleTables(h.db, 400, h.clock.now());
    expect(await h.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });
});

/** Creates an API key as the account's owner, signed in, with the Idempotency-Key given. */
async function createApiKey(harness: Harness, cookie: string, key: string) {
  return asPerson(harness, cookie, "/v2/api_keys", {
    method: "POST",
    json: { data: { attributes: { name: "CI", scope: "read_only", expires_at: null } } },
    headers: { "Idempotency-Key": key },
  });
}

describe("answers that hold a secret", () => {
  it("without SECRETS_KEY a new API key's answer is not kept (its token is never stored in clear): a retry makes another", async () => {
    const { account } = await h.newAccount();
    const cookie = await personCookie(
      h,
      account.id,
      `owner.${randomBytes(4).toString("hex")}@keys.example`,
      "owner",
    );
    const key = freshKey();
    const first = await (await createApiKey(h, cookie, key)).json();
    const second = await createApiKey(h, cookie, key);
    expect(second.status).toBe(201);
    expect((await second.json()).data.id).not.toBe(first.data.id);
    expect(await h.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });

  it("with SECRETS_KEY answers are kept sealed and replayed opened, the token too", async () => {
    const sealed = await createHarness({ secretsKey: randomBytes(32) });
    try {
      const { account } = await sealed.newAccount();
      const cookie = await personCookie(sealed, account.id, "owner@sealed.example", "owner");
      const key = freshKey();
      const first = await createApiKey(sealed, cookie, key);
      expect(first.status).toBe(201);
      const text = await first.text();
      const token = JSON.parse(text).data.attributes.key as string;
      expect(token).toMatch(/^trk_/);
      const [row] = await sealed.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(row!.body).toMatch(/^v1:/);
      expect(row!.body).not.toContain(token);

      const again = await createApiKey(sealed, cookie, key);
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await again.text()).toBe(text);
    } finally {
      await sealed.close();
    }
  });
});
