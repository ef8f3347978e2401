// Unit tests of free time and charges: which tariff applies (own over published, specific over general), how days
// are counted in the place's zone, tiers that step up, clocks that stop, detention from discharge or pickup, the
// detention alarm, money at risk, and the tariff body's checks.
import { describe, expect, it } from "vitest";
import {
  applicableTariff,
  chargesFor,
  detentionAlarm,
  type FreeTimeFacts,
  freeTimeOf,
  freeTimeState,
  matchesDetentionFilter,
  moneyAtRisk,
  type Tariff,
  tariffCreateBodySchema,
} from "./free-time";

const LA = "America/Los_Angeles";

function tariff(overrides: Partial<Tariff> = {}): Tariff {
  return {
    id: "pub-maeu-dem",
    source: "published",
    scac: "MAEU",
    port_locode: null,
    terminal: null,
    equipment_length: null,
    equipment_type: null,
    kind: "demurrage",
    counts_from: "discharge",
    free_days: 4,
    currency: "USD",
    tiers: [
      { from_day: 1, per_day: 100 },
      { from_day: 4, per_day: 250 },
    ],
    ...overrides,
  };
}

function facts(overrides: Partial<FreeTimeFacts> = {}): FreeTimeFacts {
  return {
    scac: "MAEU",
    port_locode: "USLAX",
    terminal: { firms_code: "Y258", name: "Pier 400" },
    equipment_length: 40,
    equipment_type: "dry",
    // 10:00 local on 1 December in Los Angeles.
    pod_discharged_at: "2026-12-01T18:00:00Z",
    pod_full_out_at: null,
    empty_terminated_at: null,
    pod_timezone: LA,
    final_destination_timezone: null,
    ...overrides,
  };
}

/** Noon in Los Angeles on the given December day. */
const dec = (day: number) => new Date(`2026-12-${String(day).padStart(2, "0")}T20:00:00Z`);

describe("chargesFor", () => {
  it("charges nothing within the free time and steps up from the tier's day", () => {
    const t = tariff();
    expect(chargesFor(t, 4)).toBe(0);
    expect(chargesFor(t, 5)).toBe(100);
    expect(chargesFor(t, 7)).toBe(300);
    // The fourth charged day is the first of the second tier.
    expect(chargesFor(t, 8)).toBe(550);
    expect(chargesFor(t, 9)).toBe(800);
  });

  it("charges from the first day when there are no free days", () => {
    expect(chargesFor(tariff({ free_days: 0 }), 2)).toBe(200);
  });
});

describe("freeTimeState: demurrage", () => {
  it("counts the discharge day as day 1, in the port's zone", () => {
    const s = freeTimeState(tariff(), facts(), dec(1));
    expect(s).toMatchObject({
      status: "running",
      days_used: 1,
      days_left: 3,
      days_charged: 0,
      last_free_day: "2026-12-04",
      timezone: LA,
      charges_so_far: 0,
      charges_tomorrow: 0,
      charges_at_risk: 0,
      currency: "USD",
    });
  });

  it("reads the day in the port's zone, not UTC (late evening local is still the same day)", () => {
    // 23:30 in Los Angeles on 4 December is 07:30 UTC on the 5th: still the last free day there.
    const s = freeTimeState(tariff(), facts(), new Date("2026-12-05T07:30:00Z"));
    expect(s.days_used).toBe(4);
    expect(s.days_left).toBe(0);
    expect(s.charges_so_far).toBe(0);
    expect(s.charges_tomorrow).toBe(100);
    expect(s.charges_at_risk).toBe(200);
  });

  it("charges each day begun after the last free day, with the tiers", () => {
    const s = freeTimeState(tariff(), facts(), dec(8));
    expect(s).toMatchObject({ days_used: 8, days_left: 0, days_charged: 4, charges_so_far: 550 });
    expect(s.charges_tomorrow).toBe(800);
    expect(s.charges_at_risk).toBe(1050);
  });

  it("stops the clock on the day the box goes out full (that day counts)", () => {
    const out = facts({ pod_full_out_at: "2026-12-06T17:00:00Z" });
    const s = freeTimeState(tariff(), out, dec(20));
    expect(s).toMatchObject({
      status: "stopped",
      days_used: 6,
      days_left: 0,
      charges_so_far: 200,
      charges_tomorrow: 200,
      charges_at_risk: 0,
      stopped_at: "2026-12-06T17:00:00.000Z",
    });
  });

  it("runs at the inland facility, in its zone, for a box that went on by rail", () => {
    const rail = facts({
      rail_departed_at: "2026-12-02T18:00:00Z",
      inland_arrived_at: null,
      final_destination_timezone: "America/Chicago",
    });
    // On the train: not yet waiting anywhere.
    expect(freeTimeState(tariff(), rail, dec(4)).status).toBe("not_started");
    const arrived = { ...rail, inland_arrived_at: "2026-12-05T15:00:00Z" };
    const s = freeTimeState(tariff(), arrived, dec(8));
    expect(s).toMatchObject({
      status: "running",
      timezone: "America/Chicago",
      last_free_day: "2026-12-08",
      days_used: 4,
      days_left: 0,
    });
    const out = { ...arrived, pod_full_out_at: "2026-12-06T15:00:00Z" };
    expect(freeTimeState(tariff(), out, dec(8))).toMatchObject({ status: "stopped", days_used: 2 });
  });

  it("ends a published tariff's free time on the last free day the terminal reports, its rates after that", () => {
    // Discharged 1 Dec; the terminal gives 6 Dec (end of day there), two days more than the tariff's four.
    const reported = facts({ reported_last_free_day: "2026-12-07T07:59:00Z" });
    const s = freeTimeState(tariff(), reported, dec(8));
    expect(s).toMatchObject({
      free_days: 6,
      free_days_source: "reported",
      last_free_day: "2026-12-06",
      days_used: 8,
      days_charged: 2,
      charges_so_far: 200,
    });
    // Shorter than the tariff's: charged from the day after the reported one.
    const early = freeTimeState(tariff(), facts({ reported_last_free_day: "2026-12-02T20:00:00Z" }), dec(4));
    expect(early).toMatchObject({ free_days: 2, last_free_day: "2026-12-02", days_charged: 2 });
    // Without a reported day, the tariff's count.
    expect(freeTimeState(tariff(), facts(), dec(8))).toMatchObject({
      free_days: 4,
      free_days_source: "tariff",
    });
  });

  it("keeps an account's own negotiated free time whatever the terminal reports, and detention's count", () => {
    const reported = facts({ reported_last_free_day: "2026-12-07T07:59:00Z" });
    expect(freeTimeState(tariff({ source: "account" }), reported, dec(8))).toMatchObject({
      free_days: 4,
      free_days_source: "tariff",
      last_free_day: "2026-12-04",
    });
    const detention = tariff({ kind: "detention", counts_from: "discharge" });
    expect(freeTimeState(detention, reported, dec(8))).toMatchObject({
      free_days: 4,
      free_days_source: "tariff",
    });
  });

  it("has not started before discharge, and shows the free days", () => {
    const s = freeTimeState(tariff(), facts({ pod_discharged_at: null }), dec(1));
    expect(s).toMatchObject({ status: "not_started", days_used: 0, days_left: 4, last_free_day: null });
  });
});

describe("freeTimeState: detention", () => {
  const detention = tariff({
    id: "pub-maeu-det",
    kind: "detention",
    counts_from: "pickup",
    free_days: 5,
    tiers: [{ from_day: 1, per_day: 75 }],
  });

  it("does not start before pickup when counted from pickup", () => {
    const s = freeTimeState(detention, facts(), dec(3));
    expect(s.status).toBe("not_started");
    expect(s.awaiting_return).toBe(false);
    expect(detentionAlarm(s)).toBe("none");
  });

  it("gives the empty return deadline as soon as the box is picked up", () => {
    const out = facts({ pod_full_out_at: "2026-12-03T18:00:00Z" });
    const s = freeTimeState(detention, out, dec(3));
    expect(s).toMatchObject({
      status: "running",
      awaiting_return: true,
      last_free_day: "2026-12-07",
      days_used: 1,
      days_left: 4,
    });
    expect(detentionAlarm(s)).toBe("running");
    expect(detentionAlarm(freeTimeState(detention, out, dec(5)))).toBe("due_soon");
    const late = freeTimeState(detention, out, dec(9));
    expect(late.charges_so_far).toBe(150);
    expect(detentionAlarm(late)).toBe("passed");
    expect(matchesDetentionFilter(late, "passed")).toBe(true);
    expect(matchesDetentionFilter(late, "running")).toBe(true);
    expect(matchesDetentionFilter(late, "due_soon")).toBe(false);
  });

  it("counts from discharge when the line does, and stops when the empty is returned", () => {
    const fromDischarge = { ...detention, counts_from: "discharge" as const };
    const back = facts({
      pod_full_out_at: "2026-12-03T18:00:00Z",
      empty_terminated_at: "2026-12-08T18:00:00Z",
    });
    const s = freeTimeState(fromDischarge, back, dec(15));
    expect(s).toMatchObject({ status: "stopped", days_used: 8, charges_so_far: 225, awaiting_return: false });
    expect(detentionAlarm(s)).toBe("none");
  });

  it("counts detention in the zone the empty goes back to", () => {
    const out = facts({
      pod_full_out_at: "2026-12-03T18:00:00Z",
      final_destination_timezone: "America/Chicago",
    });
    expect(freeTimeState(detention, out, dec(3)).timezone).toBe("America/Chicago");
  });
});

describe("applicableTariff", () => {
  const published = tariff();
  const atPort = tariff({ id: "pub-lax", port_locode: "USLAX", free_days: 5 });
  const atTerminal = tariff({ id: "pub-y258", port_locode: "USLAX", terminal: "Y258", free_days: 6 });
  const reefer = tariff({ id: "pub-reefer", equipment_type: "reefer", free_days: 2 });
  const own = tariff({ id: "own", source: "account", free_days: 10 });

  it("takes the most specific published tariff that fits", () => {
    expect(applicableTariff([published, atPort], "demurrage", facts())?.id).toBe("pub-lax");
    expect(applicableTariff([published, atPort, atTerminal], "demurrage", facts())?.id).toBe("pub-y258");
    expect(applicableTariff([published, reefer], "demurrage", facts())?.id).toBe("pub-maeu-dem");
    expect(applicableTariff([published, reefer], "demurrage", facts({ equipment_type: "reefer" }))?.id).toBe(
      "pub-reefer",
    );
  });

  it("matches the terminal by FIRMS code or name, without case", () => {
    const byName = tariff({ id: "by-name", terminal: "pier 400" });
    expect(applicableTariff([byName], "demurrage", facts())?.id).toBe("by-name");
    expect(applicableTariff([byName], "demurrage", facts({ terminal: null }))).toBeNull();
  });

  it("lets the account's own tariff override any published one", () => {
    expect(applicableTariff([atTerminal, own], "demurrage", facts())?.id).toBe("own");
    const s = freeTimeOf([atTerminal, own], facts(), dec(8));
    expect(s.demurrage?.tariff_source).toBe("account");
    expect(s.demurrage?.days_left).toBe(2);
  });

  it("finds none for another line, port or length", () => {
    expect(applicableTariff([published], "demurrage", facts({ scac: "MSCU" }))).toBeNull();
    expect(applicableTariff([atPort], "demurrage", facts({ port_locode: "USNYC" }))).toBeNull();
    expect(applicableTariff([tariff({ equipment_length: 20 })], "demurrage", facts())).toBeNull();
    expect(applicableTariff([published], "detention", facts())).toBeNull();
  });
});

describe("moneyAtRisk", () => {
  it("adds running clocks' charges by the day after tomorrow, per currency, and skips stopped ones", () => {
    const running = freeTimeState(tariff(), facts(), dec(4)); // day 4: days 5 and 6 ahead → 200
    const eur = freeTimeState(tariff({ currency: "EUR" }), facts(), dec(8));
    const stopped = freeTimeState(tariff(), facts({ pod_full_out_at: "2026-12-09T18:00:00Z" }), dec(10));
    expect(moneyAtRisk([running, eur, stopped, null])).toEqual({ USD: 200, EUR: 1050 });
  });
});

describe("tariff bodies", () => {
  const body = (attributes: Record<string, unknown>) =>
    tariffCreateBodySchema.safeParse({ data: { type: "free_time_tariff", attributes } });
  const good = { scac: "maeu", kind: "demurrage", free_days: 7, tiers: [{ from_day: 1, per_day: 120 }] };

  it("accepts a minimal tariff and normalises it", () => {
    const parsed = body(good);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.data.attributes).toMatchObject({ scac: "MAEU", currency: "USD", port_locode: null });
  });

  it("refuses tiers that do not start at day 1 or do not step forward, with words that say so", () => {
    const late = body({ ...good, tiers: [{ from_day: 2, per_day: 1 }] });
    expect(late.error?.issues[0]?.message).toMatch(/first tier must start at from_day 1/);
    const back = body({
      ...good,
      tiers: [
        { from_day: 1, per_day: 1 },
        { from_day: 1, per_day: 2 },
      ],
    });
    expect(back.error?.issues[0]?.message).toMatch(/later day/);
  });

  it("refuses a bad SCAC, kind, length and negative free days", () => {
    expect(body({ ...good, scac: "M1" }).success).toBe(false);
    expect(body({ ...good, kind: "storage" }).success).toBe(false);
    expect(body({ ...good, equipment_length: 30 }).success).toBe(false);
    expect(body({ ...good, free_days: -1 }).error?.issues[0]?.message).toMatch(/can't be negative/);
    expect(body({ ...good, surprise: 1 }).success).toBe(false);
  });
});
