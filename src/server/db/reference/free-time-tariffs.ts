// The published free time and rates the service carries as data (the sandbox's): every line's demurrage at the
// terminal and detention of the empty, per box length, with per-day rates that step up after a few days, in the
// shapes lines print them. Plausible, not any line's real tariff. An account's own tariffs (Settings → Free time,
// /v2/free_time_tariffs) override these; these are read-only.
import type { FreeTimeCountsFrom, FreeTimeTier, Tariff } from "../../../api/free-time";
import { SHIPPING_LINES } from "./shipping-lines";

interface LineTerms {
  demurrageFreeDays: number;
  detentionFreeDays: number;
  detentionFrom: FreeTimeCountsFrom;
  /** First-tier demurrage per day for a 20' box; 40' and 45' pay more, and later tiers step up. */
  demurrage20: number;
  detention20: number;
}

/** The big lines' terms, as their US import tariffs roughly read; every other line gets the default. */
const TERMS: Record<string, LineTerms> = {
  MAEU: {
    demurrageFreeDays: 4,
    detentionFreeDays: 4,
    detentionFrom: "pickup",
    demurrage20: 150,
    detention20: 100,
  },
  MSCU: {
    demurrageFreeDays: 5,
    detentionFreeDays: 4,
    detentionFrom: "pickup",
    demurrage20: 135,
    detention20: 95,
  },
  CMDU: {
    demurrageFreeDays: 4,
    detentionFreeDays: 7,
    detentionFrom: "discharge",
    demurrage20: 140,
    detention20: 90,
  },
  HLCU: {
    demurrageFreeDays: 4,
    detentionFreeDays: 5,
    detentionFrom: "pickup",
    demurrage20: 160,
    detention20: 110,
  },
  ONEY: {
    demurrageFreeDays: 4,
    detentionFreeDays: 4,
    detentionFrom: "pickup",
    demurrage20: 145,
    detention20: 100,
  },
  EGLV: {
    demurrageFreeDays: 5,
    detentionFreeDays: 5,
    detentionFrom: "pickup",
    demurrage20: 130,
    detention20: 85,
  },
  COSU: {
    demurrageFreeDays: 5,
    detentionFreeDays: 5,
    detentionFrom: "pickup",
    demurrage20: 125,
    detention20: 85,
  },
};
const DEFAULT_TERMS: LineTerms = {
  demurrageFreeDays: 4,
  detentionFreeDays: 4,
  detentionFrom: "pickup",
  demurrage20: 140,
  detention20: 90,
};

/** Bigger boxes pay more; each tier steps the rate up after 4 and 8 charged days. */
const LENGTH_FACTOR: Record<20 | 40 | 45, number> = { 20: 1, 40: 1.5, 45: 1.7 };

function tiersOf(first: number): FreeTimeTier[] {
  const round5 = (n: number) => Math.round(n / 5) * 5;
  return [
    { from_day: 1, per_day: round5(first) },
    { from_day: 5, per_day: round5(first * 1.5) },
    { from_day: 9, per_day: round5(first * 2.2) },
  ];
}

function lineTariffs(scac: string): Tariff[] {
  const terms = TERMS[scac] ?? DEFAULT_TERMS;
  return ([20, 40, 45] as const).flatMap((length) => [
    {
      id: `published-${scac.toLowerCase()}-demurrage-${length}`,
      source: "published" as const,
      scac,
      port_locode: null,
      terminal: null,
      equipment_length: length,
      equipment_type: null,
      kind: "demurrage" as const,
      counts_from: "discharge" as const,
      free_days: terms.demurrageFreeDays,
      currency: "USD",
      tiers: tiersOf(terms.demurrage20 * LENGTH_FACTOR[length]),
    },
    {
      id: `published-${scac.toLowerCase()}-detention-${length}`,
      source: "published" as const,
      scac,
      port_locode: null,
      terminal: null,
      equipment_length: length,
      equipment_type: null,
      kind: "detention" as const,
      counts_from: terms.detentionFrom,
      free_days: terms.detentionFreeDays,
      currency: "USD",
      tiers: tiersOf(terms.detention20 * LENGTH_FACTOR[length]),
    },
  ]);
}

/** Reefers have less free time at the terminal (plugged-in boxes cost the terminal power). */
function reeferTariffs(scac: string): Tariff[] {
  const terms = TERMS[scac] ?? DEFAULT_TERMS;
  return [
    {
      id: `published-${scac.toLowerCase()}-demurrage-reefer`,
      source: "published",
      scac,
      port_locode: null,
      terminal: null,
      equipment_length: null,
      equipment_type: "reefer",
      kind: "demurrage",
      counts_from: "discharge",
      free_days: Math.max(2, terms.demurrageFreeDays - 2),
      currency: "USD",
      tiers: tiersOf(terms.demurrage20 * 2),
    },
  ];
}

/** Every published tariff, by line. */
export const PUBLISHED_TARIFFS: readonly Tariff[] = SHIPPING_LINES.flatMap((line) => [
  ...lineTariffs(line.scac),
  ...reeferTariffs(line.scac),
]);

const BY_ID = new Map(PUBLISHED_TARIFFS.map((t) => [t.id, t]));

export function publishedTariff(id: string): Tariff | undefined {
  return BY_ID.get(id);
}
