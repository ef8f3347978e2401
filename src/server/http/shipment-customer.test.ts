// Service tests of a shipment's customer (src/api/parties.ts): the `customer` relationship, setting it by party or
// by name (`customer_name`, the one rule), `include=customer`, and `filter[customer]` by party id or by name on
// /v2/shipments and /v2/containers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipmentSchema } from "../../api/shipments";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let key: string;
let accountId: string;
let otherKey: string;

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Customers Co");
  key = created.apiKey;
  accountId = created.account.id;
  otherKey = (await h.newAccount("Other Co")).apiKey;
});
afterAll(async () => {
  await h.close();
});

// biome-ignore lint/suspicious/noExplicitAny: response bodies, read field by field.
type Json = Record<string, any>;

const call = (path: string, init: { method?: string; json?: unknown } = {}, as = key) =>
  h.request(as, path, init);
const patchShipment = (id: string, data: Json) =>
  call(`/v2/shipments/${id}`, { method: "PATCH", json: { data: { type: "shipment", ...data } } });
const party = (id: string) => ({ customer: { data: { type: "party", id } } });
async function newParty(name: string, as = key): Promise<string> {
  const response = await call(
    "/v2/parties",
    { method: "POST", json: { data: { attributes: { company_name: name } } } },
    as,
  );
  expect(response.status).toBe(201);
  return (await response.json()).data.id;
}
async function partyNamed(name: string): Promise<Json | undefined> {
  const list = await (await call(`/v2/parties?filter[company_name]=${encodeURIComponent(name)}`)).json();
  return list.data.find((p: Json) => p.attributes.company_name.toLowerCase() === name.toLowerCase());
}

describe("a shipment's customer", () => {
  it("is {data: null} without one, and names the party with one", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const before = await (await call(`/v2/shipments/${shipment.id}`)).json();
    expect(before.data.relationships.customer).toEqual({ data: null });
    expect(before.data.attributes.customer_name).toBeNull();

    const id = await newParty("Cyberdyne Freight");
    const response = await patchShipment(shipment.id, { relationships: party(id) });
    expect(response.status).toBe(200);
    const after = shipmentSchema.parse((await response.json()).data);
    expect(after.relationships.customer).toEqual({ data: { type: "party", id } });
    expect(after.attributes.customer_name).toBe("Cyberdyne Freight");

    const cleared = await (
      await patchShipment(shipment.id, { relationships: { customer: { data: null } } })
    ).json();
    expect(cleared.data.relationships.customer).toEqual({ data: null });
    expect(cleared.data.attributes.customer_name).toBeNull();
  });

  it("is decided by the relationship when customer_name is given too", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const id = await newParty("Soylent Shipping");
    const response = await patchShipment(shipment.id, {
      attributes: { customer_name: "Something Else Entirely" },
      relationships: party(id),
    });
    expect((await response.json()).data.attributes.customer_name).toBe("Soylent Shipping");
    expect(await partyNamed("Something Else Entirely")).toBeUndefined();
  });

  it("refuses an unknown party, or another account's, at /data/relationships/customer/data/id", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const theirs = await newParty("Not Yours Inc", otherKey);
    for (const id of [theirs, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const response = await patchShipment(shipment.id, { relationships: party(id) });
      expect(response.status, id).toBe(422);
      expect((await response.json()).errors[0], id).toMatchObject({
        status: "422",
        source: { pointer: "/data/relationships/customer/data/id" },
      });
    }
    const read = await (await call(`/v2/shipments/${shipment.id}`)).json();
    expect(read.data.relationships.customer).toEqual({ data: null });
  });

  it("refuses a relationship that is not a party", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const id = await newParty("Typed Right Ltd");
    const response = await patchShipment(shipment.id, {
      relationships: { customer: { data: { type: "shipment", id } } },
    });
    expect(response.status).toBe(422);
    const unknown = await patchShipment(shipment.id, { relationships: { shipper: { data: null } } });
    expect(unknown.status).toBe(422);
  });

  it("by customer_name links the account's party of that name in any case, or creates it", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const id = await newParty("Tyrell Containers");
    const linked = await (
      await patchShipment(shipment.id, { attributes: { customer_name: "tyrell CONTAINERS" } })
    ).json();
    expect(linked.data.attributes.customer_name).toBe("Tyrell Containers");
    expect(linked.data.relationships.customer.data).toEqual({ type: "party", id });

    const created = await (
      await patchShipment(shipment.id, { attributes: { customer_name: " Brand New Co " } })
    ).json();
    expect(created.data.attributes.customer_name).toBe("Brand New Co");
    const fresh = await partyNamed("Brand New Co");
    expect(fresh?.attributes).toMatchObject({ company_name: "Brand New Co", shipments_count: 1 });
    expect(created.data.relationships.customer.data).toEqual({ type: "party", id: fresh?.id });

    for (const none of [null, ""]) {
      const cleared = await (
        await patchShipment(shipment.id, { attributes: { customer_name: none } })
      ).json();
      expect(cleared.data.attributes.customer_name).toBeNull();
      expect(cleared.data.relationships.customer).toEqual({ data: null });
    }
  });

  it("is included with include=customer, once however many shipments share it", async () => {
    const id = await newParty("Included Imports");
    const { shipment: a } = await insertShipment(h.db, accountId);
    const { shipment: b } = await insertShipment(h.db, accountId);
    for (const s of [a, b]) await patchShipment(s.id, { relationships: party(id) });
    const one = await (await call(`/v2/shipments/${a.id}?include=customer`)).json();
    expect(one.included).toEqual([
      expect.objectContaining({
        type: "party",
        id,
        attributes: expect.objectContaining({ shipments_count: 2 }),
      }),
    ]);
    const list = await (await call(`/v2/shipments?include=customer&filter[customer]=${id}`)).json();
    expect(list.data.map((s: Json) => s.id).sort()).toEqual([a.id, b.id].sort());
    expect(list.included.filter((r: Json) => r.type === "party")).toHaveLength(1);
  });
});

describe("filter[customer]", () => {
  it("takes a party's id or its name, on shipments and on containers", async () => {
    const { apiKey, account } = await h.newAccount("Filter Co");
    const as = (path: string, init: { method?: string; json?: unknown } = {}) =>
      h.request(apiKey, path, init);
    const id = await newParty("Massive Dynamic", apiKey);
    const mine = await insertShipment(h.db, account.id, { containerNumbers: ["MDYU1000001", "MDYU1000002"] });
    await insertShipment(h.db, account.id, { containerNumbers: ["OTHU1000003"] });
    await as(`/v2/shipments/${mine.shipment.id}`, {
      method: "PATCH",
      json: { data: { relationships: party(id) } },
    });
    for (const value of [id, id.toUpperCase(), "massive dynamic"]) {
      const shipments = await (
        await as(`/v2/shipments?filter[customer]=${encodeURIComponent(value)}`)
      ).json();
      expect(
        shipments.data.map((s: Json) => s.id),
        value,
      ).toEqual([mine.shipment.id]);
      expect(shipments.meta.total, value).toBe(1);
      const containers = await (
        await as(`/v2/containers?filter[customer]=${encodeURIComponent(value)}`)
      ).json();
      expect(containers.data.map((c: Json) => c.attributes.number).sort(), value).toEqual([
        "MDYU1000001",
        "MDYU1000002",
      ]);
      expect(containers.meta.total, value).toBe(2);
    }
    // Another account's party finds nothing here.
    const theirs = await newParty("Massive Dynamic", key);
    for (const list of ["shipments", "containers"]) {
      const found = await (await as(`/v2/${list}?filter[customer]=${theirs}`)).json();
      expect(found.data, list).toEqual([]);
    }
  });
});
