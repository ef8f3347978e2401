// Service tests of the MCP tool `get_vessel`, through the SDK's own client and server joined in memory, the tool
// calling the app in-process: the vessel carrying a sandbox container on the water is found by id, IMO and name,
// and its answer agrees with the API's (position, next port and ETA in that port's zone, containers aboard);
// another account does not find it, in the API's words; an unknown name is a clear tool error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { singleDocument } from "../../../api/json-api";
import { portSchema } from "../../../api/reference";
import { routeLocationSchema } from "../../../api/routes";
import { vesselDetailSchema } from "../../../api/vessels";
import { connectTools, type ToolClient } from "../../testing/mcp-tool-client";
import {
  findSandboxBillOfLading,
  sailingAfterTransshipment,
  trackSandboxShipment,
} from "../../testing/sandbox-shipments";
import { createHarness, type Harness } from "../../testing/service-harness";
import { timeInZone } from "./tool-result";
import { registerVesselTools } from "./tools/vessel-tools";

const DAY = 86_400_000;

/** Two letters both names hold, whatever their case (the tool matches names whatever their case). */
function sharedPair(one: string, other: string): string | undefined {
  const [a, b] = [one.toLowerCase(), other.toLowerCase()];
  return [...a].map((_, i) => a.slice(i, i + 2)).find((pair) => /^[a-z]{2}$/.test(pair) && b.includes(pair));
}

interface GetVesselAnswer {
  vessel: { id: string; name: string; imo: string | null };
  position: {
    lat: number;
    lon: number;
    speed_knots: number | null;
    course_degrees: number | null;
    at: string;
  };
  heading_to: { locode: string; time_zone: string; eta: string | null } | null;
  aboard: { containers: number; first: { id: string; number: string }[] };
}

const textOf = (result: { content: unknown }) =>
  (result.content as { type: string; text: string }[]).map((c) => c.text).join("\n");

let h: Harness;
let key: string;
let otherKey: string;
let tools: ToolClient;
let otherTools: ToolClient;
let vesselId: string;
/** The vessel the first box sailed its first leg on: it carried the account's containers, but carries none now. */
let earlierVesselId: string;
let containerNumbers: string[];

beforeAll(async () => {
  h = await createHarness();
  const own = await h.newAccount("Vessel Answers Co");
  key = own.apiKey;
  otherKey = (await h.newAccount("Someone Else")).apiKey;
  // Its vessels' names have two letters in common, which the test of a name's part asks for.
  const number = findSandboxBillOfLading(
    "CMDU",
    h.clock.now(),
    10 * DAY,
    (s) =>
      s.containers.every(sailingAfterTransshipment) &&
      s.vessels.every((v) => sharedPair(v.name, s.vessels[0]!.name) !== undefined),
  );
  const tracked = await trackSandboxShipment(h, own.account.id, "CMDU", number, 10 * DAY);
  containerNumbers = tracked.containers.map((c) => c.number);
  // The vessel the first box left its transshipment port on, as the API's route names it.
  const route = await (await h.request(key, `/v2/containers/${tracked.containers[0]!.id}/route`)).json();
  const included = route.included as { id: string; type: string }[];
  const locations = (route.data.relationships.route_locations.data as { id: string }[]).map((ref) =>
    routeLocationSchema.parse(included.find((r) => r.id === ref.id)),
  );
  const left = locations.findLast((l) => l.attributes.outbound_atd_at !== null)!;
  vesselId = left.relationships.outbound_vessel.data!.id;
  earlierVesselId = locations.find((l) => l.attributes.outbound_atd_at !== null)!.relationships
    .outbound_vessel.data!.id;
  tools = await connectTools(h, key, registerVesselTools);
  otherTools = await connectTools(h, otherKey, registerVesselTools);
});
afterAll(async () => {
  await tools.close();
  await otherTools.close();
  await h.close();
});

async function apiVessel(id: string, apiKey = key) {
  const response = await h.request(apiKey, `/v2/vessels/${id}`);
  return { status: response.status, body: await response.json() };
}

describe("get_vessel", () => {
  it("is listed as a read-only tool", async () => {
    const { tools: listed } = await tools.client.listTools();
    expect(listed.find((t) => t.name === "get_vessel")?.annotations?.readOnlyHint).toBe(true);
  });

  it("answers as the API does: position in UTC, next port with its ETA in that port's zone, boxes aboard", async () => {
    const vessel = singleDocument(vesselDetailSchema).parse((await apiVessel(vesselId)).body).data;
    const nextPortId = vessel.relationships!.next_port.data!.id;
    const port = singleDocument(portSchema).parse(
      await (await h.request(key, `/v2/ports/${nextPortId}`)).json(),
    ).data;
    const result = await tools.call("get_vessel", { vessel: vesselId });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as unknown as GetVesselAnswer;
    expect(answer.vessel).toMatchObject({
      id: vesselId,
      name: vessel.attributes.name,
      imo: vessel.attributes.imo,
    });
    expect(answer.position).toEqual({
      lat: vessel.attributes.latitude,
      lon: vessel.attributes.longitude,
      speed_knots: vessel.attributes.nautical_speed_knots,
      course_degrees: vessel.attributes.navigational_heading_degrees,
      at: timeInZone(vessel.attributes.position_timestamp, "UTC"),
    });
    expect(answer.position.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(answer.heading_to).toMatchObject({
      locode: port.attributes.code,
      time_zone: port.attributes.time_zone,
      eta: timeInZone(vessel.meta!.next_port_eta_at, port.attributes.time_zone),
    });
    expect(answer.heading_to?.eta).toMatch(new RegExp(` ${port.attributes.time_zone}$`));
    expect(answer.aboard.containers).toBe(vessel.meta!.containers_aboard);
    expect(answer.aboard.first.map((c) => c.number)).toEqual(
      vessel.meta!.cargo.slice(0, 5).map((c) => c.container_number),
    );
    for (const number of containerNumbers)
      expect(vessel.meta!.cargo.map((c) => c.container_number)).toContain(number);
    const text = textOf(result);
    expect(text).toContain(
      `Heading to ${port.attributes.name} (${port.attributes.code}), ETA ${answer.heading_to?.eta}`,
    );
    expect(text).toContain(containerNumbers[0]);
  });

  it("finds the same vessel by IMO number and by name, in any case", async () => {
    const vessel = singleDocument(vesselDetailSchema).parse((await apiVessel(vesselId)).body).data;
    for (const given of [
      vessel.attributes.imo!,
      `IMO ${vessel.attributes.imo}`,
      vessel.attributes.name.toLowerCase(),
    ]) {
      const answer = (await tools.call("get_vessel", { vessel: given }))
        .structuredContent as unknown as GetVesselAnswer;
      expect(answer.vessel.id).toBe(vesselId);
    }
  });

  it("does not find a vessel for an account none of whose containers it carries, in the API's words", async () => {
    const api = await apiVessel(vesselId, otherKey);
    expect(api.status).toBe(404);
    const result = await otherTools.call("get_vessel", { vessel: vesselId });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(api.body.errors[0].detail);
  });

  it("finds by name, through search, a vessel that carried the account's containers before and none now", async () => {
    const earlier = singleDocument(vesselDetailSchema).parse((await apiVessel(earlierVesselId)).body).data;
    const fleet = await (await h.request(key, "/v2/vessels?page[size]=1000")).json();
    expect(fleet.data.map((v: { id: string }) => v.id)).not.toContain(earlierVesselId);
    const result = await tools.call("get_vessel", { vessel: ` ${earlier.attributes.name.toLowerCase()} ` });
    expect(textOf(result)).not.toMatch(/^No vessel/);
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as unknown as GetVesselAnswer;
    expect(answer.vessel).toMatchObject({ id: earlierVesselId, name: earlier.attributes.name });
  });

  it("lists the vessels a part of a name matches, with their IMO numbers, for the assistant to ask which", async () => {
    const names = await Promise.all(
      [vesselId, earlierVesselId].map(
        async (id) => singleDocument(vesselDetailSchema).parse((await apiVessel(id)).body).data.attributes,
      ),
    );
    const [now, before] = names as [(typeof names)[number], (typeof names)[number]];
    // A part both names hold (the sandbox names them differently; the shipment is one whose vessels share one).
    const part = sharedPair(now.name, before.name);
    expect(part, `${now.name} / ${before.name}`).toBeDefined();
    const result = await tools.call("get_vessel", { vessel: part! });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(/^Several vessels that carry or carried this account's containers match/);
    for (const vessel of names) expect(text).toContain(`${vessel.name} (IMO ${vessel.imo})`);
  });

  it("says clearly that no vessel of that name carries or carried the account's containers", async () => {
    const result = await tools.call("get_vessel", { vessel: "Flying Dutchman" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "No vessel named 'Flying Dutchman' carries or carried this account's containers.",
    );
  });
});
