// The numbers customers type: normalisation, each line's formats, and the deterministic share of unknown ones.

import { isValidContainerNumber } from "../../../api/container-number";
import type { RequestType } from "../carrier-adapter";
import type { CarrierProfile, NumberFormat } from "./carrier-profiles";
import { hashOf, type Random } from "./random";

/** Upper case, without spaces or dashes: "medu-ab 123456" and "MEDUAB123456" are the same number. */
export function normalizeNumber(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]+/g, "");
}

const PATTERN_CHARACTERS: Readonly<Record<string, string>> = { D: "[0-9]", L: "[A-Z]", O: "[A-Z]" };

const regexCache = new Map<string, RegExp>();

function bodyRegex(pattern: string): RegExp {
  let re = regexCache.get(pattern);
  if (!re) {
    re = new RegExp(`^${[...pattern].map((ch) => PATTERN_CHARACTERS[ch] ?? ch).join("")}$`);
    regexCache.set(pattern, re);
  }
  return re;
}

export interface ParsedNumber {
  /** The number as the line prints it (with its prefix). */
  canonical: string;
  /** The three letters of the port of lading's code that the number spells, if its format has them. */
  polCode: string | null;
}

function polCodeOf(pattern: string, body: string): string | null {
  const at = pattern.indexOf("OOO");
  return at < 0 ? null : body.slice(at, at + 3);
}

/**
 * Reads a number in a line's format. Customers type bills of lading with or without the prefix (and MSC's
 * with MSCU instead of MEDU), so any of the line's codes is accepted in front and the canonical form restored.
 */
function parse(format: NumberFormat, prefixes: readonly string[], number: string): ParsedNumber | null {
  const re = bodyRegex(format.pattern);
  const candidates = [
    number,
    ...prefixes.filter((p) => p && number.startsWith(p)).map((p) => number.slice(p.length)),
  ];
  for (const body of candidates) {
    if (re.test(body))
      return { canonical: `${format.prefix}${body}`, polCode: polCodeOf(format.pattern, body) };
  }
  return null;
}

/** The parsed number, or null when it does not fit the line's format for that kind of request. */
export function parseNumber(
  profile: CarrierProfile,
  requestType: RequestType,
  number: string,
): ParsedNumber | null {
  if (requestType === "container") {
    return isValidContainerNumber(number) ? { canonical: number, polCode: null } : null;
  }
  const prefixes = [profile.billOfLading.prefix, profile.scac, ...profile.line.alternativeScacs];
  if (requestType === "bill_of_lading") return parse(profile.billOfLading, prefixes, number);
  return parse(profile.booking, [profile.booking.prefix], number);
}

/** A number in the format, spelling `polLocode`'s letters where the format has them. */
export function generateNumber(format: NumberFormat, rng: Random, polLocode: string): string {
  const polLetters = polLocode.slice(2, 5);
  let o = 0;
  const body = [...format.pattern]
    .map((ch) => (ch === "D" ? rng.digits(1) : ch === "L" ? rng.letters(1) : polLetters[o++ % 3]))
    .join("");
  return `${format.prefix}${body}`;
}

/** About 1 in 25 well-formed bills of lading are unknown to the line (a typo that still fits the format). */
export function isUnknownBillOfLading(scac: string, canonical: string): boolean {
  return hashOf(`unknown/${scac}/${canonical}`) % 25 === 0;
}

/** About 1 in 12 bookings have no bill of lading yet when first tracked. */
export function awaitsManifest(scac: string, canonical: string): boolean {
  return hashOf(`manifest/${scac}/${canonical}`) % 12 === 0;
}
