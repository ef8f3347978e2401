// The sandbox's side of the numbers customers type: reading them in a line's format (the shared rules of
// src/api/number-formats.ts), making up well-formed ones, and the deterministic share of unknown ones.

import { type ParsedNumber, parseNumber as parseWithFormats } from "../../../api/number-formats";
import type { RequestType } from "../carrier-adapter";
import type { CarrierProfile, NumberFormat } from "./carrier-profiles";
import { hashOf, type Random } from "./random";

export { normalizeNumber } from "../../../api/number-formats";

/** The parsed number, or null when it does not fit the line's format for that kind of request. */
export function parseNumber(
  profile: CarrierProfile,
  requestType: RequestType,
  number: string,
): ParsedNumber | null {
  return parseWithFormats(profile.formats, requestType, number);
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
