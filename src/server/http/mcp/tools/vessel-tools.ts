// The MCP tool `get_vessel`: where a ship is (position, speed and course, in UTC named), where it is heading for
// the account (next port and ETA in that port's zone), where it was last, and the account's containers aboard;
// from the /v2 API alone. A name is looked up among the vessels carrying the account's containers now.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { includedOfType } from "../../../../api/included";
import { singleDocument } from "../../../../api/json-api";
import { type Port, portSchema } from "../../../../api/reference";
import {
  POSITIONS_TOLERANCE_MAX_METERS,
  SHOW_POSITIONS_TOLERANCE,
  type VesselDetail,
  vesselDetailSchema,
} from "../../../../api/vessels";
import type { ApiCaller } from "../api-caller";
import { answering, timeInZone, toolAnswer } from "../tool-result";
import { vesselKeyOf } from "./vessel-lookup";

/** The containers aboard named one by one; the rest are counted. */
export const CARGO_LISTED = 5;

export const getVesselInput = {
  vessel: z
    .string()
    .trim()
    .min(1)
    .describe("The vessel's id (a UUID from another tool), its IMO number (7 digits), or its name."),
};

async function portOf(
  api: ApiCaller,
  id: string | undefined,
  known: Map<string, Port>,
): Promise<Port | null> {
  if (!id) return null;
  const found = known.get(id);
  if (found) return found;
  return (
    await api.request(`/v2/ports/${encodeURIComponent(id)}`, {
      schema: singleDocument(portSchema),
    })
  ).data;
}

const portWords = (port: Port) => `${port.attributes.name} (${port.attributes.code})`;

export async function getVessel(api: ApiCaller, input: { vessel: string }) {
  const key = await vesselKeyOf(api, input.vessel);
  const document = await api.request(`/v2/vessels/${encodeURIComponent(key)}`, {
    schema: singleDocument(vesselDetailSchema),
    // The position is in the attributes; the week's track is thinned to its fewest points, as it is not answered.
    query: { [SHOW_POSITIONS_TOLERANCE]: POSITIONS_TOLERANCE_MAX_METERS },
  });
  const vessel: VesselDetail = document.data;
  const v = vessel.attributes;
  const known = includedOfType(document.included, "port", portSchema);
  const [next, previous, last] = await Promise.all([
    portOf(api, vessel.relationships?.next_port.data?.id, known),
    portOf(api, vessel.relationships?.previous_port.data?.id, known),
    portOf(api, vessel.relationships?.last_port.data?.id, known),
  ]);
  const meta = vessel.meta;
  const zoneOf = (port: Port | null) => port?.attributes.time_zone ?? null;
  const position =
    v.latitude !== null && v.longitude !== null
      ? {
          lat: v.latitude,
          lon: v.longitude,
          speed_knots: v.nautical_speed_knots,
          course_degrees: v.navigational_heading_degrees,
          at: timeInZone(v.position_timestamp, "UTC"),
        }
      : null;
  const headingTo = next
    ? {
        name: next.attributes.name,
        locode: next.attributes.code,
        time_zone: next.attributes.time_zone,
        eta: timeInZone(meta?.next_port_eta_at ?? null, zoneOf(next)),
        arrived: timeInZone(meta?.next_port_ata_at ?? null, zoneOf(next)),
      }
    : null;
  const lastPort = last
    ? {
        name: last.attributes.name,
        locode: last.attributes.code,
        time_zone: last.attributes.time_zone,
        arrived: timeInZone(meta?.last_port_arrived_at ?? null, zoneOf(last)),
        departed: timeInZone(meta?.last_port_departed_at ?? null, zoneOf(last)),
      }
    : null;
  const cargo = meta?.cargo ?? [];
  const aboard = {
    containers: meta?.containers_aboard ?? 0,
    shipments: meta?.shipments_aboard ?? 0,
    first: cargo.slice(0, CARGO_LISTED).map((c) => ({
      id: c.container_id,
      number: c.container_number,
      port_of_discharge: c.port_of_discharge_name,
    })),
  };
  const structured = {
    vessel: { id: vessel.id, name: v.name, imo: v.imo, mmsi: v.mmsi },
    position,
    voyage: meta?.voyage_number ?? null,
    heading_to: headingTo,
    loaded_at: previous
      ? {
          name: previous.attributes.name,
          locode: previous.attributes.code,
          departed: timeInZone(meta?.previous_port_atd_at ?? null, zoneOf(previous)),
        }
      : null,
    last_port: lastPort,
    aboard,
  };
  return toolAnswer(summaryOf(structured, next, last), structured);
}

function summaryOf(
  s: {
    vessel: { name: string; imo: string | null };
    position: {
      lat: number;
      lon: number;
      speed_knots: number | null;
      at: string | null;
    } | null;
    heading_to: { eta: string | null; arrived: string | null } | null;
    last_port: { departed: string | null; arrived: string | null } | null;
    aboard: { containers: number; first: { number: string }[] };
  },
  next: Port | null,
  last: Port | null,
): string {
  const parts = [`${s.vessel.name}${s.vessel.imo ? ` (IMO ${s.vessel.imo})` : ""}:`];
  if (s.position) {
    const speed = s.position.speed_knots === null ? "" : `, ${s.position.speed_knots} knots`;
    parts.push(
      `at ${s.position.lat.toFixed(3)}, ${s.position.lon.toFixed(3)}${speed}, reported ${s.position.at ?? "at an unknown time"}.`,
    );
  } else {
    parts.push("no position reported.");
  }
  if (next && s.heading_to) {
    parts.push(
      s.heading_to.arrived
        ? `Arrived at ${portWords(next)} on ${s.heading_to.arrived}.`
        : `Heading to ${portWords(next)}${s.heading_to.eta ? `, ETA ${s.heading_to.eta}` : ""}.`,
    );
  }
  if (last && s.last_port) {
    const when = s.last_port.departed
      ? `, left ${s.last_port.departed}`
      : s.last_port.arrived
        ? `, arrived ${s.last_port.arrived}`
        : "";
    parts.push(`Last port: ${portWords(last)}${when}.`);
  }
  const { containers, first } = s.aboard;
  if (containers > 0) {
    const more = containers > first.length ? `, and ${containers - first.length} more` : "";
    parts.push(
      `${containers} of the account's containers aboard: ${first.map((c) => c.number).join(", ")}${more}.`,
    );
  } else {
    parts.push("None of the account's containers is aboard now.");
  }
  return parts.join(" ");
}

export function registerVesselTools(server: McpServer, api: ApiCaller): void {
  server.registerTool(
    "get_vessel",
    {
      title: "Get a vessel",
      description:
        "Where a vessel is now (position, speed, course, in UTC), the next port it sails to for this account with its ETA in that port's time, its last port, and the account's containers aboard. Give its id, IMO number or name.",
      inputSchema: getVesselInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input) => answering(() => getVessel(api, input)),
  );
}
