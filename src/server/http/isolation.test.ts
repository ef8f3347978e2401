// Service tests: one account never sees or changes another account's data; its ids read as 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let ownKey: string;
let otherKey: string;
let other: Awaited<ReturnType<typeof insertShipment>>;
let ownAccountId: string;
let otherAccountId: string;

beforeAll(async () => {
  h = await createHarness();
  const own = await h.newAccount("Own Co");
  const stranger = await h.newAccount("Stranger Co");
  ownKey = own.apiKey;
  otherKey = stranger.apiKey;
  ownAccountId = own.account.id;
  otherAccountId = stranger.account.id;
  await insertShipment(h.db, own.account.id, {
    billOfLading: "MAEU100200300",
    containerNumbers: ["MSKU5550001"],
  });
  other = await insertShipment(h.db, stranger.account.id, {
    billOfLading: "MAEU900800700",
    refNumbers: ["SECRET-PO"],
    containerNumbers: ["TGHU9990001"],
    tags: ["theirs"],
  });
});
afterAll(() => h.close());

describe("account isolation", () => {
  it("lists only the caller's shipments and containers, whatever the search", async () => {
    for (const path of [
      "/v2/shipments",
      "/v2/shipments?q=MAEU900800700",
      "/v2/shipments?q=SECRET",
      "/v2/shipments?q=TGHU999",
    ]) {
      const body = await (await h.request(ownKey, path)).json();
      const numbers = body.data.map(
        (s: { attributes: { bill_of_lading_number: string } }) => s.attributes.bill_of_lading_number,
      );
      expect(numbers, path).not.toContain("MAEU900800700");
    }
    const containers = await (await h.request(ownKey, "/v2/containers?page[size]=100")).json();
    expect(containers.data.map((c: { attributes: { number: string } }) => c.attributes.number)).toEqual([
      "MSKU5550001",
    ]);
    const search = await (await h.request(ownKey, "/v2/containers?q=TGHU")).json();
    expect(search.meta.total).toBe(0);
  });

  it("answers every route with another account's id exactly like an unknown id", async () => {
    const shipmentId = other.shipment.id;
    const containerId = other.containers[0]!.id;
    const attempts: [string, string, unknown?][] = [
      ["GET", `/v2/shipments/${shipmentId}`],
      ["PATCH", `/v2/shipments/${shipmentId}`, { data: { attributes: { tags: ["mine now"] } } }],
      ["PATCH", `/v2/shipments/${shipmentId}/stop_tracking`],
      ["PATCH", `/v2/shipments/${shipmentId}/resume_tracking`],
      ["GET", `/v2/containers/${containerId}`],
      ["PATCH", `/v2/containers/${containerId}`, { data: { attributes: { ref_numbers: ["X"] } } }],
      ["PATCH", "/v2/containers", { data: { id: containerId, attributes: { ref_numbers: ["X"] } } }],
    ];
    for (const [method, path, json] of attempts) {
      const foreign = await h.request(ownKey, path, { method, json });
      const unknown = await h.request(
        ownKey,
        path.replace(/[0-9a-f-]{36}/, "00000000-0000-4000-8000-000000000000"),
        {
          method,
          json:
            JSON.parse(
              JSON.stringify(json ?? null)?.replace(
                /[0-9a-f-]{36}/,
                "00000000-0000-4000-8000-000000000000",
              ) ?? "null",
            ) ?? undefined,
        },
      );
      expect(foreign.status, `${method} ${path}`).toBe(404);
      expect(unknown.status).toBe(404);
      const [a, b] = [await foreign.json(), await unknown.json()];
      expect(a.errors[0].code).toBe(b.errors[0].code);
      expect(a.errors[0].title).toBe(b.errors[0].title);
    }
    const theirs = await (await h.request(otherKey, `/v2/shipments/${shipmentId}?include=containers`)).json();
    expect(theirs.data.attributes.tags).toEqual(["theirs"]);
    expect(theirs.data.attributes.line_tracking_stopped_at).toBeNull();
    expect(theirs.included[0].attributes.ref_numbers).toEqual([]);
  });

  it("does not leak another account's containers through includes", async () => {
    const body = await (await h.request(ownKey, "/v2/shipments?include=containers")).json();
    const numbers = body.included.map((c: { attributes: { number: string } }) => c.attributes.number);
    expect(numbers).toEqual(["MSKU5550001"]);
  });

  it("keeps a signed-in person of one account out of another's ids, people, keys and log, as 404", async () => {
    // An owner of Own Co, who also knows Stranger Co's ids.
    const cookie = await personCookie(h, ownAccountId, "own.owner@own.example", "owner");
    const strangerOwner = await personCookie(h, otherAccountId, "their.owner@stranger.example", "owner");
    const theirKey = (await (await asPerson(h, strangerOwner, "/v2/api_keys")).json()).data[0].id;
    const theirInvitation = (
      await (
        await asPerson(h, strangerOwner, "/v2/invitations", {
          method: "POST",
          json: { data: { attributes: { email: "new@stranger.example", role: "viewer" } } },
        })
      ).json()
    ).data.id;
    const theirPerson = (await (await asPerson(h, strangerOwner, "/v2/users/me")).json()).data.id;
    const attempts: [string, string, unknown?][] = [
      ["GET", `/v2/shipments/${other.shipment.id}`],
      ["PATCH", `/v2/shipments/${other.shipment.id}/stop_tracking`],
      ["GET", `/v2/containers/${other.containers[0]!.id}`],
      ["PATCH", `/v2/users/${theirPerson}`, { data: { attributes: { role: "viewer" } } }],
      ["DELETE", `/v2/users/${theirPerson}`],
      ["DELETE", `/v2/api_keys/${theirKey}`],
      ["DELETE", `/v2/invitations/${theirInvitation}`],
    ];
    for (const [method, path, json] of attempts) {
      const response = await asPerson(h, cookie, path, { method, json });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const people = await (await asPerson(h, cookie, "/v2/users")).json();
    expect(people.data.map((p: { attributes: { email: string } }) => p.attributes.email)).toEqual([
      "own.owner@own.example",
    ]);
    const log = await (await asPerson(h, cookie, "/v2/activity?page[size]=100")).json();
    expect(JSON.stringify(log)).not.toContain("stranger.example");
    // Nothing of theirs changed.
    expect((await h.request(otherKey, `/v2/shipments/${other.shipment.id}`)).status).toBe(200);
    const still = await (await asPerson(h, strangerOwner, "/v2/users")).json();
    expect(still.data[0].attributes.role).toBe("owner");
  });
});
