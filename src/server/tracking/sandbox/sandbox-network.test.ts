// Tests of the sandbox carrier network's answers: deterministic, credible, and consistent as time moves on.
import { describe, expect, it } from "vitest";
import { isValidContainerNumber } from "../../../api/container-number";
import { DAY, HOUR, MINUTE } from "../../../api/durations";
import { ManualClock } from "../../clock";
import { PORTS } from "../../db/reference/ports";
import { SHIPPING_LINES } from "../../db/reference/shipping-lines";
import { haversineNm } from "../../geo/route-geometry";
import type {
  CarrierEvent,
  CarrierLookup,
  CarrierQuery,
  CarrierSnapshot,
  RequestType,
} from "../carrier-adapter";
import { isValidImo } from "../vessel-ids";
import { AccountTimeShifts } from "./account-time-shifts";
import { carrierProfile } from "./carrier-profiles";
import { allShips } from "./fleet";
import { SandboxCarrierNetwork, sandboxNumber } from "./network";
import { awaitsManifest, generateNumber, isUnknownBillOfLading } from "./number-formats";
import { Random } from "./random";

const net = new SandboxCarrierNetwork();
const REQUESTED_AT = new Date("2026-03-01T12:34:00Z");
const at = (offsetMs: number) => new Date(REQUESTED_AT.getTime() + offsetMs);

function query(scac: string, number: string, requestType: RequestType = "bill_of_lading"): CarrierQuery {
  return { requestType, number, scac, requestedAt: REQUESTED_AT };
}

function snapshotOf(answer: CarrierLookup): CarrierSnapshot {
  if (answer.outcome !== "found") throw new Error(`expected found, got ${JSON.stringify(answer)}`);
  return answer.snapshot;
}

function lookup(q: CarrierQuery, now: Date): CarrierSnapshot {
  return snapshotOf(net.lookupNow(q, now));
}

/** The lines that track by bill of lading (the TEST line has its own tests). */
const BL_LINES = SHIPPING_LINES.filter((l) => l.billOfLading && l.scac !== "TEST").map((l) => l.scac);

/** Lookups of one number every `stepMs` until the shipment is complete (or 150 days have passed). */
function history(q: CarrierQuery, stepMs = 13 * HOUR): { now: Date; snapshot: CarrierSnapshot }[] {
  const steps: { now: Date; snapshot: CarrierSnapshot }[] = [];
  for (let t = 0; t <= 150 * DAY; t += stepMs) {
    const now = at(t);
    const snapshot = lookup(q, now);
    steps.push({ now, snapshot });
    if (snapshot.complete) break;
  }
  return steps;
}

/** A snapshot but for when it asks to be looked at again, which is in the service's time (a paused world's tests). */
const withoutNextCheck = ({ nextCheckAt: _, ...rest }: CarrierSnapshot) => rest;

/** A Hapag-Lloyd booking number whose bill of lading comes only hours after it is first tracked. */
function bookingAwaitingManifest(): string {
  const profile = carrierProfile("HLCU");
  if (!profile) throw new Error("Hapag-Lloyd missing");
  for (let k = 0; ; k++) {
    const candidate = generateNumber(profile.booking, new Random(`booking/${k}`), "DEHAM");
    if (awaitsManifest("HLCU", candidate)) return candidate;
  }
}

const actuals = (events: CarrierEvent[]) => events.filter((e) => !e.estimated);

describe("determinism", () => {
  it("gives exactly the same answer to the same question, from any instance", () => {
    const other = new SandboxCarrierNetwork();
    for (const scac of ["MAEU", "MSCU", "CMDU", "HLCU", "ONEY", "ZIMU"]) {
      for (let seed = 0; seed < 3; seed++) {
        const q = query(scac, sandboxNumber(scac, seed));
        for (const days of [0, 9, 23, 51]) {
          const first = net.lookupNow(q, at(days * DAY));
          expect(net.lookupNow(q, at(days * DAY))).toEqual(first);
          expect(other.lookupNow(q, at(days * DAY))).toEqual(first);
        }
      }
    }
  });

  it("never changes a past actual event when asked later, and only ever adds to them", () => {
    for (const scac of ["MAEU", "COSU", "EGLV", "MSCU"]) {
      for (let seed = 0; seed < 4; seed++) {
        const seen = new Map<string, CarrierEvent>();
        for (const { snapshot } of history(query(scac, sandboxNumber(scac, seed)))) {
          for (const box of snapshot.containers) {
            const keys = new Set(actuals(box.events).map((e) => `${box.number}/${e.key}`));
            for (const [key, event] of seen) {
              if (!key.startsWith(`${box.number}/`)) continue;
              expect(keys.has(key), `${key} disappeared`).toBe(true);
              expect(box.events.find((e) => `${box.number}/${e.key}` === key)).toEqual(event);
            }
            for (const e of actuals(box.events)) seen.set(`${box.number}/${e.key}`, e);
          }
        }
      }
    }
  });
});

describe("a shipment's life", () => {
  /** A transshipped bill of lading whose first box has not left the depot when it is first tracked. */
  function freshTransshipment(): CarrierQuery {
    for (let seed = 0; seed < 2000; seed++) {
      const q = query("CMDU", sandboxNumber("CMDU", seed));
      const first = lookup(q, REQUESTED_AT);
      const events = first.containers.flatMap((c) => c.events);
      if (actuals(events).length === 0 && events.some((e) => e.event === "transshipment_loaded")) return q;
    }
    throw new Error("no fresh transshipment among 2000 CMA CGM numbers");
  }

  it("goes through every stage in order as now advances, until every box is back empty", () => {
    const q = freshTransshipment();
    const steps = history(q, 3 * HOUR);
    const order: string[] = [];
    for (const { snapshot } of steps) {
      for (const e of actuals(snapshot.containers[0]?.events ?? []))
        if (e.event && !order.includes(e.event)) order.push(e.event);
    }
    expect(order).toEqual([
      "empty_out",
      "full_in",
      "vessel_loaded",
      "vessel_departed",
      "transshipment_arrived",
      "transshipment_discharged",
      "transshipment_loaded",
      "transshipment_departed",
      "vessel_arrived",
      "vessel_berthed",
      "vessel_discharged",
      ...(steps[0]?.snapshot.destination
        ? ["rail_loaded", "rail_departed", "rail_arrived", "rail_unloaded", "arrived_at_inland_destination"]
        : []),
      "available",
      "full_out",
      "empty_in",
    ]);
    const last = steps.at(-1)?.snapshot;
    expect(last?.complete).toBe(true);
    expect(steps.slice(0, -1).every((s) => !s.snapshot.complete)).toBe(true);
    const emptyIns = last?.containers.map(
      (c) => c.events.find((e) => e.event === "empty_in")?.at.getTime() ?? 0,
    );
    expect(Math.max(...(emptyIns ?? []))).toBeLessThanOrEqual(steps.at(-1)?.now.getTime() ?? 0);
  });

  it("lists events in time order with unique keys, estimated exactly while in the future", () => {
    for (const scac of ["MAEU", "MSCU", "CMDU", "COSU", "HLCU", "ONEY", "EGLV", "PCIU", "MATS", "SEAU"]) {
      for (let seed = 0; seed < 5; seed++) {
        for (const { now, snapshot } of history(query(scac, sandboxNumber(scac, seed)), 17 * HOUR)) {
          expect(snapshot.nextCheckAt.getTime()).toBeGreaterThanOrEqual(now.getTime() + 15 * MINUTE);
          if (!snapshot.complete)
            expect(snapshot.nextCheckAt.getTime()).toBeLessThanOrEqual(now.getTime() + 6 * HOUR);
          for (const box of snapshot.containers) {
            const times = box.events.map((e) => e.at.getTime());
            expect(times).toEqual([...times].sort((a, b) => a - b));
            expect(new Set(box.events.map((e) => e.key)).size).toBe(box.events.length);
            for (const e of box.events) {
              expect(e.estimated).toBe(e.at.getTime() > now.getTime());
              if (e.estimated)
                expect(["not_available", "full_out", "delivered", "empty_in"]).not.toContain(e.event);
            }
          }
        }
      }
    }
  });

  it("reports some held boxes not available after they land, and some door deliveries after the gate", () => {
    let held = 0;
    let delivered = 0;
    let boxes = 0;
    for (const scac of ["MAEU", "MSCU", "CMDU", "HLCU"]) {
      for (let seed = 0; seed < 10; seed++) {
        const final = history(query(scac, sandboxNumber(scac, seed)), 17 * HOUR).at(-1)?.snapshot;
        for (const box of final?.containers ?? []) {
          boxes++;
          const at = (name: string) => box.events.find((e) => e.event === name)?.at.getTime();
          const landed = at("arrived_at_inland_destination") ?? at("vessel_discharged")!;
          const notAvailable = at("not_available");
          if (notAvailable !== undefined) {
            held++;
            expect(notAvailable).toBeGreaterThan(landed);
            expect(notAvailable).toBeLessThan(at("available")!);
          }
          const door = at("delivered");
          if (door !== undefined) {
            delivered++;
            expect(door).toBeGreaterThan(at("full_out")!);
            expect(door).toBeLessThan(at("empty_in")!);
          }
        }
      }
    }
    // Neither happens to every box, and each happens to some.
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(boxes);
    expect(delivered).toBeGreaterThan(0);
    expect(delivered).toBeLessThan(boxes);
  });

  it("turns every estimate into an actual under the same key", () => {
    for (const scac of ["MAEU", "MSCU", "ZIMU"]) {
      for (let seed = 0; seed < 5; seed++) {
        const steps = history(query(scac, sandboxNumber(scac, seed)));
        const estimated = new Set<string>();
        for (const { snapshot } of steps) {
          for (const box of snapshot.containers) {
            for (const e of box.events) if (e.estimated) estimated.add(`${box.number}/${e.key}`);
          }
        }
        const final = steps.at(-1)?.snapshot;
        const done = new Set(
          final?.containers.flatMap((b) => actuals(b.events).map((e) => `${b.number}/${e.key}`)),
        );
        for (const key of estimated) expect(done.has(key), key).toBe(true);
      }
    }
  });

  it("revises the arrival estimate in steps as the voyage goes, converging on the real arrival at the port", async () => {
    let checked = 0;
    for (let seed = 0; seed < 300 && checked < 3; seed++) {
      const q = query("MSCU", sandboxNumber("MSCU", seed));
      const steps = history(q, 6 * HOUR);
      const final = steps.at(-1)?.snapshot;
      const arrived = final?.podAta?.getTime();
      if (arrived === undefined) continue;
      const waiting = steps
        .map(({ now, snapshot }) => ({ now, snapshot, eta: snapshot.podEta?.getTime() ?? 0 }))
        .filter((s) => s.snapshot.podAta === null && s.snapshot.polAtd !== null);
      const changes = waiting.filter((s, i) => i > 0 && s.eta !== waiting[i - 1]?.eta).length;
      if (changes < 2) continue;
      // Every estimate lies ahead of the moment it is read; the last one, within a day of the arrival, is close.
      for (const s of waiting) expect(s.eta).toBeGreaterThan(s.now.getTime());
      const last = waiting.at(-1);
      if (!last) continue;
      expect(arrived - last.now.getTime()).toBeLessThanOrEqual(6 * HOUR);
      expect(Math.abs(last.eta - arrived)).toBeLessThanOrEqual(2 * HOUR);
      const imo = final?.podVessel?.imo ?? "";
      const [moored] = await net.positions(imo, new Date(arrived), new Date(arrived + 10 * MINUTE));
      expect(moored?.speedKnots).toBe(0);
      const pod = PORTS.find((p) => p.locode === final?.portOfDischarge.locode);
      const podPosition = { lat: pod?.latitude ?? 0, lon: pod?.longitude ?? 0 };
      expect(
        haversineNm(podPosition, { lat: moored?.latitude ?? 0, lon: moored?.longitude ?? 0 }),
      ).toBeLessThan(1);
      checked++;
    }
    expect(checked).toBe(3);
  });
});

describe("terminal data", () => {
  it("reports availability, holds that clear, demurrage after the last free day, appointments and chassis", () => {
    const seen = {
      holds: 0,
      cleared: 0,
      demurrage: 0,
      lfd: 0,
      lineLfd: 0,
      railLfd: 0,
      appointment: 0,
      chassis: 0,
    };
    for (let seed = 0; seed < 40; seed++) {
      const steps = history(query("HLCU", sandboxNumber("HLCU", seed)), 11 * HOUR);
      steps.forEach(({ now, snapshot }, i) => {
        snapshot.containers.forEach((box, c) => {
          const t = box.terminal;
          const arrived = box.events.some((e) => e.event === "vessel_arrived" && !e.estimated);
          expect(t !== null).toBe(arrived);
          if (!t) return;
          expect(t.checkedAt.getTime()).toBeLessThanOrEqual(now.getTime());
          if (t.holds.length > 0) {
            seen.holds++;
            expect(t.availableForPickup).toBe(false);
            const later = steps[i + 20]?.snapshot.containers[c]?.terminal;
            if (later && later.holds.length === 0) seen.cleared++;
          }
          if (t.fees.some((f) => f.type === "demurrage" && f.amount > 0 && f.currency_code === "USD"))
            seen.demurrage++;
          if (t.lastFreeDayTerminal) seen.lfd++;
          if (t.lastFreeDayLine) seen.lineLfd++;
          if (t.lastFreeDayRail) seen.railLfd++;
          if (t.pickupAppointmentAt) seen.appointment++;
          if (t.fullOutChassisNumber) seen.chassis++;
        });
      });
    }
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  });
});

describe("numbers", () => {
  it("gives every line bill-of-lading numbers with its prefix that are found, and found booking and container numbers", () => {
    for (const scac of BL_LINES) {
      const profile = carrierProfile(scac);
      const prefix = profile?.line.bolPrefix ?? scac;
      for (let seed = 0; seed < 30; seed++) {
        const number = sandboxNumber(scac, seed);
        expect(number.startsWith(prefix), `${scac} ${number}`).toBe(true);
        const snapshot = lookup(query(scac, number), REQUESTED_AT);
        expect(snapshot.billOfLadingNumber).toBe(number);
        expect(snapshot.scac).toBe(scac);
      }
      if (profile?.line.bookingNumber) {
        for (let seed = 0; seed < 5; seed++)
          lookup(query(scac, sandboxNumber(scac, seed, "booking_number"), "booking_number"), REQUESTED_AT);
      }
      if (profile?.line.containerNumber) {
        const number = sandboxNumber(scac, 1, "container");
        const snapshot = lookup(query(scac, number, "container"), REQUESTED_AT);
        expect(snapshot.containers.map((c) => c.number)).toContain(number);
      }
    }
  });

  it("accepts a bill of lading typed without its prefix, with spaces or dashes, as the same shipment", () => {
    const number = sandboxNumber("MAEU", 7);
    const typed = `${number.slice(4, 7)}-${number.slice(7)} `.toLowerCase();
    expect(lookup(query("MAEU", typed), REQUESTED_AT)).toEqual(lookup(query("MAEU", number), REQUESTED_AT));
  });

  it("has valid ISO 6346 container numbers, IMO numbers and MMSIs", () => {
    for (const scac of ["MAEU", "MSCU", "CMDU", "ONEY", "MATS"]) {
      for (let seed = 0; seed < 20; seed++) {
        const snapshot = lookup(query(scac, sandboxNumber(scac, seed)), at(30 * DAY));
        for (const box of snapshot.containers)
          expect(isValidContainerNumber(box.number), box.number).toBe(true);
        for (const v of snapshot.vessels) expect(isValidImo(v.imo), v.imo).toBe(true);
      }
    }
    const ships = allShips();
    expect(new Set(ships.map((s) => s.imo)).size).toBe(ships.length);
    expect(new Set(ships.map((s) => s.name)).size).toBe(ships.length);
    for (const ship of ships) {
      expect(isValidImo(ship.imo), ship.imo).toBe(true);
      expect(ship.mmsi).toMatch(/^[2-7]\d{8}$/);
    }
  });

  it("fails numbers that do not fit the line's format, and unknown lines", () => {
    const invalid = (q: CarrierQuery) => {
      const answer = net.lookupNow(q, REQUESTED_AT);
      expect(answer).toMatchObject({ outcome: "failed", reason: "invalid_number", retryable: false });
    };
    invalid(query("MAEU", "MAEU12"));
    invalid(query("MAEU", "HELLO"));
    invalid(query("CMDU", "CMDU12345"));
    invalid(query("MAEU", "MSKU1234566", "container"));
    // Swire Shipping does not track by container number.
    invalid(query("CHVW", "MSKU1234565", "container"));
    expect(net.lookupNow(query("XXXX", "123456789"), REQUESTED_AT)).toMatchObject({
      outcome: "failed",
      reason: "not_found",
      retryable: false,
    });
    expect(net.supports("XXXX")).toBe(false);
    expect(net.supports("MAEU")).toBe(true);
    expect(net.supports("MEDU")).toBe(true);
    expect(net.supports("TEST")).toBe(true);
  });

  it("does not know about 1 in 25 well-formed bills of lading, and never about none it hands out", () => {
    const profile = carrierProfile("ONEY");
    if (!profile) throw new Error("ONE missing");
    let unknown = 0;
    const trials = 2000;
    for (let k = 0; k < trials; k++) {
      const number = generateNumber(profile.billOfLading, new Random(`typed/${k}`), "CNSHA");
      const answer = net.lookupNow(query("ONEY", number), REQUESTED_AT);
      if (answer.outcome === "failed") {
        expect(answer).toMatchObject({ reason: "not_found", retryable: false });
        unknown++;
      }
    }
    expect(unknown / trials).toBeGreaterThan(0.02);
    expect(unknown / trials).toBeLessThan(0.06);
    for (let seed = 0; seed < 500; seed++) {
      expect(isUnknownBillOfLading("ONEY", sandboxNumber("ONEY", seed))).toBe(false);
    }
  });

  it("answers awaiting_manifest for some bookings during their first hours, then finds them", () => {
    const q = query("HLCU", bookingAwaitingManifest(), "booking_number");
    const first = net.lookupNow(q, REQUESTED_AT);
    if (first.outcome !== "awaiting_manifest")
      throw new Error(`expected awaiting_manifest, got ${first.outcome}`);
    const wait = first.retryAfter.getTime() - REQUESTED_AT.getTime();
    expect(wait).toBeGreaterThanOrEqual(4 * HOUR);
    expect(wait).toBeLessThanOrEqual(8 * HOUR);
    expect(net.lookupNow(q, new Date(first.retryAfter.getTime() - 1)).outcome).toBe("awaiting_manifest");
    expect(net.lookupNow(q, first.retryAfter).outcome).toBe("found");
  });

  it("answers the TEST line's numbers as the hosted API does", () => {
    const succeeded = lookup(query("TEST", "TEST-TR-SUCCEEDED"), REQUESTED_AT);
    expect(succeeded.complete).toBe(true);
    expect(succeeded.containers).toHaveLength(1);
    expect(succeeded.containers[0]?.events.every((e) => !e.estimated)).toBe(true);
    expect(sandboxNumber("TEST", 3)).toBe("TEST-TR-SUCCEEDED");
    for (const number of ["TEST-TR-FAILED", "TEST-TR-OTHER", "123"]) {
      expect(net.lookupNow(query("TEST", number), REQUESTED_AT)).toMatchObject({
        outcome: "failed",
        reason: "not_found",
        retryable: false,
      });
    }
  });
});

describe("a paused world", () => {
  it("answers for its own clock's moment, whatever moment the service asks about, until the clock moves", async () => {
    const clock = new ManualClock(at(10 * DAY));
    const paused = new SandboxCarrierNetwork({ clock });
    const q = query("MAEU", sandboxNumber("MAEU", 4));
    const later = at(30 * DAY);
    expect(withoutNextCheck(snapshotOf(await paused.lookup(q, later)))).toEqual(
      withoutNextCheck(lookup(q, at(10 * DAY))),
    );
    expect(lookup(q, later)).not.toEqual(lookup(q, at(10 * DAY)));

    clock.advance(20 * DAY);
    expect(withoutNextCheck(snapshotOf(await paused.lookup(q, at(11 * DAY))))).toEqual(
      withoutNextCheck(lookup(q, later)),
    );
  });

  it("asks to be looked at again after the service's now, not at a world moment the service has passed", async () => {
    // The e2e server's world stood still while its clock went on: a shipment due again 41 world minutes after
    // the pause was, 45 minutes on, due at every pass of the engine, and an account holding it never settled.
    const clock = new ManualClock(at(10 * DAY));
    const paused = new SandboxCarrierNetwork({ clock });
    for (let seed = 0; seed < 12; seed++) {
      const q = query("MSCU", sandboxNumber("MSCU", seed));
      const inWorld = lookup(q, at(10 * DAY));
      const serviceNow = at(12 * DAY);
      const answered = snapshotOf(await paused.lookup(q, serviceNow));
      expect(answered.nextCheckAt.getTime() - serviceNow.getTime()).toBe(
        inWorld.nextCheckAt.getTime() - at(10 * DAY).getTime(),
      );
      expect(answered.nextCheckAt.getTime()).toBeGreaterThan(serviceNow.getTime());
    }
  });

  it("moves an account's checks back into the service's time when its world runs ahead", async () => {
    const shifts = new AccountTimeShifts();
    shifts.advance("ahead", 3 * DAY);
    const shifted = new SandboxCarrierNetwork({ shifts });
    const q = { ...query("MAEU", sandboxNumber("MAEU", 4)), accountId: "ahead" };
    const inWorld = lookup(q, at(13 * DAY));
    const answered = snapshotOf(await shifted.lookup(q, at(10 * DAY)));
    expect(answered.nextCheckAt).toEqual(new Date(inWorld.nextCheckAt.getTime() - 3 * DAY));
    expect(withoutNextCheck(answered)).toEqual(withoutNextCheck(inWorld));
  });

  it("moves a booking's wait for its manifest into the service's time", async () => {
    const q = query("HLCU", bookingAwaitingManifest(), "booking_number");
    const paused = new SandboxCarrierNetwork({ clock: new ManualClock(REQUESTED_AT) });
    const inWorld = net.lookupNow(q, REQUESTED_AT);
    const answered = await paused.lookup(q, at(DAY));
    if (inWorld.outcome !== "awaiting_manifest" || answered.outcome !== "awaiting_manifest")
      throw new Error("expected awaiting_manifest");
    expect(answered.retryAfter).toEqual(new Date(inWorld.retryAfter.getTime() + DAY));
  });

  it("reports no vessel positions past its own clock", async () => {
    const clock = new ManualClock(at(10 * DAY));
    const paused = new SandboxCarrierNetwork({ clock });
    const found = snapshotOf(net.lookupNow(query("MAEU", sandboxNumber("MAEU", 4)), at(10 * DAY)));
    const imo = found.vessels[0]!.imo;
    const reports = await paused.positions(imo, at(9 * DAY), at(12 * DAY));
    expect(reports.length).toBeGreaterThan(0);
    expect(Math.max(...reports.map((r) => r.at.getTime()))).toBeLessThanOrEqual(at(10 * DAY).getTime());
    expect(await paused.positions(imo, at(10 * DAY + HOUR), at(12 * DAY))).toEqual([]);
  });
});
