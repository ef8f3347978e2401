// What global search shows for a term: the shipments, containers, vessels and ports found, each with the part that
// matched marked, ranked (exact, then starts with, then a word starting with, then anywhere) and grouped by kind.
// Pure, so that the ranking is tested without a browser; the API calls that feed it are in queries.ts.
import type { Container } from "../../../api/containers";
import type { Shipment } from "../../../api/shipments";
import { containerStatusWords } from "../../lib/format";

export type SearchKind = "shipment" | "container" | "vessel" | "port";

/** Kinds in the order their groups come when they match equally well. */
export const SEARCH_KINDS: readonly SearchKind[] = ["shipment", "container", "vessel", "port"];

export const KIND_LABELS: Record<SearchKind, string> = {
  shipment: "Shipments",
  container: "Containers",
  vessel: "Vessels",
  port: "Ports",
};

/** At most this many results of each kind: the box is for finding one thing; the lists are for browsing. */
export const HITS_PER_KIND = 5;

/** How well a text matches: lower is better. */
export const RANK = { exact: 0, prefix: 1, wordStart: 2, inside: 3, unseen: 4 } as const;
export type Rank = (typeof RANK)[keyof typeof RANK];

/** A text with the part that matched the term, as [start, end) offsets; null when the term is not in it. */
export interface Marked {
  text: string;
  match: readonly [number, number] | null;
}

/** Where opening a result goes. */
export type SearchTarget =
  | { kind: "shipment"; id: string }
  | { kind: "container"; id: string }
  /** A vessel carrying the account's containers now: the map, with it selected. */
  | { kind: "vessel"; id: string }
  /** A vessel that carries none of them now: the shipments it carried, by its name. */
  | { kind: "vessel_shipments"; vessel: string }
  /** The shipments discharging at a port. */
  | { kind: "port"; locode: string };

export interface SearchHit {
  /** Unique among all results: the option's id is made from it. */
  key: string;
  kind: SearchKind;
  title: Marked;
  /** The second line: what matched when it is not the title, else what identifies the thing. */
  detail: Marked;
  rank: Rank;
  target: SearchTarget;
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  hits: SearchHit[];
}

/** A vessel of the fleet (GET /v2/vessels), as much as search needs. */
export interface FleetVesselEntry {
  id: string;
  name: string;
  imo: string | null;
  nextPortName: string | null;
}

/** A port known by name and UN/LOCODE (from the fleet's ports or GET /v2/ports/{code}). */
export interface PortEntry {
  code: string;
  name: string;
  countryCode: string | null;
}

export interface SearchSources {
  shipments: readonly Shipment[];
  containers: readonly Container[];
  fleet: readonly FleetVesselEntry[];
  ports: readonly PortEntry[];
}

interface Found {
  start: number;
  end: number;
  rank: Rank;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

function rankAt(text: string, start: number, end: number): Rank {
  if (start === 0 && end === text.length) return RANK.exact;
  if (start === 0) return RANK.prefix;
  return isWordChar(text[start - 1]) ? RANK.inside : RANK.wordStart;
}

/**
 * Where the term is in the text, ignoring case, and ignoring spaces, dashes and other punctuation when the plain
 * search misses ("MSCU 123" finds "MSCU123", "us lax" finds "USLAX"); null when it is not there.
 */
export function findTerm(text: string, term: string): Found | null {
  const needle = term.trim().toLowerCase();
  if (!needle) return null;
  const haystack = text.toLowerCase();
  const at = haystack.indexOf(needle);
  if (at >= 0) return { start: at, end: at + needle.length, rank: rankAt(text, at, at + needle.length) };

  // Letters and digits only, each remembering where it stood in the text.
  const positions: number[] = [];
  let compact = "";
  for (let i = 0; i < haystack.length; i++) {
    const c = haystack[i] as string;
    if (isWordChar(c)) {
      compact += c;
      positions.push(i);
    }
  }
  const compactNeedle = [...needle].filter(isWordChar).join("");
  if (!compactNeedle) return null;
  const compactAt = compact.indexOf(compactNeedle);
  if (compactAt < 0) return null;
  const start = positions[compactAt] as number;
  const end = (positions[compactAt + compactNeedle.length - 1] as number) + 1;
  // A whole-text match without punctuation ("MSCU 123" for "MSCU123") counts as exact.
  const whole = compactAt === 0 && compactNeedle.length === compact.length;
  return { start, end, rank: whole ? RANK.exact : rankAt(text, start, end) };
}

function marked(text: string, term: string): Marked & { rank: Rank } {
  const found = findTerm(text, term);
  return found
    ? { text, match: [found.start, found.end], rank: found.rank }
    : { text, match: null, rank: RANK.unseen };
}

const plain = (text: string): Marked => ({ text, match: null });

/** A labelled field that may be what matched: "Reference PO-1234". */
interface Field {
  label: string;
  text: string | null | undefined;
  /**
   * Something the result is related to rather than its own number (its customer, tags, vessel, ports): a match
   * there ranks no better than "anywhere", so that the port or vessel itself comes before every shipment at it.
   */
  related?: boolean;
}

/** The best-matching field, as "Label: text" with the match marked inside the text. */
function bestField(fields: readonly Field[], term: string): (Marked & { rank: Rank }) | null {
  let best: (Marked & { rank: Rank }) | null = null;
  for (const field of fields) {
    if (!field.text) continue;
    const m = marked(field.text, term);
    if (!m.match) continue;
    const rank = field.related ? (Math.max(m.rank, RANK.inside) as Rank) : m.rank;
    if (best && best.rank <= rank) continue;
    const prefix = `${field.label} `;
    best = {
      text: prefix + field.text,
      match: [m.match[0] + prefix.length, m.match[1] + prefix.length],
      rank,
    };
  }
  return best;
}

function joined(parts: readonly (string | null | undefined)[]): string {
  return parts.filter((p): p is string => Boolean(p)).join(" · ");
}

/** A title that matched wins; otherwise another field that matched is the detail; otherwise a summary. */
function hitOf(
  kind: SearchKind,
  key: string,
  titleText: string,
  fields: readonly Field[],
  summary: string,
  term: string,
  target: SearchTarget,
): SearchHit {
  const title = marked(titleText, term);
  const field = bestField(fields, term);
  const fieldWins = field !== null && field.rank < title.rank;
  return {
    key,
    kind,
    title: { text: title.text, match: title.match },
    detail: fieldWins ? { text: field.text, match: field.match } : plain(summary),
    rank: fieldWins ? field.rank : title.rank,
    target,
  };
}

function shipmentHit(shipment: Shipment, term: string): SearchHit {
  const a = shipment.attributes;
  const route =
    a.port_of_lading_name || a.port_of_discharge_name
      ? `${a.port_of_lading_name ?? "?"} → ${a.port_of_discharge_name ?? "?"}`
      : null;
  return hitOf(
    "shipment",
    `shipment-${shipment.id}`,
    a.bill_of_lading_number,
    [
      { label: "Number", text: a.normalized_number },
      ...a.ref_numbers.map((text) => ({ label: "Reference", text })),
      { label: "Customer", text: a.customer_name, related: true },
      ...a.tags.map((text) => ({ label: "Tag", text, related: true })),
      { label: "Vessel", text: a.pod_vessel_name, related: true },
      { label: "Discharge at", text: a.port_of_discharge_name, related: true },
      { label: "Discharge at", text: a.port_of_discharge_locode, related: true },
      { label: "Loaded at", text: a.port_of_lading_name, related: true },
      { label: "Destination", text: a.destination_name, related: true },
    ],
    joined([a.shipping_line_short_name || a.shipping_line_scac, route, a.customer_name]),
    term,
    { kind: "shipment", id: shipment.id },
  );
}

function containerHit(container: Container, term: string): SearchHit {
  const a = container.attributes;
  return hitOf(
    "container",
    `container-${container.id}`,
    a.number,
    [
      { label: "Shipment", text: a.bill_of_lading_number },
      ...a.ref_numbers.map((text) => ({ label: "Reference", text })),
      { label: "Customer", text: a.customer_name, related: true },
      ...a.tags.map((text) => ({ label: "Tag", text, related: true })),
      { label: "Vessel", text: a.pod_vessel_name, related: true },
      { label: "Discharge at", text: a.port_of_discharge_name, related: true },
      { label: "Discharge at", text: a.port_of_discharge_locode, related: true },
    ],
    joined([a.bill_of_lading_number, containerStatusWords(a.current_status), a.port_of_discharge_name]),
    term,
    { kind: "container", id: container.id },
  );
}

/** Vessels by IMO where known (names are not unique), else by name. */
const vesselKey = (name: string, imo: string | null) => (imo ? `imo-${imo}` : `name-${name.toUpperCase()}`);

function vesselHits(sources: SearchSources, term: string): SearchHit[] {
  const hits = new Map<string, SearchHit>();
  // A shipment may name a vessel without its IMO: the same name is the same vessel here (the fleet's comes first).
  const names = new Set<string>();
  const add = (name: string, imo: string | null, nextPort: string | null, target: SearchTarget) => {
    const key = vesselKey(name, imo);
    if (hits.has(key) || names.has(name.toUpperCase())) return;
    const hit = hitOf(
      "vessel",
      `vessel-${key}`,
      name,
      [{ label: "IMO", text: imo }],
      joined([imo ? `IMO ${imo}` : null, nextPort ? `to ${nextPort}` : null]),
      term,
      target,
    );
    // Only vessels whose own name or IMO matches: a shipment found by its number names a vessel that does not.
    if (hit.rank < RANK.unseen) {
      hits.set(key, hit);
      names.add(name.toUpperCase());
    }
  };
  for (const v of sources.fleet) add(v.name, v.imo, v.nextPortName, { kind: "vessel", id: v.id });
  const carried = [
    ...sources.shipments.map((s) => s.attributes),
    ...sources.containers.map((c) => c.attributes),
  ];
  for (const a of carried) {
    if (!a.pod_vessel_name) continue;
    add(a.pod_vessel_name, a.pod_vessel_imo, a.port_of_discharge_name, {
      kind: "vessel_shipments",
      vessel: a.pod_vessel_name,
    });
  }
  return [...hits.values()];
}

function portHits(sources: SearchSources, term: string): SearchHit[] {
  const hits = new Map<string, SearchHit>();
  const add = (code: string | null, name: string | null, country: string | null) => {
    if (!code || !name || hits.has(code)) return;
    const hit = hitOf(
      "port",
      `port-${code}`,
      name,
      [{ label: "UN/LOCODE", text: code }],
      joined([code, country, "shipments discharging here"]),
      term,
      { kind: "port", locode: code },
    );
    if (hit.rank < RANK.unseen) hits.set(code, hit);
  };
  for (const p of sources.ports) add(p.code, p.name, p.countryCode);
  for (const s of sources.shipments) {
    const a = s.attributes;
    add(a.port_of_discharge_locode, a.port_of_discharge_name, null);
    add(a.port_of_lading_locode, a.port_of_lading_name, null);
    add(a.destination_locode, a.destination_name, null);
  }
  for (const c of sources.containers) {
    add(c.attributes.port_of_discharge_locode, c.attributes.port_of_discharge_name, null);
  }
  return [...hits.values()];
}

function byRank(a: SearchHit, b: SearchHit): number {
  return a.rank - b.rank || a.title.text.localeCompare(b.title.text);
}

/**
 * The results for a term, grouped by kind: each group's best first, at most HITS_PER_KIND; the group with the best
 * match first (a container number puts containers on top), kinds in SEARCH_KINDS order when equally good.
 * Shipments and containers the API found are kept even when what matched is not shown (a shipment found by one
 * of its container numbers); vessels and ports are only listed when their own name or code matches.
 */
export function searchGroups(sources: SearchSources, term: string): SearchGroup[] {
  if (!term.trim()) return [];
  const byKind: Record<SearchKind, SearchHit[]> = {
    shipment: sources.shipments.map((s) => shipmentHit(s, term)),
    container: sources.containers.map((c) => containerHit(c, term)),
    vessel: vesselHits(sources, term),
    port: portHits(sources, term),
  };
  const groups = SEARCH_KINDS.map((kind) => ({
    kind,
    label: KIND_LABELS[kind],
    hits: byKind[kind].sort(byRank).slice(0, HITS_PER_KIND),
  })).filter((g) => g.hits.length > 0);
  const best = (g: SearchGroup) => g.hits[0]?.rank ?? RANK.unseen;
  // Array.prototype.sort is stable: equally good groups keep the kinds' order.
  return groups.sort((a, b) => best(a) - best(b));
}

/** The hits in the order the arrow keys move through them. */
export function flatHits(groups: readonly SearchGroup[]): SearchHit[] {
  return groups.flatMap((g) => g.hits);
}

/** The text before, in and after the match, for rendering with a <mark>. */
export function markedParts(m: Marked): { before: string; match: string; after: string } {
  if (!m.match) return { before: m.text, match: "", after: "" };
  const [start, end] = m.match;
  return { before: m.text.slice(0, start), match: m.text.slice(start, end), after: m.text.slice(end) };
}
