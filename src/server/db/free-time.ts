// Free time of an account's containers whose clocks may run (discharged, the empty not yet back), counted with the
// shared rule (src/api/free-time.ts) against the account's tariffs: what `filter[detention]`, `filter[charges]`,
// `sort=charges` and the attention summary's money at risk read. Tariffs have tiers and calendar days in each
// port's zone, which SQL would have to repeat; the rule runs here instead over the few columns it reads, from a
// partial index of exactly these containers (migration 0044), which are a small part of a large account's.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import {
  type DetentionFilter,
  type FreeTimeState,
  freeTimeFactsOf,
  freeTimeOf,
  matchesDetentionFilter,
  moneyAtRisk,
} from "../../api/free-time";
import type { Db } from "./connection";
import { tariffsOfAccount } from "./free-time-tariffs";
import { containers, ports, shippingLines, terminals } from "./schema";

export interface ContainerFreeTime {
  id: string;
  demurrage: FreeTimeState | null;
  detention: FreeTimeState | null;
  /** Money at risk of its running clocks, summed over currencies (the sort's key; one currency in practice). */
  atRisk: number;
  /** Charged so far on its running clocks, summed over currencies (the sort's second key). */
  soFar: number;
}

/** Every container of the account whose demurrage or detention clock may run, with its two clocks now. */
export async function runningFreeTime(db: Db, accountId: string, now: Date): Promise<ContainerFreeTime[]> {
  const [tariffs, rows] = await Promise.all([
    tariffsOfAccount(db, accountId),
    db
      .select({
        id: containers.id,
        equipmentLength: containers.equipmentLength,
        equipmentType: containers.equipmentType,
        podDischargedAt: containers.podDischargedAt,
        podFullOutAt: containers.podFullOutAt,
        finalDestinationFullOutAt: containers.finalDestinationFullOutAt,
        emptyTerminatedAt: containers.emptyTerminatedAt,
        podRailDepartedAt: containers.podRailDepartedAt,
        indAtaAt: containers.indAtaAt,
        indRailUnloadedAt: containers.indRailUnloadedAt,
        podTimeZone: containers.shipmentPodTimeZone,
        destinationTimeZone: containers.shipmentDestinationTimeZone,
        lastFreeDayAt: containers.lastFreeDayAt,
        scac: shippingLines.scac,
        locode: ports.locode,
        firmsCode: terminals.firmsCode,
        terminalName: terminals.name,
      })
      .from(containers)
      .leftJoin(shippingLines, eq(shippingLines.id, containers.shipmentShippingLineId))
      .leftJoin(ports, eq(ports.id, containers.shipmentPortOfDischargeId))
      .leftJoin(terminals, eq(terminals.id, containers.podTerminalId))
      .where(
        and(
          eq(containers.accountId, accountId),
          isNotNull(containers.podDischargedAt),
          isNull(containers.emptyTerminatedAt),
        ),
      ),
  ]);
  return rows.map((r) => {
    const clocks = freeTimeOf(
      tariffs,
      freeTimeFactsOf(r, {
        scac: r.scac ?? "",
        port_locode: r.locode,
        terminal: r.firmsCode || r.terminalName ? { firms_code: r.firmsCode, name: r.terminalName } : null,
        pod_timezone: r.podTimeZone,
        final_destination_timezone: r.destinationTimeZone,
      }),
      now,
    );
    const running = [clocks.demurrage, clocks.detention].filter((s) => s?.status === "running");
    const sum = (pick: (s: FreeTimeState) => number) =>
      running.reduce((total, s) => total + (s ? pick(s) : 0), 0);
    return {
      id: r.id,
      ...clocks,
      atRisk: sum((s) => s.charges_at_risk),
      soFar: sum((s) => s.charges_so_far),
    };
  });
}

/** Whether the container has money at risk: charges running, or starting within 2 days. */
export const hasMoneyAtRisk = (c: ContainerFreeTime) => c.atRisk > 0;

/** The ids `filter[detention]` and `filter[charges]` name, among the running ones. */
export function freeTimeMatches(
  all: readonly ContainerFreeTime[],
  filter: { detention?: DetentionFilter; charges?: "at_risk" },
): string[] {
  return all
    .filter(
      (c) =>
        (filter.detention === undefined || matchesDetentionFilter(c.detention, filter.detention)) &&
        (filter.charges === undefined || hasMoneyAtRisk(c)),
    )
    .map((c) => c.id);
}

/** The running ones with money at risk, most first (then most charged so far, then by id for a stable order). */
export function rankedByCharges(all: readonly ContainerFreeTime[]): ContainerFreeTime[] {
  return all
    .filter(hasMoneyAtRisk)
    .sort((a, b) => b.atRisk - a.atRisk || b.soFar - a.soFar || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Money at risk of the account, per currency, and how many containers carry it. */
export function moneyAtRiskOf(all: readonly ContainerFreeTime[]): {
  amounts: Record<string, number>;
  count: number;
} {
  const amounts: Record<string, number> = {};
  let n = 0;
  for (const c of all) {
    if (!hasMoneyAtRisk(c)) continue;
    n += 1;
    moneyAtRisk([c.demurrage, c.detention], amounts);
  }
  return { amounts, count: n };
}
