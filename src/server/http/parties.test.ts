// Service tests of /v2/parties: create, read, list (by name, filtered, paged), rename (reaching the shipments and
// their containers' copies), the hosted API's 422s, account isolation, the migration's backfill of existing customer
// names, and our documents against the hosted API's own response schemas.
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partySchema } from "../../api/parties";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import hosted from "./fixtures/hosted-parties-schemas.json" with { type: "json" };

let h: Harness;
let key: string;
let accountId: string;
let otherKey: string;

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Parties Co");
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
const body = (company_name: unknown) => ({ data: { type: "party", attributes: { company_name } } });
const create = (name: unknown, as = key) => call("/v2/parties", { method: "POST", json: body(name) }, as);
const rename = (id: string, name: unknown, as = key) =>
  call(`/v2/parties/${id}`, { method: "PATCH", json: body(name) }, as);
async function createdId(name: string, as = key): Promise<string> {
  const response = await create(name, as);
  expect(response.status).toBe(201);
  return (await response.json()).data.id;
}
const setCustomer = (shipmentId: string, data: { type: "party"; id: string } | null) =>
  call(`/v2/shipments/${shipmentId}`, {
    method: "PATCH",
    json: { data: { relationships: { customer: { data } } } },
  });

/** The hosted API's response schemas (fixtures/hosted-parties-schemas.json), compiled with ajv. */
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
// The hosted schemas say links are absolute URIs, while its own example answers `"self": "/v2/parties/…"`;
// ours are relative as in that example: an address relative to the API's is accepted.
ajv.addFormat("uri", (value: string) => URL.canParse(value, "http://api.example"));
ajv.addSchema({ $id: "hosted", components: hosted.components });
const hostedValidator = (operation: keyof typeof hosted.responses) =>
  ajv.compile(
    JSON.parse(
      JSON.stringify(hosted.responses[operation]).replaceAll('"#/components/', '"hosted#/components/'),
    ),
  );
function expectHosted(operation: keyof typeof hosted.responses, document: unknown) {
  const validate = hostedValidator(operation);
  expect(validate(document), ajv.errorsText(validate.errors)).toBe(true);
}

describe("POST /v2/parties", () => {
  it("creates a party, trimmed, with its address, and reads it back", async () => {
    const response = await create("  Initech Logistics  ");
    expect(response.status).toBe(201);
    const document = await response.json();
    expect(partySchema.parse(document.data).attributes).toMatchObject({
      company_name: "Initech Logistics",
      shipments_count: 0,
    });
    expect(document.links.self).toBe(`/v2/parties/${document.data.id}`);
    expectHosted("POST /parties", document);

    const read = await call(document.links.self);
    expect(read.status).toBe(200);
    const again = await read.json();
    expect(again.data).toEqual(document.data);
    expectHosted("GET /parties/{id}", again);
  });

  it("refuses a blank name at /data/attributes/company_name, as the hosted API words it", async () => {
    for (const name of ["", "   "]) {
      const response = await create(name);
      expect(response.status, JSON.stringify(name)).toBe(422);
      const [error] = (await response.json()).errors;
      expect(error).toMatchObject({
        status: "422",
        source: { pointer: "/data/attributes/company_name" },
        detail: "Company name can't be blank",
      });
    }
  });

  it("refuses a name the account already has, whatever its case; another account may have it", async () => {
    await createdId("Umbrella Freight");
    const response = await create("umbrella FREIGHT ");
    expect(response.status).toBe(422);
    expect((await response.json()).errors[0]).toMatchObject({
      status: "422",
      source: { pointer: "/data/attributes/company_name" },
      detail: "'umbrella FREIGHT' already exists in Account",
    });
    expect((await create("Umbrella Freight", otherKey)).status).toBe(201);
  });
});

describe("GET /v2/parties", () => {
  it("lists the account's parties by name in any case, pages them and filters by part of the name", async () => {
    const { apiKey } = await h.newAccount("Lister Co");
    for (const name of ["delta Imports", "Alpha Trading", "charlie & Sons", "Bravo 100% Cotton"]) {
      await createdId(name, apiKey);
    }
    const all = await (await call("/v2/parties", {}, apiKey)).json();
    expect(all.data.map((p: Json) => p.attributes.company_name)).toEqual([
      "Alpha Trading",
      "Bravo 100% Cotton",
      "charlie & Sons",
      "delta Imports",
    ]);
    expect(all.meta.total).toBe(4);
    expectHosted("GET /parties", all);

    const second = await (await call("/v2/parties?page[size]=3&page[number]=2", {}, apiKey)).json();
    expect(second.data.map((p: Json) => p.attributes.company_name)).toEqual(["delta Imports"]);
    expect(second.meta.total).toBe(4);

    const filtered = await (await call("/v2/parties?filter[company_name]=ON", {}, apiKey)).json();
    expect(filtered.data.map((p: Json) => p.attributes.company_name)).toEqual([
      "Bravo 100% Cotton",
      "charlie & Sons",
    ]);
    expect(filtered.meta.total).toBe(2);
    // % and _ are the name's own characters, not patterns.
    const percent = await (await call("/v2/parties?filter[company_name]=100%25", {}, apiKey)).json();
    expect(percent.data.map((p: Json) => p.attributes.company_name)).toEqual(["Bravo 100% Cotton"]);
  });

  it("counts each party's shipments", async () => {
    const { apiKey, account } = await h.newAccount("Counter Co");
    const id = await createdId("Counted Ltd", apiKey);
    for (let i = 0; i < 3; i++) {
      const { shipment } = await insertShipment(h.db, account.id);
      const response = await h.request(apiKey, `/v2/shipments/${shipment.id}`, {
        method: "PATCH",
        json: { data: { relationships: { customer: { data: { type: "party", id } } } } },
      });
      expect(response.status).toBe(200);
    }
    await insertShipment(h.db, account.id);
    const list = await (await h.request(apiKey, "/v2/parties")).json();
    expect(list.data[0].attributes).toMatchObject({ company_name: "Counted Ltd", shipments_count: 3 });
  });
});

describe("PATCH /v2/parties/{id}", () => {
  it("renames the party and, at once, its shipments and their containers' copies", async () => {
    const id = await createdId("Wayne Shipping");
    const { shipment } = await insertShipment(h.db, accountId, { containerNumbers: ["WAYU1234561"] });
    const other = await insertShipment(h.db, accountId);
    expect((await setCustomer(shipment.id, { type: "party", id })).status).toBe(200);
    await call(`/v2/shipments/${other.shipment.id}`, {
      method: "PATCH",
      json: { data: { attributes: { customer_name: "Somebody Else" } } },
    });

    const response = await rename(id, "Wayne Enterprises Shipping");
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.data.attributes).toMatchObject({
      company_name: "Wayne Enterprises Shipping",
      shipments_count: 1,
    });
    expectHosted("PATCH /parties/{id}", document);

    const read = await (await call(`/v2/shipments/${shipment.id}`)).json();
    expect(read.data.attributes.customer_name).toBe("Wayne Enterprises Shipping");
    expect(read.data.relationships.customer.data).toEqual({ type: "party", id });
    const untouched = await (await call(`/v2/shipments/${other.shipment.id}`)).json();
    expect(untouched.data.attributes.customer_name).toBe("Somebody Else");
    // The containers list filters by the copy of the name on each container.
    const containers = await (
      await call(`/v2/containers?filter[customer]=${encodeURIComponent("wayne enterprises shipping")}`)
    ).json();
    expect(containers.data.map((c: Json) => c.attributes.number)).toEqual(["WAYU1234561"]);
    const byOldName = await (await call("/v2/containers?filter[customer]=Wayne%20Shipping")).json();
    expect(byOldName.data).toEqual([]);
  });

  it("may change the case of its own name, never take another's", async () => {
    const id = await createdId("Stark Cargo");
    await createdId("Oscorp Freight");
    const recased = await rename(id, "STARK Cargo");
    expect(recased.status).toBe(200);
    expect((await recased.json()).data.attributes.company_name).toBe("STARK Cargo");

    const { shipment } = await insertShipment(h.db, accountId);
    await setCustomer(shipment.id, { type: "party", id });
    const taken = await rename(id, "oscorp freight");
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors[0]).toMatchObject({
      source: { pointer: "/data/attributes/company_name" },
      detail: "'oscorp freight' already exists in Account",
    });
    // Nothing changed: the party and its shipment keep the name.
    expect((await (await call(`/v2/parties/${id}`)).json()).data.attributes.company_name).toBe("STARK Cargo");
    const read = await (await call(`/v2/shipments/${shipment.id}`)).json();
    expect(read.data.attributes.customer_name).toBe("STARK Cargo");

    expect((await rename(id, " ")).status).toBe(422);
  });

  it("reads another account's party, or no party, as 404", async () => {
    const theirs = await createdId("Their Customer", otherKey);
    for (const id of [theirs, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await call(`/v2/parties/${encodeURIComponent(id)}`)).status, id).toBe(404);
      expect((await rename(encodeURIComponent(id), "Mine Now")).status, id).toBe(404);
    }
    const still = await (await call(`/v2/parties/${theirs}`, {}, otherKey)).json();
    expect(still.data.attributes.company_name).toBe("Their Customer");
  });
});

describe("the migration's backfill (link_shipment_customers)", () => {
  it("makes each distinct name of an account a party, whatever its case, and points the shipments at it", async () => {
    const { account, apiKey } = await h.newAccount("Backfill Co");
    const rows = await Promise.all(
      ["Acme Corp", " acme corp", "Beta LLC", "   ", null].map(async (name, i) => ({
        name,
        id: (await insertShipment(h.db, account.id, { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }))
          .shipment.id,
      })),
    );
    // As shipments stood before parties (or as the seeder writes them): names alone, the triggers off.
    await h.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const { id, name } of rows) {
        await tx.execute(sql`update shipments set customer_name = ${name} where id = ${id}`);
      }
      await tx.execute(sql`select link_shipment_customers(${account.id})`);
    });
    const parties = await (await h.request(apiKey, "/v2/parties")).json();
    expect(parties.data.map((p: Json) => [p.attributes.company_name, p.attributes.shipments_count])).toEqual([
      ["Acme Corp", 2],
      ["Beta LLC", 1],
    ]);
    const acme = parties.data[0].id;
    const names = [];
    for (const { id } of rows) {
      const s = (await (await h.request(apiKey, `/v2/shipments/${id}`)).json()).data;
      names.push([s.attributes.customer_name, s.relationships.customer.data?.id ?? null]);
    }
    expect(names).toEqual([
      ["Acme Corp", acme],
      ["Acme Corp", acme],
      ["Beta LLC", parties.data[1].id],
      [null, null],
      [null, null],
    ]);
  });
});
