// The map page's URL state: filters (shipping line, port of discharge, arriving within N days) and the vessel
// selected; parsed leniently so that any bookmark opens.
import { z } from "zod";

export const ARRIVING_WITHIN_DAYS = [1, 3, 7, 14, 30] as const;

export const MAP_SEARCH_DEFAULTS = { line: "", pod: "", within: 0, vessel: "" } as const;

/** The router reads `?line=123` as a number; codes and ids are always text. */
const text = (max: number) =>
  z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string().trim().max(max));

export const mapSearchSchema = z.object({
  /** A shipping line's SCAC. */
  line: text(8)
    .transform((s) => s.toUpperCase())
    .default("")
    .catch(""),
  /** The port of discharge's UN/LOCODE. */
  pod: text(5)
    .transform((s) => s.toUpperCase())
    .default("")
    .catch(""),
  /** Only vessels arriving at their next port within this many days; 0 for any time. */
  within: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || (ARRIVING_WITHIN_DAYS as readonly number[]).includes(n))
    .default(0)
    .catch(0),
  /** The selected vessel's id. */
  vessel: text(64).default("").catch(""),
  /** Development only: draw this many made-up vessels instead of the account's, to measure the map. */
  synthetic: z.coerce.number().int().min(1).max(20_000).optional().catch(undefined),
});
export type MapSearch = z.infer<typeof mapSearchSchema>;
