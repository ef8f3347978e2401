// What a number someone typed likely is, and which shipping lines it likely belongs to: the answer of
// `POST /v2/tracking_requests/infer_number`, read with the lines' own formats (src/api/number-formats.ts).
// A container number names its box's owner, and owner codes name lines; a bill of lading usually starts with
// its line's code; a bare bill of lading or booking number fits the patterns of some lines and not others.
import { isValidContainerNumber } from "../../api/container-number";
import type { InferDecision, InferNumberResult, InferredLine } from "../../api/infer-number";
import {
  checkNumber,
  containerNumberProblem,
  LESSOR_OWNER_CODES,
  LINE_NUMBER_FORMATS,
  type LineNumberFormats,
  normalizeNumber,
  parseNumber,
  prefixOfLine,
  REEFER_LESSOR_OWNER_CODES,
  TEST_NUMBERS,
} from "../../api/number-formats";
import type { RequestType } from "../../api/tracking-requests";

/** What the number itself says; whether the account already tracks it is the endpoint's to add. */
export type InferAttributes = Omit<InferNumberResult["attributes"], "tracked_by_account">;

/** A line the service tracks, as inference needs it. */
export interface InferLine {
  scac: string;
  name: string;
  supports: Readonly<Record<RequestType, boolean>>;
}

const CONTAINER_SHAPE = /^[A-Z]{3}[UJZR][0-9]{7}$/;
const LESSORS = new Set([...LESSOR_OWNER_CODES, ...REEFER_LESSOR_OWNER_CODES]);
const TEST_SCAC = "TEST";

/** Confidences from scores, summing to 1, with two decimals. */
function shares(scores: readonly number[]): number[] {
  const total = scores.reduce((a, b) => a + b, 0);
  return scores.map((s) => Math.round((s / total) * 100) / 100);
}

function decide(candidates: InferredLine[]): InferAttributes["shipping_line"] {
  const decision: InferDecision =
    candidates.length === 0
      ? "no_prediction"
      : candidates.length === 1
        ? "auto_select"
        : "needs_confirmation";
  return { decision, selected: decision === "auto_select" ? (candidates[0] ?? null) : null, candidates };
}

interface Scored {
  line: InferLine;
  score: number;
}

/** Best first: higher score, then name (so that equal candidates come in an order people can scan). */
function ranked(scored: Scored[], maxConfidence = 1): InferredLine[] {
  const sorted = [...scored].sort((a, b) => b.score - a.score || a.line.name.localeCompare(b.line.name));
  const confidences = sorted.length === 1 ? [maxConfidence] : shares(sorted.map((s) => s.score));
  return sorted.map((s, i) => ({ scac: s.line.scac, name: s.line.name, confidence: confidences[i] ?? 0 }));
}

/** A container number: the check digit, and the lines whose own boxes carry its owner code. */
function inferContainer(number: string, lines: readonly InferLine[]): InferAttributes {
  const valid = isValidContainerNumber(number);
  const owner = number.slice(0, 4);
  // A leased box can sail with any line: its owner code says nothing about the line.
  const scored: Scored[] = LESSORS.has(owner)
    ? []
    : lines.flatMap((line) => {
        const at = LINE_NUMBER_FORMATS.get(line.scac)?.ownerCodes.indexOf(owner) ?? -1;
        // A line's main owner code says more than one it shares with its sister lines.
        return at < 0 || !line.supports.container ? [] : [{ line, score: 1 / (1 + at) }];
      });
  return {
    number_type: "container",
    validation: {
      is_valid: valid,
      type: "container",
      check_digit_passed: valid,
      parsed_number: valid ? number : null,
      reason: containerNumberProblem(number),
    },
    shipping_line: decide(ranked(scored)),
  };
}

interface Fit {
  line: InferLine;
  formats: LineNumberFormats;
  type: "bill_of_lading" | "booking_number";
  canonical: string;
}

/** How much a fit says: a pattern with letters (or a port's code) is rarer than one of digits only. */
function specificity(fit: Fit): number {
  const format = fit.type === "bill_of_lading" ? fit.formats.billOfLading : fit.formats.booking;
  return 1 + [...format.pattern].filter((ch) => ch !== "D").length;
}

const inferredType = (type: Fit["type"]) => (type === "booking_number" ? "booking" : "bill_of_lading");

function shipmentAttributes(fits: Fit[], scored: Scored[], maxConfidence: number): InferAttributes {
  const candidates = ranked(scored, maxConfidence);
  const best = fits.find((f) => f.line.scac === candidates[0]?.scac);
  return {
    number_type: best ? inferredType(best.type) : null,
    validation: {
      is_valid: true,
      type: "shipment",
      check_digit_passed: null,
      parsed_number: best?.canonical ?? null,
      reason: null,
    },
    shipping_line: decide(candidates),
  };
}

/** The best fit of each line: a bill of lading before a booking of the same line, the rarer pattern first. */
function bestPerLine(fits: Fit[]): Map<string, Fit> {
  const byLine = new Map<string, Fit>();
  for (const fit of fits) {
    const held = byLine.get(fit.line.scac);
    if (!held || specificity(fit) > specificity(held)) byLine.set(fit.line.scac, fit);
  }
  return byLine;
}

/** A bill of lading or booking number: the line whose code it starts with, else the lines whose patterns fit. */
function inferShipment(number: string, lines: readonly InferLine[]): InferAttributes {
  const known = lines.flatMap((line) => {
    const formats = LINE_NUMBER_FORMATS.get(line.scac);
    return formats ? [{ line, formats }] : [];
  });
  const test = known.find((k) => k.line.scac === TEST_SCAC);
  if (test && Object.values(TEST_NUMBERS).some((t) => normalizeNumber(t) === number)) {
    const fit: Fit = { ...test, type: "bill_of_lading", canonical: number };
    return shipmentAttributes([fit], [{ line: test.line, score: 1 }], 1);
  }
  const fitsOf = (candidates: typeof known): Fit[] =>
    candidates.flatMap(({ line, formats }) =>
      (["bill_of_lading", "booking_number"] as const).flatMap((type) => {
        if (!line.supports[type] || line.scac === TEST_SCAC) return [];
        const parsed = parseNumber(formats, type, number);
        return parsed ? [{ line, formats, type, canonical: parsed.canonical }] : [];
      }),
    );

  // Lines whose code the number starts with (with more after it): the code names the line.
  const prefixed = known.filter(
    ({ line, formats }) =>
      line.scac !== TEST_SCAC &&
      line.supports.bill_of_lading &&
      (prefixOfLine(formats, number)?.length ?? number.length) < number.length,
  );
  if (prefixed.length > 0) {
    const fits = fitsOf(prefixed).filter((f) => f.type === "bill_of_lading");
    if (fits.length > 0) {
      return shipmentAttributes(
        fits,
        fits.map((f) => ({ line: f.line, score: 1 })),
        0.95,
      );
    }
    // Its line is named, but the rest is not in that line's format: say so, with what they look like.
    const first = prefixed[0];
    const check = first && checkNumber(first.line.scac, "bill_of_lading", number, first.line.name);
    return {
      number_type: "bill_of_lading",
      validation: {
        is_valid: false,
        type: "shipment",
        check_digit_passed: null,
        parsed_number: null,
        reason: check && !check.ok ? check.reason : null,
      },
      shipping_line: decide(
        ranked(
          prefixed.map(({ line }) => ({ line, score: 1 })),
          0.9,
        ),
      ),
    };
  }

  const fits = [...bestPerLine(fitsOf(known)).values()];
  if (fits.length === 0) {
    return {
      number_type: null,
      validation: {
        is_valid: false,
        type: null,
        check_digit_passed: null,
        parsed_number: null,
        reason: `${number} is not in the format of any shipping line's container, bill of lading or booking numbers.`,
      },
      shipping_line: decide([]),
    };
  }
  // A bare number that only one line's pattern fits is most likely that line's, but not certainly.
  return shipmentAttributes(
    fits,
    fits.map((f) => ({ line: f.line, score: specificity(f) })),
    0.8,
  );
}

/** What `number` likely is and whose, among `lines` (the lines this service tracks). */
export function inferNumber(raw: string, lines: readonly InferLine[]): InferAttributes {
  const number = normalizeNumber(raw);
  return CONTAINER_SHAPE.test(number) ? inferContainer(number, lines) : inferShipment(number, lines);
}
