// Free time and charges (demurrage and detention): the tariffs of the /v2 contract (`/v2/free_time_tariffs`) and
// the pure rule that turns a container's dates and the tariff that applies to it into days used, days left and
// money. Zod-free rule, shared by the service (container attributes, the summary's money at risk, the lists' sort
// and filters), the dashboard and the MCP answers, so that all of them count the same days.
//
// How days are counted (the way lines and terminals print it on their tariffs):
// - The clock starts on the calendar day of its start (demurrage: discharge at the port, or arrival at the inland
//   facility for a box that went on by rail; detention: pickup, or discharge when the line counts it from there),
//   in the zone of the place: that day is day 1.
// - Days 1..free_days are free; every later day, begun, is charged at the rate of its tier. Tiers count chargeable
//   days: `from_day: 1` is the first day after the free time, `from_day: 5` the fifth.
// - The clock stops on the day the box leaves (demurrage: out full; detention: empty returned); that day counts.
// - `charges_tomorrow` is what the box will have cost if it is still there tomorrow (the total, not the increment),
//   and `charges_at_risk` what it will have cost by the end of the day after tomorrow: the "money at risk" of
//   Needs attention (charges accrued, and those that start within 2 days).
import { z } from "zod";
import { calendarDayIn } from "./calendar-days";
import { DAY } from "./durations";
import { isoDateTime, listMetaSchema, selfLinkSchema } from "./json-api";

export const FREE_TIME_KINDS = ["demurrage", "detention"] as const;
export type FreeTimeKind = (typeof FREE_TIME_KINDS)[number];

/** Where a detention clock starts (a demurrage clock always starts at discharge). */
export const FREE_TIME_COUNTS_FROM = ["discharge", "pickup"] as const;
export type FreeTimeCountsFrom = (typeof FREE_TIME_COUNTS_FROM)[number];

/** Box lengths a tariff can be limited to; none means every length. */
export const TARIFF_LENGTHS = [20, 40, 45] as const;

export const FREE_DAYS_MAX = 60;
export const PER_DAY_MAX = 100_000;
export const TIERS_MAX = 6;

const tierSchema = z
  .object({
    from_day: z
      .number({ error: "from_day must be a whole number of days (1 is the first day after the free time)" })
      .int({ error: "from_day must be a whole number of days" })
      .min(1, { error: "from_day must be 1 or more (1 is the first day after the free time)" })
      .max(365, { error: "from_day can be at most 365" }),
    per_day: z
      .number({ error: "per_day must be a number: the charge per day in the tariff's currency" })
      .min(0, { error: "per_day can't be negative" })
      .max(PER_DAY_MAX, { error: `per_day can be at most ${PER_DAY_MAX}` }),
  })
  .meta({ id: "FreeTimeTier" });
export type FreeTimeTier = z.infer<typeof tierSchema>;

/** Tiers start at the first charged day and step up in order. */
export const tiersSchema = z
  .array(tierSchema, { error: "tiers must be a list of {from_day, per_day}" })
  .min(1, { error: "tiers needs at least one tier, from_day 1" })
  .max(TIERS_MAX, { error: `tiers can have at most ${TIERS_MAX} steps` })
  .superRefine((tiers, ctx) => {
    if (tiers[0] && tiers[0].from_day !== 1) {
      ctx.addIssue({
        code: "custom",
        path: [0, "from_day"],
        message: "the first tier must start at from_day 1 (the first day after the free time)",
      });
    }
    for (let i = 1; i < tiers.length; i++) {
      if (tiers[i]!.from_day <= tiers[i - 1]!.from_day) {
        ctx.addIssue({
          code: "custom",
          path: [i, "from_day"],
          message: "each tier must start on a later day than the one before it",
        });
      }
    }
  });

const scacSchema = z
  .string({ error: "scac must be a shipping line's SCAC, such as MAEU" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2,4}$/, { error: "scac must be a shipping line's SCAC: 2 to 4 letters, such as MAEU" });
const locodeSchema = z
  .string({ error: "port_locode must be a UN/LOCODE, such as USLAX" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}[A-Z0-9]{3}$/, { error: "port_locode must be a UN/LOCODE: 5 characters, such as USLAX" });
const currencySchema = z
  .string({ error: "currency must be an ISO 4217 code, such as USD" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: "currency must be an ISO 4217 code: 3 letters, such as USD" });

/** What a tariff says, as written (published or the account's own). */
export const tariffAttributesShape = {
  scac: scacSchema,
  /** The port of discharge it applies at; null: every port of the line. */
  port_locode: locodeSchema.nullable(),
  /** The terminal's FIRMS code (or name) it applies at; null: every terminal of the port. */
  terminal: z
    .string({ error: "terminal must be a terminal's FIRMS code or name" })
    .trim()
    .min(1, { error: "terminal can't be blank: leave it out (null) for every terminal" })
    .max(80, { error: "terminal can be at most 80 characters" })
    .nullable(),
  /** Box length in feet; null: every length. */
  equipment_length: z
    .union(
      TARIFF_LENGTHS.map((n) => z.literal(n)) as [z.ZodLiteral<20>, z.ZodLiteral<40>, z.ZodLiteral<45>],
      {
        error: `equipment_length must be one of ${TARIFF_LENGTHS.join(", ")}, or null for every length`,
      },
    )
    .nullable(),
  /** Box type (dry, reefer, …); null: every type. */
  equipment_type: z
    .string({ error: "equipment_type must be a box type such as dry or reefer" })
    .trim()
    .toLowerCase()
    .min(1, { error: "equipment_type can't be blank: leave it out (null) for every type" })
    .nullable(),
  kind: z.enum(FREE_TIME_KINDS, { error: `kind must be one of ${FREE_TIME_KINDS.join(", ")}` }),
  /** Detention only: whether the clock starts at discharge or at pickup; demurrage counts from discharge. */
  counts_from: z.enum(FREE_TIME_COUNTS_FROM, {
    error: `counts_from must be one of ${FREE_TIME_COUNTS_FROM.join(", ")}`,
  }),
  free_days: z
    .number({ error: "free_days must be a whole number of days" })
    .int({ error: "free_days must be a whole number of days" })
    .min(0, { error: "free_days can't be negative" })
    .max(FREE_DAYS_MAX, { error: `free_days can be at most ${FREE_DAYS_MAX}` }),
  currency: currencySchema,
  tiers: tiersSchema,
};

export const tariffSchema = z
  .object({
    id: z.string(),
    type: z.literal("free_time_tariff"),
    attributes: z.object({
      scac: z.string(),
      port_locode: z.string().nullable(),
      terminal: z.string().nullable(),
      equipment_length: z.number().int().nullable(),
      equipment_type: z.string().nullable(),
      kind: z.enum(FREE_TIME_KINDS),
      counts_from: z.enum(FREE_TIME_COUNTS_FROM),
      free_days: z.number().int(),
      currency: z.string(),
      tiers: z.array(z.object({ from_day: z.number().int(), per_day: z.number() })),
      /** `published`: the line's published tariff (read-only); `account`: the account's own, which wins. */
      source: z.enum(["published", "account"]),
      read_only: z.boolean(),
      updated_at: isoDateTime.nullable(),
    }),
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "FreeTimeTariff" });
export type FreeTimeTariffResource = z.infer<typeof tariffSchema>;

export const tariffDocumentSchema = z.object({ data: tariffSchema, links: selfLinkSchema.optional() });
export const tariffListDocumentSchema = z
  .object({ data: z.array(tariffSchema), links: selfLinkSchema, meta: listMetaSchema })
  .meta({ id: "FreeTimeTariffList" });

const bodyOf = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    data: z.object({
      type: z.literal("free_time_tariff", { error: "data.type must be 'free_time_tariff'" }).optional(),
      id: z.string().optional(),
      attributes: z.strictObject(shape),
    }),
  });

const a = tariffAttributesShape;
/** `POST /v2/free_time_tariffs`: scac, kind, free_days, currency and tiers; the rest default to "every". */
export const tariffCreateBodySchema = bodyOf({
  scac: a.scac,
  port_locode: a.port_locode.default(null),
  terminal: a.terminal.default(null),
  equipment_length: a.equipment_length.default(null),
  equipment_type: a.equipment_type.default(null),
  kind: a.kind,
  counts_from: a.counts_from.optional(),
  free_days: a.free_days,
  currency: a.currency.default("USD"),
  tiers: a.tiers,
}).meta({ id: "FreeTimeTariffCreateBody" });

/** `PATCH /v2/free_time_tariffs/{id}`: any of the attributes. */
export const tariffEditBodySchema = bodyOf({
  scac: a.scac.optional(),
  port_locode: a.port_locode.optional(),
  terminal: a.terminal.optional(),
  equipment_length: a.equipment_length.optional(),
  equipment_type: a.equipment_type.optional(),
  kind: a.kind.optional(),
  counts_from: a.counts_from.optional(),
  free_days: a.free_days.optional(),
  currency: a.currency.optional(),
  tiers: a.tiers.optional(),
}).meta({ id: "FreeTimeTariffEditBody" });

// ---- The rule ----

/** A tariff as the rule reads it. */
export interface Tariff {
  id: string;
  source: "published" | "account";
  scac: string;
  port_locode: string | null;
  terminal: string | null;
  equipment_length: number | null;
  equipment_type: string | null;
  kind: FreeTimeKind;
  counts_from: FreeTimeCountsFrom;
  free_days: number;
  currency: string;
  tiers: FreeTimeTier[];
}

/** What the rule reads of a container (its attributes, and its terminal's FIRMS code and name). */
export interface FreeTimeFacts {
  scac: string;
  port_locode: string | null;
  terminal: { firms_code: string | null; name: string | null } | null;
  equipment_length: number | null;
  equipment_type: string | null;
  pod_discharged_at: string | null;
  /** Picked up full: at the port's terminal, or at the inland facility for a box that went on by rail. */
  pod_full_out_at: string | null;
  empty_terminated_at: string | null;
  /** A box that went on by rail: when it left the port, and when it reached the inland facility (else null). */
  rail_departed_at?: string | null;
  inland_arrived_at?: string | null;
  /** Calendar days of demurrage are the port's; detention's the place the empty goes back to (else the port's). */
  pod_timezone: string | null;
  final_destination_timezone: string | null;
  /**
   * The last free day the terminal, the line or the inland facility reports for where the box waits (the effective
   * one, src/api/last-free-day.ts), as an instant. A published tariff's demurrage free time ends on it: the place
   * that bills the days says when they start, and the container page must not show two last free days. An
   * account's own tariff is its negotiated free time, and keeps its own count.
   */
  reported_last_free_day?: string | null;
}

/**
 * A container's own stored values that the rule reads (the service's columns): its box, its dates, and the last
 * free day reported for it.
 */
export interface FreeTimeColumns {
  equipmentLength: number | null;
  equipmentType: string | null;
  podDischargedAt: Date | null;
  podFullOutAt: Date | null;
  finalDestinationFullOutAt: Date | null;
  emptyTerminatedAt: Date | null;
  podRailDepartedAt: Date | null;
  indAtaAt: Date | null;
  indRailUnloadedAt: Date | null;
  lastFreeDayAt: Date | null;
}

/** Where the container is, as the rule matches tariffs and counts calendar days. */
export type FreeTimePlace = Pick<
  FreeTimeFacts,
  "scac" | "port_locode" | "terminal" | "pod_timezone" | "final_destination_timezone"
>;

const isoOf = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The rule's facts of a container from the service's stored values: one reading for a single record
 * (server/resources/containers.ts) and for the lists' sort and filters (server/db/free-time.ts).
 */
export function freeTimeFactsOf(c: FreeTimeColumns, place: FreeTimePlace): FreeTimeFacts {
  return {
    ...place,
    equipment_length: c.equipmentLength,
    equipment_type: c.equipmentType,
    pod_discharged_at: isoOf(c.podDischargedAt),
    // Picked up full at the port's terminal, or at the inland facility for a box that went on by rail.
    pod_full_out_at: isoOf(c.podFullOutAt ?? c.finalDestinationFullOutAt),
    empty_terminated_at: isoOf(c.emptyTerminatedAt),
    rail_departed_at: isoOf(c.podRailDepartedAt),
    inland_arrived_at: isoOf(c.indAtaAt ?? c.indRailUnloadedAt),
    reported_last_free_day: isoOf(c.lastFreeDayAt),
  };
}

export const freeTimeStateSchema = z
  .object({
    kind: z.enum(FREE_TIME_KINDS),
    tariff_id: z.string(),
    tariff_source: z.enum(["published", "account"]),
    currency: z.string(),
    free_days: z.number().int(),
    counts_from: z.enum(FREE_TIME_COUNTS_FROM),
    /** `not_started`: the clock's start has not happened; `running`; `stopped`: the box left (out full / returned). */
    status: z.enum(["not_started", "running", "stopped"]),
    started_at: isoDateTime.nullable(),
    /** Detention: the box is out full and the empty not yet back; its return deadline is the one to watch. */
    awaiting_return: z.boolean(),
    stopped_at: isoDateTime.nullable(),
    /** The last free day (YYYY-MM-DD in `timezone`): the terminal's pickup day, or the empty return deadline. */
    last_free_day: z.string().nullable(),
    /**
     * Where `free_days` and `last_free_day` come from: the tariff's count, or the last free day the terminal, line
     * or inland facility reported (a published tariff's demurrage; its rates still apply after that day).
     */
    free_days_source: z.enum(["tariff", "reported"]),
    timezone: z.string().nullable(),
    /** Calendar days counted so far (the start's day is day 1; a stopped clock counts its last day). */
    days_used: z.number().int(),
    /** Free days left, today not included; 0 once the free time is over. */
    days_left: z.number().int(),
    /** Days past the free time, charged. */
    days_charged: z.number().int(),
    charges_so_far: z.number(),
    /** The total if the box is still there tomorrow (equal to `charges_so_far` once the clock stopped). */
    charges_tomorrow: z.number(),
    /** The total by the end of the day after tomorrow while the clock runs: what Needs attention adds up. */
    charges_at_risk: z.number(),
  })
  .meta({ id: "FreeTimeState" });
export type FreeTimeState = z.infer<typeof freeTimeStateSchema>;

const upper = (s: string | null | undefined) => (s ?? "").trim().toUpperCase();

/**
 * How closely a tariff fits a container: null when it does not apply, else a score (a terminal beats a port beats a
 * line; a length or type named beats "every").
 */
function fitScore(t: Tariff, f: FreeTimeFacts): number | null {
  if (upper(t.scac) !== upper(f.scac)) return null;
  let score = 0;
  if (t.port_locode !== null) {
    if (upper(t.port_locode) !== upper(f.port_locode)) return null;
    score += 8;
  }
  if (t.terminal !== null) {
    const wanted = upper(t.terminal);
    if (wanted !== upper(f.terminal?.firms_code) && wanted !== upper(f.terminal?.name)) return null;
    score += 16;
  }
  if (t.equipment_length !== null) {
    if (t.equipment_length !== f.equipment_length) return null;
    score += 2;
  }
  if (t.equipment_type !== null) {
    if (t.equipment_type.toLowerCase() !== (f.equipment_type ?? "").toLowerCase()) return null;
    score += 1;
  }
  return score;
}

/**
 * The tariff that applies: among those that fit, the account's own win over published ones (whatever their
 * detail), and then the most specific; ties go to the first given.
 */
export function applicableTariff(
  tariffs: readonly Tariff[],
  kind: FreeTimeKind,
  facts: FreeTimeFacts,
): Tariff | null {
  let best: Tariff | null = null;
  let bestScore = -1;
  for (const t of tariffs) {
    if (t.kind !== kind) continue;
    const score = fitScore(t, facts);
    if (score === null) continue;
    const ranked = score + (t.source === "account" ? 1000 : 0);
    if (ranked > bestScore) {
      best = t;
      bestScore = ranked;
    }
  }
  return best;
}

/** The charge of the n-th chargeable day (1 = the first day after the free time). */
function rateOfDay(tiers: readonly FreeTimeTier[], n: number): number {
  let rate = tiers[0]?.per_day ?? 0;
  for (const tier of tiers) if (tier.from_day <= n) rate = tier.per_day;
  return rate;
}

/** What `days` counted days cost under the tariff. */
export function chargesFor(t: Pick<Tariff, "free_days" | "tiers">, days: number): number {
  let total = 0;
  for (let n = 1; n <= days - t.free_days; n++) total += rateOfDay(t.tiers, n);
  return Math.round(total * 100) / 100;
}

/** Whole calendar days from one instant's day to another's, in the zone. */
/**
 * Days by zone and UTC quarter hour: every zone's offset is a whole number of quarter hours, so one quarter hour of
 * UTC falls on one calendar day there, and a list of thousands of boxes formats each zone's few days only once.
 */
const QUARTER_HOUR = DAY / 96;
const dayIndexes = new Map<string, number>();
const DAY_INDEXES_MAX = 100_000;

function dayIndex(at: Date, timeZone: string | null): number {
  const key = `${timeZone ?? ""}|${Math.floor(at.getTime() / QUARTER_HOUR)}`;
  let found = dayIndexes.get(key);
  if (found === undefined) {
    found = Math.round(Date.parse(`${calendarDayIn(at, timeZone)}T00:00:00Z`) / DAY);
    if (dayIndexes.size >= DAY_INDEXES_MAX) dayIndexes.clear();
    dayIndexes.set(key, found);
  }
  return found;
}

function dateOfIndex(index: number): string {
  return new Date(index * DAY).toISOString().slice(0, 10);
}

/** The state of one clock (demurrage or detention) of a container at `now`, under the tariff. */
export function freeTimeState(tariff: Tariff, facts: FreeTimeFacts, now: Date): FreeTimeState {
  const demurrage = tariff.kind === "demurrage";
  const countsFrom: FreeTimeCountsFrom = demurrage ? "discharge" : tariff.counts_from;
  // A box gone on by rail waits for pickup at the inland facility: its demurrage runs there, from its arrival,
  // in that place's calendar (as its effective last free day does, src/api/last-free-day.ts).
  const inland = (facts.rail_departed_at ?? facts.inland_arrived_at ?? null) !== null;
  const inlandZone = facts.final_destination_timezone ?? facts.pod_timezone;
  const demurrageStart = inland ? (facts.inland_arrived_at ?? null) : facts.pod_discharged_at;
  const startedAt = demurrage
    ? demurrageStart
    : countsFrom === "discharge"
      ? facts.pod_discharged_at
      : facts.pod_full_out_at;
  const stoppedAt = demurrage ? facts.pod_full_out_at : facts.empty_terminated_at;
  const timeZone = demurrage && !inland ? facts.pod_timezone : inlandZone;
  const base = {
    kind: tariff.kind,
    tariff_id: tariff.id,
    tariff_source: tariff.source,
    currency: tariff.currency,
    free_days: tariff.free_days,
    free_days_source: "tariff" as const,
    counts_from: countsFrom,
    timezone: timeZone,
  };
  const start = startedAt === null ? null : new Date(startedAt);
  if (start === null || start.getTime() > now.getTime()) {
    return {
      ...base,
      status: "not_started",
      started_at: null,
      awaiting_return: false,
      stopped_at: null,
      last_free_day: null,
      days_used: 0,
      days_left: tariff.free_days,
      days_charged: 0,
      charges_so_far: 0,
      charges_tomorrow: 0,
      charges_at_risk: 0,
    };
  }
  const stop = stoppedAt === null ? null : new Date(stoppedAt);
  const stopped = stop !== null && stop.getTime() <= now.getTime();
  const first = dayIndex(start, timeZone);
  const last = dayIndex(stopped ? stop : now, timeZone);
  const used = Math.max(1, last - first + 1);
  // A published tariff's demurrage free time ends on the day the place reports, when it reports one.
  const reported =
    demurrage && tariff.source === "published" && facts.reported_last_free_day
      ? dayIndex(new Date(facts.reported_last_free_day), timeZone)
      : null;
  const freeDays = reported === null ? tariff.free_days : Math.max(0, reported - first + 1);
  const counted = { free_days: freeDays, tiers: tariff.tiers };
  const soFar = chargesFor(counted, used);
  return {
    ...base,
    free_days: freeDays,
    free_days_source: reported === null ? "tariff" : "reported",
    status: stopped ? "stopped" : "running",
    started_at: start.toISOString(),
    awaiting_return: !demurrage && !stopped && facts.pod_full_out_at !== null,
    stopped_at: stopped ? stop.toISOString() : null,
    last_free_day: dateOfIndex(first + freeDays - 1),
    days_used: used,
    days_left: stopped ? 0 : Math.max(0, freeDays - used),
    days_charged: Math.max(0, used - freeDays),
    charges_so_far: soFar,
    charges_tomorrow: stopped ? soFar : chargesFor(counted, used + 1),
    charges_at_risk: stopped ? 0 : chargesFor(counted, used + 2),
  };
}

/**
 * The rule's version: raise it with any change to how the rule counts, so that the figures the service keeps of
 * each container (server/db/free-time.ts) are counted again at start-up.
 */
export const FREE_TIME_RULE_VERSION = 1;

/** Tariffs by line (upper-case SCAC): a long list is searched only among the container's line's. */
export type TariffsByLine = ReadonlyMap<string, readonly Tariff[]>;

export function tariffsByLine(tariffs: readonly Tariff[]): TariffsByLine {
  const byLine = new Map<string, Tariff[]>();
  for (const t of tariffs) {
    const scac = upper(t.scac);
    const list = byLine.get(scac);
    if (list) list.push(t);
    else byLine.set(scac, [t]);
  }
  return byLine;
}

/** A container's two clocks, each null when no tariff applies. */
export function freeTimeOf(
  tariffs: readonly Tariff[] | TariffsByLine,
  facts: FreeTimeFacts,
  now: Date,
): { demurrage: FreeTimeState | null; detention: FreeTimeState | null } {
  const candidates = Array.isArray(tariffs)
    ? (tariffs as readonly Tariff[])
    : ((tariffs as TariffsByLine).get(upper(facts.scac)) ?? []);
  const of = (kind: FreeTimeKind) => {
    const t = applicableTariff(candidates, kind, facts);
    return t ? freeTimeState(t, facts, now) : null;
  };
  return { demurrage: of("demurrage"), detention: of("detention") };
}

/** Money at risk of one container: each running clock's charges by the day after tomorrow, per currency. */
export function moneyAtRisk(
  states: ReadonlyArray<FreeTimeState | null>,
  into: Record<string, number> = {},
): Record<string, number> {
  for (const s of states) {
    if (s === null || s.status !== "running" || s.charges_at_risk === 0) continue;
    into[s.currency] = Math.round(((into[s.currency] ?? 0) + s.charges_at_risk) * 100) / 100;
  }
  return into;
}

/**
 * `filter[detention]`, as the LFD filter words it, of boxes out full and not yet returned: the empty return
 * deadline passed, due within 2 days (today included), or any of them.
 */
export const DETENTION_FILTERS = ["passed", "due_soon", "running"] as const;
export type DetentionFilter = (typeof DETENTION_FILTERS)[number];

/** Which detention filter a container's detention state answers (a box out full and not yet returned only). */
export function detentionAlarm(s: FreeTimeState | null): "passed" | "due_soon" | "running" | "none" {
  if (s === null || !s.awaiting_return) return "none";
  if (s.days_charged > 0) return "passed";
  if (s.days_left <= 2) return "due_soon";
  return "running";
}

/** Whether a container matches `filter[detention]`: `running` is every box out and not returned. */
export function matchesDetentionFilter(s: FreeTimeState | null, filter: DetentionFilter): boolean {
  const alarm = detentionAlarm(s);
  if (filter === "running") return alarm !== "none";
  return alarm === filter;
}
