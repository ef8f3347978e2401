// Service tests of the activity log: the changes the issue lists are recorded with actor, address and time
// (webhooks, tracking requests, shipment and container edits, stops, keys, invitations, sign-ins), the filters and
// keyset pages of GET /v2/activity, and who sees what (admins the whole log, members their own entries).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let accountId: string;
let apiKey: string;
let owner: string;
let member: string;

type Entry = {
  id: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: unknown }>;
};
const log = async (cookie: string, query = "") =>
  (await (await asPerson(h, cookie, `/v2/activity${query}`)).json()) as {
    data: Entry[];
    meta: { total: number };
    links: { next?: string };
  };

beforeAll(async () => {
  h = await createHarness({
    config: { trustProxy: true },
    webhooks: { allowHttp: true, allowPrivateAddresses: true },
  });
  ({
    account: { id: accountId },
    apiKey,
  } = await h.newAccount("Logged Co"));
  owner = await personCookie(h, accountId, "lena@logged.example", "owner");
  member = await personCookie(h, accountId, "mark@logged.example", "member");
});
afterAll(() => h.close());

describe("the activity log", () => {
  it("records changes by people and keys, with actor, address and time", async () => {
    const headers = {
      "x-forwarded-for": "198.51.100.77",
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120",
    };
    const { shipment, containers } = await insertShipment(h.db, accountId);
    await asPerson(h, member, `/v2/shipments/${shipment.id}`, {
      method: "PATCH",
      headers,
      json: { data: { attributes: { tags: ["hot"] } } },
    });
    await asPerson(h, member, `/v2/containers/${containers[0]!.id}`, {
      method: "PATCH",
      headers,
      json: { data: { attributes: { ref_numbers: ["R1"] } } },
    });
    await asPerson(h, member, `/v2/shipments/${shipment.id}/stop_tracking`, { method: "PATCH", headers });
    await asPerson(h, member, `/v2/shipments/${shipment.id}/resume_tracking`, { method: "PATCH", headers });
    const webhook = await h.request(apiKey, "/v2/webhooks", {
      method: "POST",
      json: {
        data: { attributes: { url: "http://127.0.0.1:9/hook", events: ["tracking_request.succeeded"] } },
      },
    });
    expect(webhook.status).toBe(201);
    const webhookId = (await webhook.json()).data.id;
    await h.request(apiKey, `/v2/webhooks/${webhookId}`, {
      method: "PATCH",
      json: { data: { attributes: { active: false } } },
    });
    await h.request(apiKey, `/v2/webhooks/${webhookId}`, { method: "DELETE" });
    const tracked = await h.request(apiKey, "/v2/tracking_requests", {
      method: "POST",
      json: {
        data: {
          type: "tracking_request",
          attributes: { request_type: "bill_of_lading", request_number: "MAEU123456789", scac: "MAEU" },
        },
      },
    });
    expect(tracked.status).toBe(201);

    const { data } = await log(owner, "?page[size]=100");
    const kinds = data.map((e) => e.attributes.kind);
    for (const kind of [
      "session.signed_in",
      "shipment.updated",
      "container.updated",
      "shipment.tracking_stopped",
      "shipment.tracking_resumed",
      "webhook.created",
      "webhook.updated",
      "webhook.deleted",
      "tracking_request.created",
    ])
      expect(kinds, kind).toContain(kind);
    const stop = data.find((e) => e.attributes.kind === "shipment.tracking_stopped")!;
    expect(stop.attributes).toMatchObject({
      actor_type: "user",
      actor_name: "mark",
      ip_address: "198.51.100.77",
      subject_type: "shipment",
      subject_id: shipment.id,
    });
    expect(stop.attributes.summary).toMatch(/^mark stopped tracking MAEU/);
    expect(stop.relationships.user?.data).toMatchObject({ type: "user" });
    const created = data.find((e) => e.attributes.kind === "webhook.created")!;
    expect(created.attributes.actor_type).toBe("api_key");
    expect(created.relationships.api_key?.data).toMatchObject({ type: "api_key" });
    // Newest first.
    const times = data.map((e) => Date.parse(e.attributes.occurred_at as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("filters by actor, kind and time, and pages by keyset without repeating an entry", async () => {
    const byKind = await log(owner, "?filter[kind]=webhook.created,webhook.deleted");
    expect(byKind.data.map((e) => e.attributes.kind).sort()).toEqual(["webhook.created", "webhook.deleted"]);
    const keys = await log(owner, "?filter[actor_type]=api_key");
    expect(keys.data.every((e) => e.attributes.actor_type === "api_key")).toBe(true);
    const none = await log(owner, "?filter[occurred_at][end]=2000-01-01T00:00:00Z");
    expect(none.meta.total).toBe(0);
    const all = await log(owner, "?page[size]=100");
    const seen: string[] = [];
    let next: string | undefined = "/v2/activity?page[size]=3";
    while (next) {
      const url = new URL(next, "http://localhost");
      const page = await log(owner, url.search);
      seen.push(...page.data.map((e) => e.id));
      next = page.data.length === 3 ? page.links.next : undefined;
    }
    expect(seen).toEqual(all.data.map((e) => e.id));
    const bad = await asPerson(h, owner, "/v2/activity?filter[kind]=nonsense");
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].source).toEqual({ parameter: "filter[kind]" });
  });

  it("shows admins the whole account's log and members only their own entries", async () => {
    const mine = await log(member, "?page[size]=100");
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((e) => e.attributes.actor_name === "mark")).toBe(true);
    const everyone = await log(owner, "?page[size]=100");
    expect(everyone.data.some((e) => e.attributes.actor_name === "lena")).toBe(true);
    expect(everyone.meta.total).toBeGreaterThan(mine.meta.total);
    // Another account's admin sees none of it.
    const other = await h.newAccount("Other Co");
    const stranger = await personCookie(h, other.account.id, "sid@other.example", "owner");
    const theirs = await log(stranger, "?page[size]=100");
    expect(theirs.data.every((e) => e.attributes.actor_name === "sid")).toBe(true);
  });
});
