// The names and numbers of seeded shipments: bills of lading in their line's format, ISO 6346 container numbers,
// reference numbers, tags and customer names, each unique in the account where it has to be.
import { iso6346CheckDigit } from "../../../api/container-number";
import type { Random } from "../../tracking/sandbox/random";

/** Hands out values that have not been handed out before; `make` is asked again on a repeat. */
export class UniqueValues {
  readonly #seen = new Set<string>();

  take(make: () => string): string {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const value = make();
      if (!this.#seen.has(value)) {
        this.#seen.add(value);
        return value;
      }
    }
    throw new Error("no unused value after 1000 attempts: the number space is too small");
  }

  has(value: string): boolean {
    return this.#seen.has(value);
  }

  /** Marks values as taken (numbers the sandbox network made). */
  reserve(value: string): void {
    this.#seen.add(value);
  }
}

/** The same shape with new digits: a line's number (or seal) format kept, letters and prefix included. */
export function redigit(like: string, rng: Random): string {
  return like.replace(/[0-9]/g, () => rng.digits(1));
}

/**
 * A container number of the owner code (4 letters, the last one the category) with a new serial and its ISO 6346
 * check digit. Serials whose check digit would be 0 are skipped, as the sandbox network does: a remainder of 10
 * also gives 0, so such numbers are ambiguous.
 */
export function containerNumber(ownerCode: string, rng: Random): string {
  for (;;) {
    const ownerAndSerial = `${ownerCode}${rng.digits(6)}`;
    const check = iso6346CheckDigit(ownerAndSerial);
    if (check !== 0) return `${ownerAndSerial}${check}`;
  }
}

const REFERENCE_PREFIXES = ["PO-", "PO-", "PO-", "SO-", "INV-", "REF-"] as const;

/** 0 to 2 of the customer's own references, mostly purchase orders; 3 in 10 shipments have none. */
export function refNumbers(rng: Random, unique: UniqueValues): string[] {
  const count = rng.weighted([
    [0, 3],
    [1, 5],
    [2, 2],
  ] as const);
  return Array.from({ length: count }, () =>
    unique.take(() => `${rng.pick(REFERENCE_PREFIXES)}${rng.digits(rng.chance(0.5) ? 7 : 8)}`),
  );
}

const TAGS = [
  "urgent",
  "retail",
  "Q4",
  "automotive",
  "hazmat",
  "reefer",
  "priority",
  "seasonal",
  "e-commerce",
  "furniture",
  "electronics",
  "apparel",
  "west-coast",
  "east-coast",
  "customs-exam",
] as const;

/** 0 to 2 tags, more than half of shipments without. */
export function tags(rng: Random): string[] {
  const count = rng.weighted([
    [0, 11],
    [1, 7],
    [2, 2],
  ] as const);
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(rng.pick(TAGS));
  return [...chosen];
}

/** The forwarder's customers: each becomes a party of the account (src/api/parties.ts). */
export const CUSTOMERS = [
  "Acme Home Goods",
  "Blue Harbor Apparel",
  "Cascade Outdoor Supply",
  "Delta Furniture Co.",
  "Evergrain Foods",
  "Foxglove Cosmetics",
  "Granite Tools Inc.",
  "Harborview Electronics",
  "Ironwood Auto Parts",
  "Juniper Kitchenware",
  "Keystone Building Products",
  "Lakeside Toys",
  "Meridian Medical Supplies",
  "Northwind Traders",
  "Oakridge Flooring",
  "Pacific Rim Beverages",
  "Quartz Lighting",
  "Redwood Sporting Goods",
  "Summit Bicycles",
  "Tidewater Textiles",
  "Union Garden Center",
  "Vantage Office Supply",
  "Willow Baby Products",
  "Yellowstone Pet Supply",
  "Zephyr Appliances",
] as const;

/** The forwarder's customer the shipment is for; about 1 in 7 has none recorded. */
export function customerName(rng: Random): string | null {
  return rng.chance(0.15) ? null : rng.pick(CUSTOMERS);
}
