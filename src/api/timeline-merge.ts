// Merges a container's transport events (what happened, normalized) with its raw events (the carrier's own lines,
// actual and planned) into one ordered list of milestones, each with the carrier's wording beside it.
//
// Pure: the API's resources in, plain objects out, so that matching and ordering are tested without a browser, and
// the dashboard's timeline and the MCP server's `get_container` tell the same story.
import type { DataSource, RawEvent, TransportEvent } from "./events";
import { milestoneRank, rawEventName } from "./milestones";
import type { Port, Terminal } from "./reference";
import type { Vessel } from "./vessels";

/**
 * done: a transport event (it happened); planned: the carrier's estimate of something still to come;
 * carrier_only: a line the carrier shows as happened that no transport event confirms.
 */
export type MilestoneState = "done" | "planned" | "carrier_only";

export interface Place {
  /** UN/LOCODE when known; what stays of a place are compared by. */
  locode: string | null;
  name: string;
  /** IANA zone: the milestone's time is shown in it. */
  timeZone: string | null;
}

export interface VesselRef {
  id: string | null;
  name: string;
  imo: string | null;
}

/** One of the carrier's lines, as it worded it. */
export interface CarrierLine {
  id: string;
  index: number;
  text: string;
  estimated: boolean;
  at: string | null;
}

export interface Milestone {
  /** Stable across refreshes: the transport event's or the raw event's id. */
  key: string;
  state: MilestoneState;
  /** The bare milestone name (`vessel_departed`); null for a carrier line that names none. */
  name: string | null;
  /** ISO instant; null when the source gives no time. */
  at: string | null;
  place: Place | null;
  terminal: string | null;
  vessel: VesselRef | null;
  voyage: string | null;
  /** The carrier's lines behind it, in the carrier's order: the one(s) it confirms, then superseded estimates. */
  lines: CarrierLine[];
  /** Who reported it: the transport event's source; the shipping line for its own lines. */
  source: DataSource;
  /** When the service recorded it (ISO): with `at`, how late the news came; for a plan, since when it stood. */
  recordedAt: string;
}

export interface TimelineSources {
  transportEvents: readonly TransportEvent[];
  rawEvents: readonly RawEvent[];
  /** Included resources by id (ports, vessels and terminals the events name). */
  ports: ReadonlyMap<string, Port>;
  vessels: ReadonlyMap<string, Vessel>;
  terminals: ReadonlyMap<string, Terminal>;
}

/**
 * How far apart a carrier line and the transport event it confirms may be. The same carrier line gives both the
 * same instant; the margin covers sources that publish only a local day (the hosted API then sends local
 * midnight as UTC), which can sit a day and a zone's offset away from the real moment.
 */
export const MATCH_WINDOW_MS = 38 * 3_600_000;

const TRANSPORT_PREFIX = "container.transport.";

/** Raw names the hosted API spells differently from the transport event they confirm. */
const RAW_ALIASES: Readonly<Record<string, string>> = {
  arrived_at_destination: "arrived_at_inland_destination",
};
const rawName = (line: RawEvent) => {
  const name = line.attributes.event;
  return name === null ? null : (RAW_ALIASES[name] ?? name);
};

/** `container.transport.estimated.vessel_arrived` → {name: "vessel_arrived", estimated: true}; null if not a movement. */
export function movementName(event: string): { name: string; estimated: boolean } | null {
  if (!event.startsWith(TRANSPORT_PREFIX)) return null;
  const rest = event.slice(TRANSPORT_PREFIX.length);
  return rest.startsWith("estimated.")
    ? { name: rest.slice("estimated.".length), estimated: true }
    : { name: rest, estimated: false };
}

function portPlace(port: Port): Place {
  return { locode: port.attributes.code, name: port.attributes.name, timeZone: port.attributes.time_zone };
}

function transportPlace(event: TransportEvent, ports: TimelineSources["ports"]): Place | null {
  const ref = event.relationships.location.data;
  const port = ref ? ports.get(ref.id) : undefined;
  if (port) return portPlace(port);
  const { location_locode: locode, timezone } = event.attributes;
  return locode ? { locode, name: locode, timeZone: timezone } : null;
}

function rawPlace(line: RawEvent, ports: TimelineSources["ports"]): Place | null {
  const ref = line.relationships.location.data;
  const port = ref ? ports.get(ref.id) : undefined;
  if (port) return portPlace(port);
  const { location_locode: locode, location_name: name, timezone } = line.attributes;
  return locode || name ? { locode, name: name ?? locode ?? "", timeZone: timezone } : null;
}

function vesselOf(id: string | null | undefined, vessels: TimelineSources["vessels"]): VesselRef | null {
  const vessel = id ? vessels.get(id) : undefined;
  return vessel ? { id: vessel.id, name: vessel.attributes.name, imo: vessel.attributes.imo } : null;
}

function carrierLine(line: RawEvent): CarrierLine {
  const a = line.attributes;
  return { id: line.id, index: a.index, text: a.original_event, estimated: a.estimated, at: a.timestamp };
}

const samePlace = (a: Place | null, b: Place | null) =>
  a === null || b === null || a.locode === null || b.locode === null || a.locode === b.locode;

const timeOf = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** How well a carrier line fits a milestone: the time between them, or null when it cannot be the same one. */
function distance(
  line: RawEvent,
  place: Place | null,
  name: string,
  at: string | null,
  sources: TimelineSources,
) {
  const lineName = rawName(line);
  // Raw events send a milestone the hosted raw names lack (vessel_berthed) without a name, as the hosted API does:
  // such a line confirms that movement only at its very instant, where the carrier line and the event are one.
  const unnamed = lineName === null && rawEventName(name) === null;
  if ((lineName !== name && !unnamed) || !samePlace(rawPlace(line, sources.ports), place)) return null;
  const a = timeOf(line.attributes.timestamp);
  const b = timeOf(at);
  if (a === null || b === null) return unnamed ? null : 0;
  const gap = Math.abs(a - b);
  if (unnamed) return gap === 0 ? 0 : null;
  return gap <= MATCH_WINDOW_MS ? gap : null;
}

interface Draft extends Milestone {
  /** Where the milestone's own source listed it, to keep equal times in a stable order. */
  sequence: number;
}

/** The milestones of a container, ordered by time (unknown times last), the journey's order, then the sources'. */
export function mergeEvents(sources: TimelineSources): Milestone[] {
  const drafts: Draft[] = [];
  const transports: { draft: Draft; estimated: boolean }[] = [];
  sources.transportEvents.forEach((event, i) => {
    const movement = movementName(event.attributes.event);
    if (!movement) return;
    const terminalRef = event.relationships.terminal.data;
    const terminal = terminalRef ? sources.terminals.get(terminalRef.id) : undefined;
    const draft: Draft = {
      key: event.id,
      state: movement.estimated ? "planned" : "done",
      name: movement.name,
      at: event.attributes.timestamp,
      place: transportPlace(event, sources.ports),
      terminal: terminal ? terminal.attributes.name : null,
      vessel: vesselOf(event.relationships.vessel.data?.id, sources.vessels),
      voyage: event.attributes.voyage_number,
      lines: [],
      source: event.attributes.data_source ?? "shipping_line",
      recordedAt: event.attributes.created_at,
      sequence: i,
    };
    drafts.push(draft);
    transports.push({ draft, estimated: movement.estimated });
  });

  // Each carrier line goes to the nearest transport event it can confirm: actual lines to what happened,
  // estimated lines to estimated events; the nearest pairs are settled first.
  const pairs: { line: RawEvent; target: Draft; gap: number }[] = [];
  for (const line of sources.rawEvents) {
    for (const { draft, estimated } of transports) {
      if (estimated !== line.attributes.estimated) continue;
      const gap = distance(line, draft.place, draft.name!, draft.at, sources);
      if (gap !== null) pairs.push({ line, target: draft, gap });
    }
  }
  pairs.sort((a, b) => a.gap - b.gap || a.line.attributes.index - b.line.attributes.index);
  const placed = new Set<string>();
  for (const { line, target } of pairs) {
    if (placed.has(line.id)) continue;
    placed.add(line.id);
    target.lines.push(carrierLine(line));
  }

  const offset = sources.transportEvents.length;
  for (const line of sources.rawEvents) {
    if (placed.has(line.id)) continue;
    const a = line.attributes;
    const name = rawName(line);
    if (a.estimated && name !== null) {
      // An estimate of something that has since happened (a carrier that keeps its old "ETA" line) is shown
      // with what happened, not as a plan.
      const happened = transports.find(
        (t) =>
          !t.estimated && t.draft.name === name && samePlace(t.draft.place, rawPlace(line, sources.ports)),
      );
      if (happened) {
        happened.draft.lines.push(carrierLine(line));
        continue;
      }
    }
    drafts.push({
      key: line.id,
      state: a.estimated ? "planned" : "carrier_only",
      name,
      at: a.timestamp,
      place: rawPlace(line, sources.ports),
      terminal: null,
      vessel:
        vesselOf(line.relationships.vessel.data?.id, sources.vessels) ??
        (a.vessel_name ? { id: null, name: a.vessel_name, imo: a.vessel_imo } : null),
      voyage: a.voyage_number,
      lines: [carrierLine(line)],
      source: "shipping_line",
      recordedAt: a.created_at,
      sequence: offset + a.index,
    });
  }

  for (const draft of drafts) {
    draft.lines.sort((x, y) => Number(x.estimated) - Number(y.estimated) || x.index - y.index);
  }
  const time = (d: Draft) => timeOf(d.at) ?? Number.POSITIVE_INFINITY;
  drafts.sort(
    (a, b) => time(a) - time(b) || milestoneRank(a.name) - milestoneRank(b.name) || a.sequence - b.sequence,
  );
  return drafts.map(({ sequence: _sequence, ...milestone }) => milestone);
}
