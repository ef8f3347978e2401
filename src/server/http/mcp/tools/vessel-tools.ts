// The MCP tool `get_vessel`: where a ship is (position, speed and course, in UTC named), where it is heading for
// the account (next port and ETA in that port's zone), where it was last, and the account's containers aboard;
// from the /v2 API alone. A name is looked up among the vessels carrying the account's containers now.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { isUuid } from "../../../../api/ids";
import { includedOfType } from "../../../../api/included";
import { singleDocument } from "../../../../api/json-api";
import { type Port, portSchema } from "../../../../api/reference";
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, searchDocumentSchema } from "../../../../api/search";
import {
  FLEET_PAGE_SIZE_MAX,
  fleetDocumentSchema,
  POSITIONS_TOLERANCE_MAX_METERS,
  SHOW_POSITIONS_TOLERANCE,
  type VesselDetail,
  vesselDetailSchema,
} from "../../../../api/vessels";
import { ApiCallError, type ApiCaller } from "../api-caller";
import { answering, timeInZone, toolAnswer } from "../tool-result";

const IMO = /^(?:IMO\s*)?(\d{7})$/i;
/** The containers aboard named one by one; the rest are counted. */
export const CARGO_LISTED = 5;
/** How many pages of the fleet a name is looked for in (a thousand vessels each). */
const FLEET_PAGES_SEARCHED = 5;

export const getVesselInput = {
  vessel: z
    .string()
    .trim()
    .min(1)
    .describe("The vessel's id (a UUID from another tool), its IMO number (7 digits), or its name."),
};

interface NamedVessel {
  id: string;
  name: string;
  imo: string | null;
}

const nameKey = (name: string) => name.replace(/\s+/g, " ").trim().toUpperCase();
const vesselWords = (v: NamedVessel) => (v.imo ? `${v.name} (IMO ${v.imo})` : v.name);

/** The id or IMO the API's vessel route takes; a name is looked for in the account's fleet, then by search. */
async function vesselKeyOf(api: ApiCaller, given: string): Promise<string> {
  if (isUuid(given)) return given;
  const imo = IMO.exec(given.replace(/\s+/g, " "));
  if (imo) return imo[1]!;
  const name = nameKey(given);
  const partial: NamedVessel[] = [];
  for (let page = 1; page <= FLEET_PAGES_SEARCHED; page++) {
    const fleet = await api.request("/v2/vessels", {
      schema: fleetDocumentSchema,
      query: { "page[number]": page, "page[size]": FLEET_PAGE_SIZE_MAX },
    });
    for (const vessel of fleet.data) {
      const its = nameKey(vessel.attributes.name);
      if (its === name) return vessel.id;
      if (its.includes(name))
        partial.push({
          id: vessel.id,
          name: vessel.attributes.name,
          imo: vessel.attributes.imo,
        });
    }
    if (!fleet.links.next) break;
  }
  // Not sailing for the account now: search also knows the vessels that carried its containers before (a finished
  // voyage, a first leg), which the vessel route finds too. Its matches include the fleet's partial ones.
  const found = await searchedVessels(api, given);
  const candidates = found.length > 0 ? found : partial;
  const exact = candidates.filter((v) => nameKey(v.name) === name);
  const chosen = exact.length > 0 ? exact : candidates;
  if (chosen.length === 1) return chosen[0]!.id;
  if (chosen.length > 1) {
    throw new ApiCallError(
      400,
      `Several vessels that carry or carried this account's containers match '${given}': ${chosen
        .map(vesselWords)
        .join(", ")}. Ask which one is meant, and give its IMO number.`,
    );
  }
  throw new ApiCallError(404, `No vessel named '${given}' carries or carried this account's containers.`);
}

/** The vessels GET /v2/search finds by the name, best first; none when the name is too short or long to search. */
async function searchedVessels(api: ApiCaller, given: string): Promise<NamedVessel[]> {
  const query = given.trim();
  if (query.length < SEARCH_QUERY_MIN || query.length > SEARCH_QUERY_MAX) return [];
  const results = await api.request("/v2/search", {
    schema: searchDocumentSchema,
    query: { query },
  });
  return results.data
    .filter((r) => r.type === "vessel")
    .map((r) => ({
      id: r.id,
      // The contract names a vessel in `name` and gives its IMO as `number` (its MMSI when it has none).
      name: r.attributes.name ?? r.attributes.number,
      imo: IMO.test(r.attributes.number) ? r.attributes.number : null,
    }));
}

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
