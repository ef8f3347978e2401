// Service tests: ports, metro areas, terminals, shipping lines and the caller's account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metroAreaSchema, portSchema, shippingLineSchema, terminalSchema } from "../../api/reference";
import { terminalId } from "../db/reference-data";
import { createHarness, type Harness } from "../testing/service-harness";

let h: Harness;
let key: string;

beforeAll(async () => {
  h = await createHarness();
  ({ apiKey: key } = await h.newAccount("Reference Co"));
});
afterAll(() => h.close());

describe("reference data", () => {
  it("reads a port by UN/LOCODE and by id", async () => {
    const byCode = await (await h.request(key, "/v2/ports/USLAX")).json();
    const port = portSchema.parse(byCode.data);
    expect(port.attributes).toMatchObject({
      code: "USLAX",
      country_code: "US",
      time_zone: "America/Los_Angeles",
    });
    const byId = await (await h.request(key, `/v2/ports/${port.id}`)).json();
    expect(byId.data).toEqual(byCode.data);
    expect((await h.request(key, "/v2/ports/XXNOP")).status).toBe(404);
  });

  it("reads an inland city as a metro area by UN/LOCODE and by id, and names the port route for a seaport", async () => {
    const byCode = await (await h.request(key, "/v2/metro_areas/uschi")).json();
    const metro = metroAreaSchema.parse(byCode.data);
    expect(metro.attributes).toEqual({
      name: "Chicago",
      code: "USCHI",
      state_abbr: "IL",
      country_code: "US",
      time_zone: "America/Chicago",
      latitude: 41.8781,
      longitude: -87.6298,
    });
    expect((await (await h.request(key, `/v2/metro_areas/${metro.id}`)).json()).data).toEqual(byCode.data);
    const seaport = await h.request(key, "/v2/metro_areas/USLAX");
    expect(seaport.status).toBe(404);
    expect((await seaport.json()).errors[0].detail).toBe(
      "USLAX (Los Angeles) is a seaport, not a metro area: GET /v2/ports/USLAX.",
    );
    expect((await h.request(key, "/v2/metro_areas/XXNOP")).status).toBe(404);
  });

  it("reads a terminal with its port", async () => {
    const id = terminalId("USLAX", "APM Terminals", "APMT");
    const body = await (await h.request(key, `/v2/terminals/${id}`)).json();
    const terminal = terminalSchema.parse(body.data);
    expect(terminal.attributes.firms_code).toBe("W185");
    expect(body.included[0]).toMatchObject({ type: "port", attributes: { code: "USLAX" } });
    // A seaport's terminal: no metro area.
    expect(terminal.relationships.metro_area.data).toBeNull();
    expect((await h.request(key, "/v2/terminals/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("lists the shipping lines", async () => {
    const body = await (await h.request(key, "/v2/shipping_lines")).json();
    expect(body.data.length).toBeGreaterThanOrEqual(30);
    for (const line of body.data) shippingLineSchema.parse(line);
    const msc = body.data.find((l: { attributes: { scac: string } }) => l.attributes.scac === "MSCU");
    expect(msc.attributes).toMatchObject({ short_name: "MSC", alternative_scacs: ["MEDU"] });
  });

  it("tells the caller its account", async () => {
    const body = await (await h.request(key, "/v2/account")).json();
    expect(body.data).toMatchObject({ type: "account", attributes: { company_name: "Reference Co" } });
  });
});
