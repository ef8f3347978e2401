// Service tests of the MCP tool `get_container`, through the SDK's own client and server joined in memory, the tool
// calling the app in-process: its answers agree with the API's own for the same sandbox containers (status, where
// it is, ETA, holds, last free days), times are in the place's zone with the zone named, and another account's
// container or an unknown number is a tool error in the API's words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysUntil } from "../../../api/calendar-days";
import { type Container, containerSchema } from "../../../api/containers";
import { transportEventListDocumentSchema } from "../../../api/events";
import { listDocument, singleDocument } from "../../../api/json-api";
import { hasLeftTerminal } from "../../../api/pickup";
import { portSchema } from "../../../api/reference";
import { routeLocationSchema } from "../../../api/routes";
import { SERVICE_CLOCK_HEADER } from "../../../api/triage";
import { vesselSchema } from "../../../api/vessels";
import { connectTools, type ToolClient } from "../../testing/mcp-tool-client";
import {
  findSandboxBillOfLading,
  sailingAfterTransshipment,
  trackSandboxShipment,
} from "../../testing/sandbox-shipments";
import { createHarness, type Harness } from "../../testing/service-harness";
import type { CarrierContainer, CarrierSnapshot } from "../../tracking/carrier-adapter";
import { timeInZone } from "./tool-result";
import type { TimelineEntry } from "./tools/container-answer";
import { MAX_WAYPOINTS } from "./tools/container-answer";
import { registerContainerTools } from "./tools/container-tools";
import type { PickupAnswer } from "./tools/pickup-answer";
import type { WhereNow } from "./tools/where-on-route";

const DAY = 86_400_000;

interface GetContainerAnswer {
  container: { id: string; number: string; status: string; status_words: string; pod_eta: string | null };
  where_now: WhereNow;
  pickup: PickupAnswer;
  timeline?: TimelineEntry[];
  route?: {
    ports: { name: string; locode: string | null; arrival: string | null; time_zone: string | null }[];
    path_ahead: { from_vessel: boolean; waypoints: { lat: number; lon: number }[] };
  };
}

const textOf = (result: { content: unknown }) =>
  (result.content as { type: string; text: string }[]).map((c) => c.text).join("\n");

async function apiJson(h: Harness, key: string, path: string) {
  const response = await h.request(key, path);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function apiContainer(h: Harness, key: string, id: string): Promise<Container> {
  return singleDocument(containerSchema).parse((await apiJson(h, key, `/v2/containers/${id}`)).body).data;
}

describe("get_container: a box on the water after its transshipment", () => {
  let h: Harness;
  let key: string;
  let otherKey: string;
  let tools: ToolClient;
  let otherTools: ToolClient;
  let containerId: string;
  let containerNumber: string;

  beforeAll(async () => {
    h = await createHarness();
    const own = await h.newAccount("Answers Co");
    key = own.apiKey;
    otherKey = (await h.newAccount("Someone Else")).apiKey;
    const number = findSandboxBillOfLading("CMDU", h.clock.now(), 10 * DAY, (s) =>
      s.containers.every(sailingAfterTransshipment),
    );
    const tracked = await trackSandboxShipment(h, own.account.id, "CMDU", number, 10 * DAY);
    containerId = tracked.containers[0]!.id;
    containerNumber = tracked.containers[0]!.number;
    tools = await connectTools(h, key, registerContainerTools);
    otherTools = await connectTools(h, otherKey, registerContainerTools);
  });
  afterAll(async () => {
    await tools.close();
    await otherTools.close();
    await h.close();
  });

  it("is listed as a read-only tool with an input schema", async () => {
    const { tools: listed } = await tools.client.listTools();
    const tool = listed.find((t) => t.name === "get_container");
    expect(tool?.annotations?.readOnlyHint).toBe(true);
    expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual([
      "container",
      "include_timeline",
      "include_route",
    ]);
  });

  it("finds the box by number and says where it is as the API's route does: aboard, heading where, ETA", async () => {
    const result = await tools.call("get_container", { container: containerNumber.toLowerCase() });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as unknown as GetContainerAnswer;
    const container = await apiContainer(h, key, containerId);
    expect(answer.container).toMatchObject({ id: containerId, number: containerNumber, status: "on_ship" });
    expect(container.attributes.current_status).toBe("on_ship");

    // The API's route: the last stop the box has left, and the next one, with its port and vessel.
    const route = (await apiJson(h, key, `/v2/containers/${containerId}/route`)).body;
    const included = route.included as { id: string; type: string }[];
    const locations = (route.data.relationships.route_locations.data as { id: string }[]).map((ref) =>
      routeLocationSchema.parse(included.find((r) => r.id === ref.id)),
    );
    const leftIndex = locations.findLastIndex((l) => l.attributes.outbound_atd_at !== null);
    const next = locations[leftIndex + 1]!;
    const port = portSchema.parse(included.find((r) => r.id === next.relationships.location.data?.id));
    const vesselId = locations[leftIndex]!.relationships.outbound_vessel.data?.id;
    const vessel = vesselSchema.parse(included.find((r) => r.id === vesselId));

    expect(answer.where_now.kind).toBe("at_sea");
    expect(answer.where_now.vessel?.name).toBe(vessel.attributes.name);
    expect(answer.where_now.heading_to).toMatchObject({
      locode: port.attributes.code,
      time_zone: port.attributes.time_zone,
      eta: timeInZone(next.attributes.inbound_eta_at, port.attributes.time_zone),
    });
    // The ETA reads in the port's own zone, named.
    expect(answer.where_now.heading_to?.eta).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} ${port.attributes.time_zone}$`),
    );
    expect(answer.container.pod_eta).toBe(
      timeInZone(container.attributes.pod_eta_at, container.attributes.pod_timezone),
    );
    expect(answer.pickup.verdict).toBe("not_yet");
    expect(answer.pickup.obstacles.map((o) => o.kind)).toEqual(["not_discharged"]);
    const text = textOf(result);
    expect(text).toContain(`Aboard ${vessel.attributes.name}`);
    expect(text).toContain(`heading to ${port.attributes.name} (${port.attributes.code})`);
    expect(text).toContain("Can it be picked up? Not yet");
  });

  it("gives the timeline of the API's transport events, each in its place's zone", async () => {
    const result = await tools.call("get_container", { container: containerId, include_timeline: true });
    const answer = result.structuredContent as unknown as GetContainerAnswer;
    const events = transportEventListDocumentSchema.parse(
      (await apiJson(h, key, `/v2/containers/${containerId}/transport_events?page[size]=100`)).body,
    ).data;
    const actual = answer.timeline!.filter((e) => e.state === "actual");
    // The estimates' own events (`container.transport.estimated.*`) are the plan, not what happened.
    // Each says who reported it and when we recorded it, as the dashboard's timeline does.
    expect(actual.map((e) => [e.event, e.time, e.source, e.recorded])).toEqual(
      events
        .filter((e) => !e.attributes.event.includes(".estimated."))
        .map((e) => [
          e.attributes.event.replace("container.transport.", ""),
          timeInZone(e.attributes.timestamp, e.attributes.timezone),
          e.attributes.data_source,
          timeInZone(e.attributes.created_at, e.attributes.timezone),
        ]),
    );
    // The carrier's plan follows what has happened: the arrival still to come is estimated.
    expect(answer.timeline!.some((e) => e.state === "estimated" && e.event === "vessel_arrived")).toBe(true);
    for (const entry of actual) expect(entry.time).toMatch(/ [A-Za-z_]+\/[A-Za-z_]+$/);
  });

  it("gives the route's ports in order and the path ahead as a few waypoints", async () => {
    const result = await tools.call("get_container", { container: containerId, include_route: true });
    const answer = result.structuredContent as unknown as GetContainerAnswer;
    const route = (await apiJson(h, key, `/v2/containers/${containerId}/route`)).body;
    const included = route.included as { id: string; type: string }[];
    const locodes = (route.data.relationships.route_locations.data as { id: string }[]).map((ref) => {
      const location = routeLocationSchema.parse(included.find((r) => r.id === ref.id));
      const port = portSchema.parse(included.find((r) => r.id === location.relationships.location.data?.id));
      return port.attributes.code;
    });
    expect(answer.route!.ports.map((p) => p.locode)).toEqual(locodes);
    const map = (await apiJson(h, key, `/v2/containers/${containerId}/map_geojson`)).body;
    const legs = (
      map.features as {
        properties: { feature_type: string; ports_sequence: number };
        geometry: { coordinates: [number, number][] };
      }[]
    )
      .filter((f) => f.properties.feature_type.startsWith("estimated_"))
      .sort((x, y) => x.properties.ports_sequence - y.properties.ports_sequence);
    const { waypoints, from_vessel } = answer.route!.path_ahead;
    expect(from_vessel).toBe(true);
    expect(waypoints.length).toBeGreaterThanOrEqual(2);
    expect(waypoints.length).toBeLessThanOrEqual(MAX_WAYPOINTS);
    // From where the vessel is now to the last port of the map's estimated legs.
    const rounded = ([lon, lat]: [number, number]) => ({
      lat: Math.round(lat * 1000) / 1000,
      lon: Math.round(lon * 1000) / 1000,
    });
    expect(waypoints[0]).toEqual(rounded(legs[0]!.geometry.coordinates[0]!));
    expect(waypoints.at(-1)).toEqual(rounded(legs.at(-1)!.geometry.coordinates.at(-1)!));
  });

  it("gives the custom fields set on the box with their names and display values, and none when none is set", async () => {
    const before = await tools.call("get_container", { container: containerId });
    expect((before.structuredContent as { custom_fields: unknown[] }).custom_fields).toEqual([]);
    const send = (path: string, json: unknown) =>
      h.request(key, path, { method: "POST", json }).then(async (r) => {
        expect(r.status, path).toBe(201);
        return (await r.json()) as { data: { id: string } };
      });
    await send("/v2/custom_field_definitions", {
      data: {
        type: "custom_field_definition",
        attributes: {
          entity_type: "Container",
          api_slug: "seal_checked",
          display_name: "Seal checked on",
          data_type: "date",
        },
      },
    });
    await send(`/v2/containers/${containerId}/custom_fields`, {
      data: { type: "custom_field", attributes: { api_slug: "seal_checked", value: "2026-03-05" } },
    });
    const result = await tools.call("get_container", { container: containerId });
    expect((result.structuredContent as { custom_fields: unknown[] }).custom_fields).toEqual([
      {
        name: "Seal checked on",
        api_slug: "seal_checked",
        value: "2026-03-05",
        display_value: "Mar 5, 2026",
      },
    ]);
    expect(textOf(result)).toContain("Custom fields: Seal checked on: Mar 5, 2026.");
  });

  it("does not find another account's container, in the API's words", async () => {
    const api = await apiJson(h, otherKey, `/v2/containers/${containerId}`);
    expect(api.status).toBe(404);
    const result = await otherTools.call("get_container", { container: containerId });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(api.body.errors[0].detail);
    const byNumber = await otherTools.call("get_container", { container: containerNumber });
    expect(byNumber.isError).toBe(true);
    expect(textOf(byNumber)).toContain(
      `No container numbered ${containerNumber} is tracked in this account.`,
    );
  });

  it("says clearly that an unknown number is not tracked", async () => {
    const result = await tools.call("get_container", { container: "ZZZU 000000-1" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("No container numbered ZZZU0000001 is tracked in this account.");
  });
});

/** A box waiting at its terminal with a hold on and a last free day set. */
function heldAtTerminal(box: CarrierContainer): boolean {
  const terminal = box.terminal;
  if (!terminal) return false;
  return (
    terminal.holds.some((hold) => hold.status === "hold") &&
    (terminal.lastFreeDayTerminal !== null || terminal.lastFreeDayLine !== null) &&
    !box.events.some((e) => !e.estimated && e.event === "full_out")
  );
}

describe("get_container: a box held at its terminal", () => {
  let h: Harness;
  let key: string;
  let tools: ToolClient;
  let held: { id: string; number: string };

  beforeAll(async () => {
    h = await createHarness();
    const own = await h.newAccount("Held Co");
    key = own.apiKey;
    const number = findSandboxBillOfLading("MAEU", h.clock.now(), 40 * DAY, (s) =>
      s.containers.some(heldAtTerminal),
    );
    const tracked = await trackSandboxShipment(h, own.account.id, "MAEU", number, 40 * DAY);
    const boxes = await Promise.all(tracked.containers.map((c) => apiContainer(h, key, c.id)));
    const box = boxes.find((c) => c.attributes.on_hold)!;
    held = { id: box.id, number: box.attributes.number };
    tools = await connectTools(h, key, registerContainerTools);
  });
  afterAll(async () => {
    await tools.close();
    await h.close();
  });

  it("says no and names the holds the API reports, and where it waits", async () => {
    const container = await apiContainer(h, key, held.id);
    const holds = container.attributes.holds_at_pod_terminal.filter((x) => x.status === "hold");
    expect(holds.length).toBeGreaterThan(0);
    const result = await tools.call("get_container", { container: held.number });
    const answer = result.structuredContent as unknown as GetContainerAnswer;
    expect(answer.pickup.verdict).toBe("no");
    expect(answer.pickup.holds).toEqual(container.attributes.holds_at_pod_terminal);
    for (const hold of holds) expect(answer.pickup.answer).toContain(hold.name);
    expect(textOf(result)).toContain(
      `Can it be picked up? No: on hold: ${holds.map((x) => x.name).join(", ")}`,
    );
    expect(answer.where_now.kind).toBe("at_terminal");
    expect(answer.where_now.since).toBe(
      timeInZone(
        container.attributes.pod_discharged_at ?? container.attributes.pod_arrived_at,
        container.attributes.pod_timezone,
      ),
    );
  });

  it("gives each last free day on its day in the port's zone, with the days left by the service clock", async () => {
    const api = await apiJson(h, key, `/v2/containers/${held.id}`);
    const a = singleDocument(containerSchema).parse(api.body).data.attributes;
    const serviceNow = new Date(api.headers.get(SERVICE_CLOCK_HEADER)!);
    const answer = (await tools.call("get_container", { container: held.id }))
      .structuredContent as unknown as GetContainerAnswer;
    const expected = (
      [
        ["terminal", a.import_deadlines.pickup_lfd_terminal],
        ["line", a.import_deadlines.pickup_lfd_line],
        ["rail", a.import_deadlines.pickup_lfd_rail],
      ] as const
    ).filter(([, iso]) => iso !== null);
    expect(answer.pickup.last_free_days.map((d) => d.source)).toEqual(expected.map(([source]) => source));
    for (const day of answer.pickup.last_free_days) {
      const iso = expected.find(([source]) => source === day.source)![1]!;
      expect(day.time_zone).toBe(a.pod_timezone);
      expect(day.day).toBe(timeInZone(iso, a.pod_timezone)!.slice(0, 10));
      expect(day.days_left).toBe(daysUntil(iso, a.pod_timezone, serviceNow));
    }
    expect(answer.pickup.as_of).toBe(serviceNow.toISOString());
  });

  it("counts the effective last free day as the API's own lfd filter does", async () => {
    const answer = (await tools.call("get_container", { container: held.id }))
      .structuredContent as unknown as GetContainerAnswer;
    const effective = Math.min(
      ...answer.pickup.last_free_days.filter((d) => d.source !== "rail").map((d) => d.days_left),
    );
    const window =
      effective < 0 ? "passed" : effective === 0 ? "today" : effective <= 2 ? "within_2_days" : null;
    for (const lfd of ["passed", "today", "within_2_days"]) {
      const listed = listDocument(containerSchema).parse(
        (await apiJson(h, key, `/v2/containers?filter[lfd]=${lfd}&page[size]=100`)).body,
      );
      expect(listed.data.some((c) => c.id === held.id)).toBe(lfd === window);
    }
  });
});

/** A box whose last actual line puts it at its inland destination, off the train and not picked up. */
function atRailRamp(snapshot: CarrierSnapshot): boolean {
  const destination = snapshot.destination?.locode;
  return snapshot.containers.some((box) => {
    const last = box.events.filter((e) => !e.estimated).at(-1);
    return (
      last !== undefined &&
      last.place?.locode === destination &&
      !["full_out", "delivered", "empty_in"].includes(last.event ?? "")
    );
  });
}

describe("get_container: a box at its inland rail ramp", () => {
  let h: Harness;
  let key: string;
  let tools: ToolClient;
  let box: Container;

  beforeAll(async () => {
    h = await createHarness();
    const own = await h.newAccount("Inland Co");
    key = own.apiKey;
    const number = findSandboxBillOfLading("MAEU", h.clock.now(), 36 * DAY, atRailRamp);
    const tracked = await trackSandboxShipment(h, own.account.id, "MAEU", number, 36 * DAY);
    const boxes = await Promise.all(tracked.containers.map((c) => apiContainer(h, key, c.id)));
    box = boxes.find((c) => !hasLeftTerminal(c.attributes))!;
    tools = await connectTools(h, key, registerContainerTools);
  });
  afterAll(async () => {
    await tools.close();
    await h.close();
  });

  it("says it is at the inland destination, as the timeline does, not at the port of discharge's terminal", async () => {
    const shipment = (await apiJson(h, key, `/v2/shipments/${box.relationships.shipment.data!.id}`)).body
      .data;
    const result = await tools.call("get_container", { container: box.id });
    const answer = result.structuredContent as unknown as GetContainerAnswer;
    expect(answer.where_now.kind).toBe("at_inland_destination");
    expect(answer.where_now.place).toMatchObject({
      name: shipment.attributes.destination_name,
      locode: shipment.attributes.destination_locode,
    });
    expect(answer.where_now.terminal).toBeNull();
    expect(answer.where_now.location_at_terminal).toBeNull();
    expect(textOf(result)).toContain(`At ${shipment.attributes.destination_name}`);
    expect(textOf(result)).not.toContain(box.attributes.port_of_discharge_name!);
  });
});
