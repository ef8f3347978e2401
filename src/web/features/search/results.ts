// What global search shows for a term: the results GET /v2/search answered, grouped by kind in the order the API
// ranked them (a kind whose best result matched whole comes first), each with the part that matched marked and a
// line that says what it is. Pure, so that it is tested without a browser; the request is in queries.ts.

import type { ContainerStatus } from "../../../api/containers";
import type { SearchResultType } from "../../../api/search";
import { containerStatusWords } from "../../lib/format";

export type SearchKind = SearchResultType;

/** The kinds this dashboard shows, named; a kind a server adds later is left out rather than shown unnamed. */
export const KIND_LABELS: Record<SearchKind, string> = {
  shipment: "Shipments",
  cargo: "Containers",
  tracking_request: "Tracking requests",
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
  | { kind: "tracking_request"; id: string }
  /** The map, with the vessel selected. */
  | { kind: "vessel"; id: string }
  /** The shipments discharging at a port (by its UN/LOCODE). */
  | { kind: "port"; locode: string };

export interface SearchHit {
  /** Unique among all results: the option's id is made from it. */
  key: string;
  kind: SearchKind;
  title: Marked;
  /** The second line: what matched when it is not the title, else what identifies the thing. */
  detail: Marked;
  target: SearchTarget;
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  hits: SearchHit[];
}

/**
 * A result as the dashboard reads it: what this service answers, and what a server that speaks only the hosted
 * API's search answers (no `name`, no `links`, and only shipments, containers and tracking requests).
 */
export interface FoundResult {
  id: string;
  type: string;
  attributes: {
    number: string;
    name?: string | null;
    scac?: string | null;
    port_of_lading_name?: string | null;
    port_of_discharge_name?: string | null;
    containers_count?: number | null;
    tracking_stopped?: boolean | null;
    status?: string | null;
    failed_reason?: string | null;
    ref_numbers?: string[] | null;
  };
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
}

/** The best-matching field, as "Label text" with the match marked inside the text. */
function bestField(fields: readonly Field[], term: string): (Marked & { rank: Rank }) | null {
  let best: (Marked & { rank: Rank }) | null = null;
  for (const field of fields) {
    if (!field.text) continue;
    const m = marked(field.text, term);
    if (!m.match || (best && best.rank <= m.rank)) continue;
    const prefix = `${field.label} `;
    best = {
      text: prefix + field.text,
      match: [m.match[0] + prefix.length, m.match[1] + prefix.length],
      rank: m.rank,
    };
  }
  return best;
}

function joined(parts: readonly (string | null | undefined | false)[]): string {
  return parts.filter((p): p is string => Boolean(p)).join(" · ");
}

/** A title that matched wins; otherwise another field that matched is the detail; otherwise a summary. */
function hitOf(
  kind: SearchKind,
  id: string,
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
    key: `${kind}-${id}`,
    kind,
    title: { text: title.text, match: title.match },
    detail: fieldWins ? { text: field.text, match: field.match } : plain(summary),
    target,
  };
}

const route = (from: string | null | undefined, to: string | null | undefined) =>
  from || to ? `${from ?? "?"} → ${to ?? "?"}` : null;

const references = (a: FoundResult["attributes"]) =>
  (a.ref_numbers ?? []).map((text) => ({ label: "Reference", text }));

function hitOfResult(result: FoundResult, term: string): SearchHit | null {
  const { id, attributes: a } = result;
  switch (result.type) {
    case "shipment": {
      const count = a.containers_count;
      return hitOf(
        "shipment",
        id,
        a.number,
        references(a),
        joined([
          a.scac,
          route(a.port_of_lading_name, a.port_of_discharge_name),
          typeof count === "number" && `${count} container${count === 1 ? "" : "s"}`,
          a.tracking_stopped === true && "tracking stopped",
        ]),
        term,
        { kind: "shipment", id },
      );
    }
    case "cargo":
      return hitOf(
        "cargo",
        id,
        a.number,
        references(a),
        joined([
          a.status && containerStatusWords(a.status as ContainerStatus),
          a.scac,
          route(a.port_of_lading_name, a.port_of_discharge_name),
        ]),
        term,
        { kind: "container", id },
      );
    case "tracking_request":
      return hitOf(
        "tracking_request",
        id,
        a.number,
        references(a),
        joined([a.scac, a.status?.replaceAll("_", " "), a.failed_reason?.replaceAll("_", " ")]),
        term,
        { kind: "tracking_request", id },
      );
    case "vessel":
      return hitOf(
        "vessel",
        id,
        a.name || a.number,
        [{ label: "IMO", text: a.number }],
        joined([a.number && `IMO ${a.number}`, "on the map"]),
        term,
        { kind: "vessel", id },
      );
    case "port":
      return hitOf(
        "port",
        id,
        a.name || a.number,
        [{ label: "UN/LOCODE", text: a.number }],
        joined([a.number, "shipments discharging here"]),
        term,
        { kind: "port", locode: a.number },
      );
    default:
      return null;
  }
}

/**
 * The results for a term, grouped by kind: groups in the order of their best result in the API's ranking (a
 * container number puts containers on top), each in the API's order, at most HITS_PER_KIND.
 */
export function searchGroups(results: readonly FoundResult[], term: string): SearchGroup[] {
  if (!term.trim()) return [];
  const groups = new Map<SearchKind, SearchGroup>();
  for (const result of results) {
    const hit = hitOfResult(result, term);
    if (!hit) continue;
    let group = groups.get(hit.kind);
    if (!group) {
      group = { kind: hit.kind, label: KIND_LABELS[hit.kind], hits: [] };
      groups.set(hit.kind, group);
    }
    if (group.hits.length < HITS_PER_KIND) group.hits.push(hit);
  }
  return [...groups.values()];
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
