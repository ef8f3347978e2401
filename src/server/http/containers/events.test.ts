// Service tests: a container's transport events and raw events, from a real sandbox shipment that is on the water
// after a transshipment: order, paging, includes, account scoping and the errors a client can cause.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containerSchema } from "../../../api/containers";
import {
  type RawEvent,
  rawEventListDocumentSchema,
  rawEventSchema,
  type TransportEvent,
  transportEventListDocumentSchema,
  transportEventSchema,
} from "../../../api/events";
import {
  findSandboxBillOfLading,
  sailingAfterTransshipment,
  trackSandboxShipment,
} from "../../testing/sandbox-shipments";
import { createHarness, type Harness, insertShipment } from "../../testing/service-harness";

const DAY = 86_400_000;

let h: Harness;
let key: string;
let otherKey: string;
let number: string;
let shipmentId: string;
let containerId: string;
let containerNumber: string;
let quietContainerId: string;

beforeAll(async () => {
  h = await createHarness();
  const own = await h.newAccount("Events Test Co");
  key = own.apiKey;
  otherKey = (await h.newAccount("Someone Else")).apiKey;
  // Ten days after the request every box of this bill of lading has left its transshipment port.
  number = findSandboxBillOfLading("CMDU", h.clock.now(), 10 * DAY, (s) =>
    s.containers.every(sailingAfterTransshipment),
  );
  const tracked = await trackSandboxShipment(h, own.account.id, "CMDU", number, 10 * DAY);
  shipmentId = tracked.shipmentId;
  containerId = tracked.containers[0]!.id;
  containerNumber = tracked.containers[0]!.number;
  quietContainerId = (await insertShipment(h.db, own.account.id)).containers[0]!.id;
});
afterAll(() => h.close());

async function getJson(path: string, apiKey = key) {
  const response = await h.request(apiKey, path);
  return { status: response.status, body: await response.json() };
}

async function allRaw(): Promise<RawEvent[]> {
  const { body } = await getJson(`/v2/containers/${containerId}/raw_events`);
  return rawEventListDocumentSchema.parse(body).data;
}

interface Identifier {
  id: string;
  type: string;
}

describe("GET /v2/containers/{id}/transport_events", () => {
  it("lists one event per carrier line that happened and per estimate of the arrival, in time order, in its location's zone", async () => {
    const path = `/v2/containers/${containerId}/transport_events`;
    const { status, body } = await getJson(path);
    expect(status).toBe(200);
    const document = transportEventListDocumentSchema.parse(body);
    const events = document.data.map((e) => transportEventSchema.parse(e));
    const raw = await allRaw();
    const happened = raw.filter((r) => !r.attributes.estimated);
    const actual = events.filter((e) => !e.attributes.event.includes(".estimated."));

    expect(happened.length).toBeGreaterThanOrEqual(8);
    expect(actual.map((e) => e.attributes.event)).toEqual(
      happened.map((r) => `container.transport.${r.attributes.event}`),
    );
    expect(actual.map((e) => e.attributes.event)).toContain("container.transport.transshipment_departed");
    expect(actual.map((e) => e.attributes.timestamp)).toEqual(happened.map((r) => r.attributes.timestamp));
    // The line's estimate of the arrival at the port of discharge is an event of its own, at the estimated time;
    // other estimates (the discharge, availability) stay carrier lines only.
    const estimates = events.filter((e) => e.attributes.event.includes(".estimated."));
    const arrival = raw.find((r) => r.attributes.estimated && r.attributes.event === "vessel_arrived");
    expect(estimates.map((e) => [e.attributes.event, e.attributes.timestamp])).toEqual([
      ["container.transport.estimated.vessel_arrived", arrival!.attributes.timestamp],
    ]);
    const times = events.map((e) => Date.parse(e.attributes.timestamp!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const event of events) {
      const port = h.reference.portsByLocode.get(event.attributes.location_locode!);
      expect(event.attributes.timezone).toBe(port!.timeZone);
      expect(event.relationships.location.data).toEqual({ id: port!.id, type: "port" });
      expect(event.relationships.container.data).toEqual({ id: containerId, type: "container" });
      expect(event.relationships.shipment.data).toEqual({ id: shipmentId, type: "shipment" });
      expect(event.attributes.data_source).toBe("shipping_line");
    }
    // Vessel movements name the vessel and voyage; gate movements do not.
    const departed = events.find((e) => e.attributes.event === "container.transport.vessel_departed")!;
    expect(departed.relationships.vessel.data?.type).toBe("vessel");
    expect(departed.attributes.voyage_number).toBeTruthy();
    const emptyOut = events.find((e) => e.attributes.event === "container.transport.empty_out")!;
    expect(emptyOut.relationships.vessel.data).toBeNull();

    expect(document.meta).toEqual({ size: events.length, total: events.length });
    expect(document.links.self).toBe(`http://localhost${path}`);
    expect(document.links.current).toContain("page[number]=1");
    expect(document.links.next).toBeUndefined();
    expect(body.included).toBeUndefined();
  });

  it("pages with page[number] and page[size], every event exactly once", async () => {
    const all = (await getJson(`/v2/containers/${containerId}/transport_events`)).body
      .data as TransportEvent[];
    const seen: string[] = [];
    let next: string | undefined = `/v2/containers/${containerId}/transport_events?page[size]=3`;
    let pages = 0;
    while (next) {
      const { status, body } = await getJson(next.replace("http://localhost", ""));
      expect(status).toBe(200);
      pages += 1;
      expect(body.meta).toEqual({ size: body.data.length, total: all.length });
      expect(body.links.current).toContain(`page[number]=${pages}`);
      seen.push(...body.data.map((e: TransportEvent) => e.id));
      next = body.links.next;
    }
    expect(pages).toBe(Math.ceil(all.length / 3));
    expect(seen).toEqual(all.map((e) => e.id));
    const past = await getJson(`/v2/containers/${containerId}/transport_events?page[number]=99`);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.total).toBe(all.length);
  });

  it("includes the shipment, container, ports, terminals and vessels the events name", async () => {
    const { status, body } = await getJson(
      `/v2/containers/${containerId}/transport_events?include=shipment,container,location,terminal,vessel`,
    );
    expect(status).toBe(200);
    const included = body.included as (Identifier & { attributes: Record<string, unknown> })[];
    const keys = included.map((r) => `${r.type}/${r.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const find = (ref: Identifier) => included.find((r) => r.type === ref.type && r.id === ref.id);
    for (const event of body.data as TransportEvent[]) {
      for (const name of ["shipment", "container", "location", "terminal", "vessel"] as const) {
        const ref = event.relationships[name].data;
        if (ref) expect(find(ref), `${event.attributes.event} ${name}`).toBeDefined();
      }
    }
    expect(find({ id: shipmentId, type: "shipment" })?.attributes.bill_of_lading_number).toBe(number);
    const container = containerSchema.parse(find({ id: containerId, type: "container" }));
    expect(container.attributes.number).toBe(containerNumber);
    // Its free time counted as its own page counts it (it went out as null).
    const own = (await getJson(`/v2/containers/${containerId}`)).body.data.attributes;
    expect(own.demurrage).not.toBeNull();
    expect(container.attributes.demurrage).toEqual(own.demurrage);
    expect(container.attributes.detention).toEqual(own.detention);
    expect(included.filter((r) => r.type === "terminal").length).toBeGreaterThan(0);
    const raw = await allRaw();
    // What the events name: the lines that happened, and the estimate of the arrival at the port of discharge.
    const named = raw.filter((r) => !r.attributes.estimated || r.attributes.event === "vessel_arrived");
    const vesselNames = included.filter((r) => r.type === "vessel").map((r) => r.attributes.name);
    expect(new Set(vesselNames)).toEqual(
      new Set(named.filter((r) => r.attributes.vessel_name).map((r) => r.attributes.vessel_name)),
    );
    const ports = included.filter((r) => r.type === "port");
    expect(ports.map((p) => p.attributes.code).sort()).toEqual(
      [...new Set(named.map((r) => r.attributes.location_locode))].sort(),
    );
  });

  it("gives an empty first page for a container without events", async () => {
    const { status, body } = await getJson(`/v2/containers/${quietContainerId}/transport_events`);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta).toEqual({ size: 0, total: 0 });
    expect(body.links.last).toContain("page[number]=1");
  });
});

describe("GET /v2/containers/{id}/raw_events", () => {
  it("lists the carrier's lines by index, actual and planned, with the vessels they name included", async () => {
    const { status, body } = await getJson(`/v2/containers/${containerId}/raw_events`);
    expect(status).toBe(200);
    const raw = (body.data as unknown[]).map((r) => rawEventSchema.parse(r));
    expect(raw.map((r) => r.attributes.index)).toEqual(raw.map((_, i) => i));
    const planned = raw.filter((r) => r.attributes.estimated);
    const actual = raw.filter((r) => !r.attributes.estimated);
    expect(planned.map((r) => r.attributes.event)).toContain("vessel_arrived");
    expect(actual.map((r) => r.attributes.event)).toContain("transshipment_departed");
    for (const line of raw) {
      const a = line.attributes;
      expect(a.original_event.length).toBeGreaterThan(0);
      const port = h.reference.portsByLocode.get(a.location_locode!)!;
      expect(a.timezone).toBe(port.timeZone);
      expect(a.location_name).toBeTruthy();
      // The local day at the port, which differs from the UTC day for late evening and early morning lines.
      const day = new Intl.DateTimeFormat("en-CA", { timeZone: port.timeZone }).format(
        new Date(a.timestamp!),
      );
      if (a.estimated)
        expect([a.estimated_at, a.estimated_on, a.actual_at]).toEqual([a.timestamp, day, null]);
      else expect([a.actual_at, a.actual_on, a.estimated_at]).toEqual([a.timestamp, day, null]);
      expect(a.vessel_name !== null).toBe(line.relationships.vessel.data !== null);
    }
    const vessels = body.included as (Identifier & { attributes: { name: string; imo: string } })[];
    expect(vessels.every((v) => v.type === "vessel")).toBe(true);
    const named = [...new Set(raw.map((r) => r.relationships.vessel.data?.id).filter(Boolean))];
    expect(vessels.map((v) => v.id)).toEqual(named);
    for (const line of raw.filter((r) => r.relationships.vessel.data)) {
      const vessel = vessels.find((v) => v.id === line.relationships.vessel.data!.id)!;
      expect([line.attributes.vessel_name, line.attributes.vessel_imo]).toEqual([
        vessel.attributes.name,
        vessel.attributes.imo,
      ]);
    }
    expect(body.links.self).toBe(`/v2/containers/${containerId}/raw_events`);
  });

  it("names the inland arrival of a rail move as the hosted API does: arrived_at_destination", async () => {
    const account = await h.newAccount("Rail Co");
    const railNumber = findSandboxBillOfLading("MSCU", h.clock.now(), DAY, (s) =>
      s.containers.some((c) => c.events.some((e) => e.event === "arrived_at_inland_destination")),
    );
    const rail = await trackSandboxShipment(h, account.account.id, "MSCU", railNumber, DAY);
    const { body } = await getJson(`/v2/containers/${rail.containers[0]!.id}/raw_events`, account.apiKey);
    const names = rawEventListDocumentSchema.parse(body).data.map((r) => r.attributes.event);
    expect(names).toContain("rail_unloaded");
    expect(names).toContain("arrived_at_destination");
    expect(names).not.toContain("arrived_at_inland_destination");
  });

  it("adds the ports with include=location", async () => {
    const { body } = await getJson(`/v2/containers/${containerId}/raw_events?include=location`);
    const codes = (body.included as { type: string; attributes: { code?: string } }[])
      .filter((r) => r.type === "port")
      .map((r) => r.attributes.code);
    const raw = body.data as RawEvent[];
    expect(codes.sort()).toEqual([...new Set(raw.map((r) => r.attributes.location_locode))].sort());
  });
});

describe("the events of a container read through the container", () => {
  it("includes transport and raw events with ?include=transport_events,raw_events", async () => {
    const { body } = await getJson(`/v2/containers/${containerId}?include=transport_events,raw_events`);
    const container = containerSchema.parse(body.data);
    const included = body.included as Identifier[];
    expect(included.filter((r) => r.type === "transport_event").map((r) => r.id)).toEqual(
      container.relationships.transport_events.data.map((r) => r.id),
    );
    expect(included.filter((r) => r.type === "raw_event").map((r) => r.id)).toEqual(
      container.relationships.raw_events.data.map((r) => r.id),
    );
    const listed = (await getJson(`/v2/containers/${containerId}/transport_events`)).body
      .data as Identifier[];
    expect(container.relationships.transport_events.data.map((r) => r.id)).toEqual(listed.map((e) => e.id));
  });
});

describe("errors", () => {
  const paths = (id: string) => [`/v2/containers/${id}/transport_events`, `/v2/containers/${id}/raw_events`];

  it("answers another account's container exactly like an unknown one", async () => {
    const unknown = "0b5b1a52-7f3e-4b8e-9d7e-2f4a1c3d5e6f";
    for (const [theirs, none] of paths(containerId).map((p, i) => [p, paths(unknown)[i]!] as const)) {
      const asStranger = await getJson(theirs, otherKey);
      const asOwnerOfNothing = await getJson(none, otherKey);
      expect(asStranger.status).toBe(404);
      expect(asOwnerOfNothing.status).toBe(404);
      expect(JSON.stringify(asStranger.body).replaceAll(containerId, "ID")).toBe(
        JSON.stringify(asOwnerOfNothing.body).replaceAll(unknown, "ID"),
      );
    }
    for (const path of paths("not-a-uuid")) {
      const { status, body } = await getJson(path);
      expect(status).toBe(404);
      expect(body.errors[0].code).toBe("not_found");
    }
  });

  it("refuses an unknown include or a bad page with a 400 naming the parameter", async () => {
    const cases: [string, string][] = [
      [`/v2/containers/${containerId}/transport_events?include=vessels`, "include"],
      [`/v2/containers/${containerId}/transport_events?include=shipment,raw_events`, "include"],
      [`/v2/containers/${containerId}/transport_events?page[number]=0`, "page[number]"],
      [`/v2/containers/${containerId}/transport_events?page[size]=many`, "page[size]"],
      [`/v2/containers/${containerId}/raw_events?include=shipment`, "include"],
    ];
    for (const [path, parameter] of cases) {
      const { status, body } = await getJson(path);
      expect(status, path).toBe(400);
      expect(body.errors[0].source, path).toEqual({ parameter });
      expect(body.errors[0].detail, path).toMatch(/\S/);
    }
  });

  it("describes both endpoints in the OpenAPI document", async () => {
    const { body } = await getJson("/v2/openapi.json");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(["/v2/containers/{id}/transport_events", "/v2/containers/{id}/raw_events"]),
    );
    expect(Object.keys(body.components.schemas)).toEqual(
      expect.arrayContaining(["TransportEvent", "RawEvent", "TransportEventList", "RawEventList"]),
    );
  });
});
