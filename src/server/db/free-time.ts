// Free time of an account's containers whose clocks may run (discharged, the empty not yet back), counted with the
// shared rule (src/api/free-time.ts) against the account's tariffs and kept in `container_free_time` (migration
// 0045): what `sort=charges`, `filter[charges]`, `filter[detention]` and the attention summary's money at risk read.
// Tariffs have tiers and calendar days in each place's zone, which SQL would have to repeat; the rule runs here
// instead, once per container and change: triggers mark a row when anything the rule reads changes, each row says
// until when its figures hold (the next midnight where its clocks count, or the next start or stop of a clock), and
// every read first counts again the account's marked and run-out rows (few, once the account has been read).
import { and, eq, gt, lte, or, type SQL, sql } from "drizzle-orm";
import { nextDayStartIn } from "../../api/calendar-days";
import {
  type DetentionFilter,
  detentionAlarm,
  type FreeTimeColumns,
  type FreeTimeFacts,
  freeTimeFactsOf,
  freeTimeOf,
  moneyAtRisk,
} from "../../api/free-time";
import type { Db } from "./connection";
import { tariffsOfAccount } from "./free-time-tariffs";
import { containerFreeTime, containers, ports, shippingLines, terminals } from "./schema";

/** The container columns the rule reads (FreeTimeColumns), selected beside a read's own. */
export const freeTimeColumns = {
  equipmentLength: containers.equipmentLength,
  equipmentType: containers.equipmentType,
  podDischargedAt: containers.podDischargedAt,
  podFullOutAt: containers.podFullOutAt,
  finalDestinationFullOutAt: containers.finalDestinationFullOutAt,
  emptyTerminatedAt: containers.emptyTerminatedAt,
  podRailDepartedAt: containers.podRailDepartedAt,
  indAtaAt: containers.indAtaAt,
  indRailUnloadedAt: containers.indRailUnloadedAt,
  lastFreeDayAt: containers.lastFreeDayAt,
} satisfies Record<keyof FreeTimeColumns, unknown>;

/** Rows written by one statement when counting again (an account's first read counts all its running ones). */
const WRITE_BATCH = 500;

/** One count per account at a time in this process: a second read waits for it instead of counting the same rows. */
const counting = new Map<string, Promise<void>>();

/**
 * Counts again the account's rows that are marked, have run out, or were counted at a later clock time than `now`
 * (a clock set back), so that the reads below see figures true at `now`.
 */
export async function countFreeTime(db: Db, accountId: string, now: Date): Promise<void> {
  const running = counting.get(accountId);
  if (running) await running.catch(() => undefined);
  const mine = countStale(db, accountId, now);
  counting.set(accountId, mine);
  try {
    await mine;
  } finally {
    if (counting.get(accountId) === mine) counting.delete(accountId);
  }
}

async function countStale(db: Db, accountId: string, now: Date): Promise<void> {
  const f = containerFreeTime;
  const stale = await db
    .select({
      id: containers.id,
      version: f.version,
      ...freeTimeColumns,
      podTimeZone: containers.shipmentPodTimeZone,
      destinationTimeZone: containers.shipmentDestinationTimeZone,
      scac: shippingLines.scac,
      locode: ports.locode,
      firmsCode: terminals.firmsCode,
      terminalName: terminals.name,
    })
    .from(f)
    .innerJoin(containers, eq(containers.id, f.containerId))
    .leftJoin(shippingLines, eq(shippingLines.id, containers.shipmentShippingLineId))
    .leftJoin(ports, eq(ports.id, containers.shipmentPortOfDischargeId))
    .leftJoin(terminals, eq(terminals.id, containers.podTerminalId))
    .where(and(eq(f.accountId, accountId), or(lte(f.validUntil, now), gt(f.validFrom, now))));
  if (stale.length === 0) return;
  const tariffs = await tariffsOfAccount(db, accountId);
  const counted = stale.map((r) => {
    const facts = freeTimeFactsOf(r, {
      scac: r.scac ?? "",
      port_locode: r.locode,
      terminal: r.firmsCode || r.terminalName ? { firms_code: r.firmsCode, name: r.terminalName } : null,
      pod_timezone: r.podTimeZone,
      final_destination_timezone: r.destinationTimeZone,
    });
    const clocks = freeTimeOf(tariffs, facts, now);
    const running = [clocks.demurrage, clocks.detention].filter((s) => s?.status === "running");
    const sum = (pick: (s: NonNullable<(typeof running)[number]>) => number) =>
      Math.round(running.reduce((total, s) => total + (s ? pick(s) : 0), 0) * 100) / 100;
    return {
      id: r.id,
      version: r.version,
      atRisk: sum((s) => s.charges_at_risk),
      soFar: sum((s) => s.charges_so_far),
      amounts: moneyAtRisk([clocks.demurrage, clocks.detention]),
      alarm: detentionAlarm(clocks.detention),
      validUntil: new Date(figuresHoldUntil(facts, now)),
    };
  });
  for (let i = 0; i < counted.length; i += WRITE_BATCH) {
    const rows = counted.slice(i, i + WRITE_BATCH).map(
      (c) =>
        sql`(${c.id}::uuid, ${c.version}::int, ${c.atRisk}::float8, ${c.soFar}::float8,
          ${JSON.stringify(c.amounts)}::jsonb, ${c.alarm}::text, ${c.validUntil.toISOString()}::timestamptz)`,
    );
    // A row marked again while it was being counted (its version moved on) keeps its mark for the next read.
    await db.execute(sql`update ${f} set
        at_risk = v.at_risk, so_far = v.so_far, at_risk_amounts = v.amounts, detention_alarm = v.alarm,
        valid_from = ${now.toISOString()}::timestamptz, valid_until = v.valid_until
      from (values ${sql.join(rows, sql`, `)}) as v(id, version, at_risk, so_far, amounts, alarm, valid_until)
      where ${f.containerId} = v.id and ${f.version} = v.version and ${f.accountId} = ${accountId}::uuid`);
  }
}

/**
 * Until when a container's counted figures hold: the rule reads the clock only as the calendar day in the zones
 * its clocks count in (the port's, and the inland place's) and as whether a clock has started or stopped.
 */
export function figuresHoldUntil(facts: FreeTimeFacts, now: Date): number {
  const t = now.getTime();
  let until = Math.min(
    nextDayStartIn(now, facts.pod_timezone),
    nextDayStartIn(now, facts.final_destination_timezone ?? facts.pod_timezone),
  );
  const instants = [
    facts.pod_discharged_at,
    facts.pod_full_out_at,
    facts.empty_terminated_at,
    facts.rail_departed_at,
    facts.inland_arrived_at,
  ];
  for (const iso of instants) {
    const at = iso ? Date.parse(iso) : Number.NaN;
    if (at > t && at < until) until = at;
  }
  return until;
}

/**
 * The condition `filter[detention]` and `filter[charges]=at_risk` put on containers, over the counted figures
 * (countFreeTime first).
 */
export function freeTimeCondition(
  accountId: string,
  filter: { detention?: DetentionFilter; charges?: "at_risk" },
): SQL {
  const f = containerFreeTime;
  const tests = freeTimeTests(accountId, filter);
  return sql`${containers.id} in (select ${f.containerId} from ${f} where ${sql.join(tests, sql` and `)})`;
}

function freeTimeTests(
  accountId: string,
  filter: { detention?: DetentionFilter; charges?: "at_risk" },
): SQL[] {
  const f = containerFreeTime;
  const tests: SQL[] = [sql`${f.accountId} = ${accountId}::uuid`];
  if (filter.charges !== undefined) tests.push(sql`${f.atRisk} > 0`);
  if (filter.detention === "running") tests.push(sql`${f.detentionAlarm} <> 'none'`);
  else if (filter.detention !== undefined) tests.push(sql`${f.detentionAlarm} = ${filter.detention}`);
  return tests;
}

/**
 * How many containers the free time filters alone name, from the kept figures alone: a row is only ever its
 * container's account's (the trigger writes the container's own), so the count needs no visit to containers, where
 * the join cost as much as reading every container of the account. (countFreeTime first.)
 */
export async function countFreeTimeMatches(
  db: Db,
  accountId: string,
  filter: { detention?: DetentionFilter; charges?: "at_risk" },
): Promise<number> {
  const f = containerFreeTime;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(f)
    .where(and(...freeTimeTests(accountId, filter)));
  return row?.n ?? 0;
}

/**
 * The order of the containers with money at risk: the most first (then the most charged so far, then by id), the
 * order of the partial index of those at risk; ascending, exactly its reverse. (countFreeTime first.)
 */
export function chargesOrder(descending: boolean): SQL[] {
  const f = containerFreeTime;
  // Nulls placed as the index has them (none are null), or the planner would sort instead of walking it.
  return descending
    ? [sql`${f.atRisk} desc nulls last`, sql`${f.soFar} desc nulls last`, sql`${f.containerId} asc`]
    : [sql`${f.atRisk} asc nulls first`, sql`${f.soFar} asc nulls first`, sql`${f.containerId} desc`];
}

/** Money at risk of the account, per currency, how many containers carry it, and how many empties are overdue. */
export async function moneyAtRiskOf(
  db: Db,
  accountId: string,
): Promise<{ amounts: Record<string, number>; count: number; detentionPassed: number }> {
  const f = containerFreeTime;
  const [atRisk, [passed]] = await Promise.all([
    db
      .select({ amounts: f.atRiskAmounts })
      .from(f)
      .where(and(eq(f.accountId, accountId), gt(f.atRisk, 0))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(f)
      .where(and(eq(f.accountId, accountId), eq(f.detentionAlarm, "passed"))),
  ]);
  const amounts: Record<string, number> = {};
  for (const row of atRisk) {
    for (const [currency, amount] of Object.entries(row.amounts)) {
      amounts[currency] = Math.round(((amounts[currency] ?? 0) + amount) * 100) / 100;
    }
  }
  return { amounts, count: atRisk.length, detentionPassed: passed?.n ?? 0 };
}
