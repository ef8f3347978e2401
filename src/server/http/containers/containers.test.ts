// Service tests: listing, reading and editing containers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containerSchema } from "../../../api/containers";
import { createHarness, type Harness, insertShipment } from "../../testing/service-harness";

let h: Harness;
let key: string;
let fixture: Awaited<ReturnType<typeof insertShipment>>;

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Containers Test Co");
  key = created.apiKey;
  fixture = await insertShipment(h.db, created.account.id, {
    containerNumbers: ["MSKU1234565", "MSKU7654321"],
  });
});
afterAll(() => h.close());

describe("containers", () => {
  it("lists containers with paging and a number search", async () => {
    const body = await (await h.request(key, "/v2/containers?page[size]=1")).json();
    expect(body.meta).toEqual({ size: 1, total: 2 });
    expect(body.links.next).toContain("page[number]=2");
    containerSchema.parse(body.data[0]);
    const search = await (await h.request(key, "/v2/containers?filter[number]=msku123")).json();
    expect(search.data.map((c: { attributes: { number: string } }) => c.attributes.number)).toEqual([
      "MSKU1234565",
    ]);
  });

  it("reads a container with its shipment and terminal included, in the shipment's time zones", async () => {
    const id = fixture.containers[0]!.id;
    const body = await (await h.request(key, `/v2/containers/${id}?include=shipment,pod_terminal`)).json();
    const container = containerSchema.parse(body.data);
    expect(container.attributes).toMatchObject({
      number: "MSKU1234565",
      pod_timezone: "America/Los_Angeles",
      current_status: "available",
      import_deadlines: {
        pickup_lfd_line: "2026-11-24T08:00:00.000Z",
        pickup_lfd_terminal: null,
        pickup_lfd_rail: null,
      },
      fees_at_pod_terminal: [{ type: "demurrage", amount: 300, currency_code: "USD" }],
    });
    expect(container.relationships.shipment.data).toEqual({ id: fixture.shipment.id, type: "shipment" });
    expect(body.included.map((r: { type: string }) => r.type).sort()).toEqual(["shipment", "terminal"]);
    const terminal = body.included.find((r: { type: string }) => r.type === "terminal");
    expect(terminal.attributes).toMatchObject({ name: "APM Terminals", firms_code: "W185" });
    expect((await h.request(key, `/v2/containers/${id}?include=vessel`)).status).toBe(400);
  });

  it("edits reference numbers by path id and by data.id", async () => {
    const [first, second] = fixture.containers;
    const byPath = await h.request(key, `/v2/containers/${first!.id}`, {
      method: "PATCH",
      json: { data: { type: "container", attributes: { ref_numbers: ["REF-1"] } } },
    });
    expect(byPath.status).toBe(200);
    expect((await byPath.json()).data.attributes.ref_numbers).toEqual(["REF-1"]);
    const byBody = await h.request(key, "/v2/containers", {
      method: "PATCH",
      json: { data: { type: "container", id: second!.id, attributes: { ref_numbers: ["REF-2"] } } },
    });
    expect(byBody.status).toBe(200);
    expect((await byBody.json()).data.attributes.ref_numbers).toEqual(["REF-2"]);
  });

  it("refuses bad edits with a 422 pointing at the attribute", async () => {
    const id = fixture.containers[0]!.id;
    const cases: [unknown, string][] = [
      [{ data: { attributes: { number: "ABCU0000000" } } }, "/data/attributes/number"],
      [{ data: { attributes: { ref_numbers: "REF" } } }, "/data/attributes/ref_numbers"],
      [{ data: { id: "00000000-0000-4000-8000-000000000000", attributes: {} } }, "/data/id"],
      [{ nodata: true }, "/data"],
    ];
    for (const [json, pointer] of cases) {
      const response = await h.request(key, `/v2/containers/${id}`, { method: "PATCH", json });
      expect(response.status, pointer).toBe(422);
      expect((await response.json()).errors[0].source).toEqual({ pointer });
    }
    const noId = await h.request(key, "/v2/containers", {
      method: "PATCH",
      json: { data: { attributes: { ref_numbers: [] } } },
    });
    expect(noId.status).toBe(422);
    expect((await noId.json()).errors[0].source).toEqual({ pointer: "/data/id" });
  });
});
