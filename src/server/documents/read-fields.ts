// Reads the fields of a document's text (src/api/document-schemas.ts), page by page, each with its page and a
// confidence: 0.95 where a label names the value ("B/L No: …"), less where only its shape does. Numbers are kept
// only when they pass their rules: a container number its ISO 6346 check digit (one that looks like a container
// number and fails is listed in `rejected` with the reason), a bill of lading or booking its line's format
// (src/api/number-formats.ts). Lines and ports are the reference data's; dates are read as printed (YYYY-MM-DD,
// 04 DEC 2026, DEC 4, 2026, 12/04/2026 as US month/day) and kept as the calendar day.
import type {
  DocumentFields,
  FoundLine,
  FoundPort,
  FoundValue,
  RejectedNumber,
} from "../../api/document-schemas";
import { EMPTY_FIELDS } from "../../api/document-schemas";
import {
  containerNumberProblem,
  LINE_NUMBER_FORMATS,
  type LineNumberFormats,
  normalizeNumber,
  numberFormatsOf,
  parseNumber,
} from "../../api/number-formats";
import type { ReferenceData } from "../db/reference-data";

const LABELLED = 0.95;
const SHAPED = 0.8;
const NAMED = 0.7;

const CONTAINER = /\b([A-Z]{3}[UJZR])[ -]?(\d{6})[ -]?(\d)\b/g;
const TOKEN = /\b[A-Z0-9][A-Z0-9-]{5,24}\b/g;
const BL_LABEL =
  /\b(?:B\/L|BL|Bill of Lading|MBL|HBL)\s*(?:No\.?|Number|#)?\s*[:.#]?\s*([A-Z0-9][A-Z0-9-]{5,24})\b/gi;
const BOOKING_LABEL = /\bBooking\s*(?:No\.?|Number|Ref\.?|#)?\s*[:.#]?\s*([A-Z0-9][A-Z0-9-]{5,24})\b/gi;
const REFERENCE_LABEL =
  /\b(?:Our reference|Your reference|Customer reference|Reference|Ref\.|P\.?O\.?(?: No\.?| Number)?|Purchase order(?: No\.?)?)\s*[:#]\s*([A-Z0-9][A-Z0-9/-]{2,30})\b/gi;
const VESSEL =
  /\bVessel(?:\s*name)?(?:\s*\/\s*Voyage)?\s*[:.]\s*([A-Z0-9][A-Z0-9 .'-]{1,40}?)\s*(?:\/\s*([A-Z0-9]{2,10})\b|(?=\s{2,}|\s+Voy|$))/im;
const VOYAGE = /\bVoy(?:age)?\.?\s*(?:No\.?|Number)?\s*[:.]\s*([A-Z0-9]{2,10})\b/i;
const POL = /\b(?:Port of (?:Loading|Lading)|POL)\s*[:.]\s*([^\n]+)/i;
const POD = /\b(?:Port of Discharge|POD)\s*[:.]\s*([^\n]+)/i;
const ETA = /\b(?:ETA|Estimated (?:time of )?arrival)\s*[:.]?\s*([^\n]{6,30})/i;
const LFD = /\b(?:Last Free Day|LFD)\s*[:.]?\s*([^\n]{6,30})/i;
const FREE_TIME =
  /\bfree time\s*[:.]?\s*(\d{1,3})\s*(?:calendar |working )?days?\b|\b(\d{1,3})\s*free days\b/i;

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

export interface ReadFields {
  fields: DocumentFields;
  rejected: RejectedNumber[];
}

export function readFields(pages: readonly string[], reference: ReferenceData): ReadFields {
  const fields: DocumentFields = structuredClone(EMPTY_FIELDS);
  const rejected: RejectedNumber[] = [];
  const add = (list: FoundValue<string>[], value: string, page: number, confidence: number) => {
    const existing = list.find((f) => f.value === value);
    if (!existing) list.push({ value, page, confidence });
    else existing.confidence = Math.max(existing.confidence, confidence);
  };
  const first = <T>(current: FoundValue<T> | null, value: T, page: number, confidence: number) =>
    current && current.confidence >= confidence ? current : { value, page, confidence };

  pages.forEach((text, index) => {
    const page = index + 1;
    for (const line of text.split("\n")) {
      for (const m of line.toUpperCase().matchAll(CONTAINER)) {
        const number = `${m[1]}${m[2]}${m[3]}`;
        const problem = containerNumberProblem(number);
        if (problem) {
          if (!rejected.some((r) => r.value === number))
            rejected.push({ value: number, page, reason: problem });
          continue;
        }
        add(
          fields.container_numbers,
          number,
          page,
          /\b(container|cntr|equipment)\b/i.test(text) ? LABELLED : SHAPED,
        );
      }
    }
  });

  // The line: a bill of lading that starts with a line's code names it best; else the line's name in the text.
  pages.forEach((text, index) => {
    for (const m of text.toUpperCase().matchAll(TOKEN)) {
      const token = normalizeNumber(m[0]);
      // A container number is not a bill of lading, whatever line's code it starts with.
      if (/^[A-Z]{3}[UJZR]\d{7}$/.test(token)) continue;
      for (const formats of LINE_NUMBER_FORMATS.values()) {
        const parsed = parseNumber(formats, "bill_of_lading", token);
        if (!parsed?.prefixed) continue;
        add(fields.bill_of_lading_numbers, parsed.canonical, index + 1, SHAPED);
        fields.shipping_line = first(fields.shipping_line, lineOf(formats.scac, reference), index + 1, 0.9);
      }
    }
  });
  if (!fields.shipping_line) fields.shipping_line = lineByName(pages, reference);
  const formats = fields.shipping_line ? numberFormatsOf(fields.shipping_line.value.scac) : undefined;

  pages.forEach((text, index) => {
    const page = index + 1;
    for (const m of text.matchAll(BL_LABEL)) {
      const number = billOfLading(normalizeNumber(m[1]!), formats);
      if (number) add(fields.bill_of_lading_numbers, number, page, LABELLED);
    }
    for (const m of text.matchAll(BOOKING_LABEL)) {
      const number = booking(normalizeNumber(m[1]!), formats);
      if (number && !fields.bill_of_lading_numbers.some((b) => b.value === number))
        add(fields.booking_numbers, number, page, formats ? LABELLED : NAMED);
    }
    for (const m of text.matchAll(REFERENCE_LABEL)) {
      const value = m[1]!.toUpperCase();
      const known = [...fields.bill_of_lading_numbers, ...fields.booking_numbers].some(
        (n) => n.value === normalizeNumber(value),
      );
      if (!known && /\d/.test(value)) add(fields.reference_numbers, value, page, LABELLED);
    }
    const vessel = VESSEL.exec(text);
    if (vessel) {
      fields.vessel_name = first(fields.vessel_name, vessel[1]!.trim().toUpperCase(), page, LABELLED);
      if (vessel[2])
        fields.voyage_number = first(fields.voyage_number, vessel[2].toUpperCase(), page, LABELLED);
    }
    const voyage = VOYAGE.exec(text);
    if (voyage) fields.voyage_number = first(fields.voyage_number, voyage[1]!.toUpperCase(), page, LABELLED);
    const pol = POL.exec(text);
    const polPort = pol ? portOf(pol[1]!, reference) : undefined;
    if (polPort) fields.port_of_loading = first(fields.port_of_loading, polPort, page, LABELLED);
    const pod = POD.exec(text);
    const podPort = pod ? portOf(pod[1]!, reference) : undefined;
    if (podPort) fields.port_of_discharge = first(fields.port_of_discharge, podPort, page, LABELLED);
    const eta = ETA.exec(text);
    const etaDay = eta ? dayOf(eta[1]!) : undefined;
    if (etaDay) fields.eta = first(fields.eta, etaDay, page, LABELLED);
    const lfd = LFD.exec(text);
    const lfdDay = lfd ? dayOf(lfd[1]!) : undefined;
    if (lfdDay) fields.last_free_day = first(fields.last_free_day, lfdDay, page, LABELLED);
    const free = FREE_TIME.exec(text);
    if (free)
      fields.free_time_days = first(fields.free_time_days, Number(free[1] ?? free[2]), page, LABELLED);
  });
  return { fields, rejected };
}

function lineOf(scac: string, reference: ReferenceData): FoundLine {
  const line = reference.shippingLinesByScac.get(scac);
  return { scac: line?.scac ?? scac, name: line?.name ?? scac };
}

/** A line whose name (or short name) the text says, as a whole word. */
function lineByName(pages: readonly string[], reference: ReferenceData): FoundValue<FoundLine> | null {
  const names = [...reference.shippingLines.values()]
    .flatMap((line) => [line.name, line.shortName].map((name) => ({ line, name })))
    .filter((n) => n.name.length >= 4)
    .sort((a, b) => b.name.length - a.name.length);
  for (const [index, text] of pages.entries()) {
    for (const { line, name } of names) {
      const re = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i");
      if (re.test(text))
        return { value: { scac: line.scac, name: line.name }, page: index + 1, confidence: NAMED };
    }
  }
  return null;
}

/** A labelled bill of lading: in the document's line's format (the prefix restored), or prefixed for any line. */
function billOfLading(token: string, formats: LineNumberFormats | undefined): string | undefined {
  if (formats) {
    const parsed = parseNumber(formats, "bill_of_lading", token);
    if (parsed) return parsed.canonical;
  }
  for (const other of LINE_NUMBER_FORMATS.values()) {
    const parsed = parseNumber(other, "bill_of_lading", token);
    if (parsed?.prefixed) return parsed.canonical;
  }
  return undefined;
}

/** A labelled booking: in the line's format, or, with no line known, in some line's format. */
function booking(token: string, formats: LineNumberFormats | undefined): string | undefined {
  if (formats) return parseNumber(formats, "booking_number", token)?.canonical;
  for (const other of LINE_NUMBER_FORMATS.values()) {
    const parsed = parseNumber(other, "booking_number", token);
    if (parsed) return parsed.canonical;
  }
  return undefined;
}

/** A port named by its UN/LOCODE, or by the longest port name the value starts with. */
function portOf(value: string, reference: ReferenceData): FoundPort | undefined {
  for (const m of value.toUpperCase().matchAll(/\b([A-Z]{2}[A-Z2-9]{3})\b/g)) {
    const port = reference.portsByLocode.get(m[1]!);
    if (port) return { locode: port.locode, name: port.name };
  }
  const text = value.trim().toLowerCase();
  let best: FoundPort | undefined;
  for (const port of reference.ports.values()) {
    const name = port.name.toLowerCase();
    if (text.startsWith(name) && (!best || name.length > best.name.length))
      best = { locode: port.locode, name: port.name };
  }
  return best;
}

/** The calendar day a date as printed names, YYYY-MM-DD; undefined when it is not a date this reads. */
export function dayOf(printed: string): string | undefined {
  const text = printed.toUpperCase();
  const iso = /\b(20\d\d)-(\d\d)-(\d\d)\b/.exec(text);
  if (iso) return valid(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayMonth = /\b(\d{1,2})[ -]([A-Z]{3})[A-Z]*[ ,-]*(20\d\d)\b/.exec(text);
  if (dayMonth) return valid(Number(dayMonth[3]), MONTHS.indexOf(dayMonth[2]!) + 1, Number(dayMonth[1]));
  const monthDay = /\b([A-Z]{3})[A-Z]*\.? (\d{1,2}),? (20\d\d)\b/.exec(text);
  if (monthDay) return valid(Number(monthDay[3]), MONTHS.indexOf(monthDay[1]!) + 1, Number(monthDay[2]));
  const us = /\b(\d{1,2})\/(\d{1,2})\/(20\d\d)\b/.exec(text);
  if (us) return valid(Number(us[3]), Number(us[1]), Number(us[2]));
  return undefined;
}

function valid(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}
