// Tests of the liner timetables: realistic speeds and stays, one place per ship at a time, delays met and recovered.
import { describe, expect, it } from "vitest";
import { HOUR } from "../../../api/durations";
import {
  anchorageNm,
  EPOCH,
  firstSailingDepartingFrom,
  MAX_SPEED_KNOTS,
  MIN_SPEED_KNOTS,
  sailing,
  sailingStart,
  serviceLayouts,
  shipSlot,
} from "./service-schedule";

const layouts = [...serviceLayouts().values()];
/** Sailings around 2026, when the sandbox is used. */
const SAILINGS = Array.from({ length: 60 }, (_, k) => 300 + k);
const EPSILON_KNOTS = 0.01;

describe("service layouts", () => {
  it("run every loop at 14–20 knots with 12–36 h port stays", () => {
    for (const layout of layouts) {
      for (const knots of layout.legKnots) {
        expect(knots).toBeGreaterThanOrEqual(MIN_SPEED_KNOTS - EPSILON_KNOTS);
        expect(knots).toBeLessThanOrEqual(MAX_SPEED_KNOTS + EPSILON_KNOTS);
      }
      for (const stay of layout.stayMs) {
        expect(stay).toBeGreaterThanOrEqual(12 * HOUR - 1);
        expect(stay).toBeLessThanOrEqual(36 * HOUR + 1);
      }
    }
  });

  it("sail weekly wherever the loop allows, with one ship per interval of the round trip", () => {
    const weekly = layouts.filter((l) => l.intervalMs === 7 * 24 * HOUR);
    expect(weekly.length).toBeGreaterThan(layouts.length * 0.9);
    for (const layout of layouts) expect(layout.roundTripMs).toBe(layout.vesselCount * layout.intervalMs);
  });
});

describe("sailings", () => {
  it("follow each other without gap or overlap, so a ship is in one place at a time", () => {
    for (const layout of layouts) {
      for (const s of SAILINGS.slice(0, 10)) {
        const current = sailing(layout, s);
        const nextOfSameShip = sailing(layout, s + layout.vesselCount);
        expect(shipSlot(layout, s)).toBe(shipSlot(layout, s + layout.vesselCount));
        const lastLeg = current.actual.legs.at(-1)?.at(-1);
        expect(lastLeg?.end).toBe(nextOfSameShip.start);
        // Arrive, berth, leave, sail (piece after piece), arrive at the next call: no gap, no overlap.
        let t = current.start;
        current.actual.calls.forEach((call, i) => {
          expect(call.arrival).toBe(t);
          expect(call.berthed).toBeGreaterThan(call.arrival);
          expect(call.departure).toBeGreaterThan(call.berthed);
          t = call.departure;
          for (const piece of current.actual.legs[i] ?? []) {
            expect(piece.start).toBe(t);
            t = piece.end;
          }
        });
      }
    }
  });

  it("start no earlier than the epoch for non-negative sailing numbers", () => {
    for (const layout of layouts) expect(sailingStart(layout, 0)).toBeGreaterThanOrEqual(EPOCH);
  });

  it("delay many sailings by weather and queues, never beyond 14–20 knots under way, and recover in the round trip", () => {
    let delayed = 0;
    let queues = 0;
    let total = 0;
    for (const layout of layouts) {
      for (const s of SAILINGS) {
        const x = sailing(layout, s);
        total++;
        for (const [i, pieces] of x.actual.legs.entries()) {
          const distance = layout.legs[i]?.distanceNm ?? 0;
          for (const piece of pieces) {
            if (piece.fromNm === piece.toNm) {
              // Lying at anchor, a few miles short of the next call, for a berth.
              expect(piece.toNm).toBeCloseTo(distance - anchorageNm(distance), 6);
              continue;
            }
            const knots = (piece.toNm - piece.fromNm) / ((piece.end - piece.start) / HOUR);
            expect(knots, `${layout.service.code}/${s} leg ${i}`).toBeGreaterThanOrEqual(
              MIN_SPEED_KNOTS - 0.05,
            );
            expect(knots, `${layout.service.code}/${s} leg ${i}`).toBeLessThanOrEqual(MAX_SPEED_KNOTS + 0.05);
          }
        }
        if (x.delays.length === 0) {
          expect(x.actual).toBe(x.planned);
          continue;
        }
        delayed++;
        if (x.delays.some((d) => d.kind === "congestion")) queues++;
        x.planned.calls.forEach((planned, i) => {
          expect(x.actual.calls[i]?.arrival).toBeGreaterThanOrEqual(planned.arrival);
        });
        for (const d of x.delays) {
          // Each starts on its own leg: after the ship left the call before it, before it reaches the next.
          expect(d.startsAt).toBeGreaterThanOrEqual(x.actual.calls[d.leg]?.departure ?? 0);
          expect(d.startsAt).toBeLessThan(x.actual.calls[d.leg + 1]?.arrival ?? 0);
          expect(d.hours).toBeGreaterThanOrEqual(3);
        }
      }
    }
    expect(delayed / total).toBeGreaterThan(0.4);
    expect(delayed / total).toBeLessThan(0.9);
    expect(queues / total).toBeGreaterThan(0.2);
  });

  it("connect at a hub with the first sailing leaving at or after a given time", () => {
    const layout = serviceLayouts().get("FAL1");
    if (!layout) throw new Error("FAL1 missing");
    const hub = layout.service.calls.indexOf("SGSIN");
    const t = Date.UTC(2026, 2, 1);
    const s = firstSailingDepartingFrom(layout, hub, t);
    expect(sailing(layout, s).planned.calls[hub]?.departure).toBeGreaterThanOrEqual(t);
    expect(sailing(layout, s - 1).planned.calls[hub]?.departure).toBeLessThan(t);
  });
});
