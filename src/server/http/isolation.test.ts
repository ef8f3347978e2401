// Service tests: one account never sees or changes another account's data; its ids read as 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let ownKey: string;
let otherKey: string;
let other: Awaited<ReturnType<typeof insertShipment>>;

beforeAll(async () => {
  h = await createHarness();
  const own = await h.newAccount("Own Co");
  const stranger = await h.newAccount("Stranger Co");
  ownKey = own.apiKey;
  otherKey = stranger.apiKey;
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
});
