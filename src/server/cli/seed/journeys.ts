// Journey templates for the scale seeder: what the sandbox carrier network shows for real journeys at chosen moments
// (under way, at the terminal, finished), which the seeder copies, renumbered and moved in time, into many shipments.
//
// Copies move by whole weeks (a tracked one less the few hours since its last lookup): the network's services sail
// weekly, so a copy keeps the weekday and the local hour of every event, and still reads like a real schedule.

import { DAY, HOUR, WEEK } from "../../../api/durations";
import type { CarrierContainer, CarrierSnapshot } from "../../tracking/carrier-adapter";
import { allCarrierProfiles } from "../../tracking/sandbox/carrier-profiles";
import { lanesOf } from "../../tracking/sandbox/lanes";
import { SandboxCarrierNetwork, sandboxNumber } from "../../tracking/sandbox/network";
import { Random } from "../../tracking/sandbox/random";
import {
  ARRIVAL_WINDOW_MS,
  type AutomaticStopReason,
  FULL_OUT_WINDOW_MS,
  NO_UPDATES_WINDOW_MS,
  stopReasonForSnapshot,
} from "../../tracking/stop-rules";

export type StopReason = AutomaticStopReason | "cancelled_by_user";

/**
 * Shares of the trade, roughly as a US forwarder sees it; lines not named here get weight 1. Only lines the
 * network sails for (with lanes) and that track bills of lading take part.
 */
const LINE_WEIGHTS: Readonly<Record<string, number>> = {
  MSCU: 20,
  MAEU: 16,
  CMDU: 13,
  COSU: 11,
  HLCU: 7,
  ONEY: 6,
  EGLV: 6,
  OOLU: 4,
  HDMU: 3,
  YMLU: 3,
  ZIMU: 3,
};

export function weightedLines(): (readonly [string, number])[] {
  return allCarrierProfiles()
    .filter((p) => p.scac !== "TEST" && p.line.billOfLading && lanesOf(p.scac).length > 0)
    .map((p) => [p.scac, LINE_WEIGHTS[p.scac] ?? 1] as const);
}

/** One real journey of the network: a bill of lading tracked from `requestedAt`. */
export interface JourneyBase {
  scac: string;
  billOfLading: string;
  requestedAt: number;
  /** The arrival estimate when tracking began: the shipment's `pod_original_eta_at`. */
  firstPodEta: Date | null;
}

/** What the carrier showed for a base at one moment. Its boxes have keys `firstBoxKey + index`. */
export interface JourneyMoment {
  base: JourneyBase;
  at: number;
  snapshot: CarrierSnapshot;
  firstBoxKey: number;
}

/**
 * A moment a shipment can be copied from, with how its tracking ended (times in the base's own time):
 * tracked on (`stoppedAt` null), stopped by the engine's rules, or stopped by a user.
 */
export interface JourneyTemplate {
  moment: JourneyMoment;
  lastSucceededAt: number;
  stoppedAt: number | null;
  reason: StopReason | null;
}

export interface JourneyLibrary {
  now: number;
  /** Moments a whole number of weeks before `now`, before tracking stopped: copies are "now" for a tracked one. */
  underWay: JourneyMoment[];
  /** Tracking stopped by itself, by reason. */
  stopped: Map<StopReason, JourneyTemplate[]>;
  /** Every box of every moment, by key. */
  boxes: { moment: JourneyMoment; box: CarrierContainer }[];
}

/** Registers what the carrier showed at one moment, giving its boxes their keys. */
export function addMoment(
  library: JourneyLibrary,
  base: JourneyBase,
  snapshot: CarrierSnapshot,
  at: number,
): JourneyMoment {
  const moment = { base, at, snapshot, firstBoxKey: library.boxes.length };
  for (const box of snapshot.containers) library.boxes.push({ moment, box });
  return moment;
}

/** How far back the bases' requests go: every base finishes (or is given up) before `now`. */
const BASE_AGE = 250 * DAY;
/** A journey not over this long after the request is left out (the network's journeys end well before). */
const LONGEST_JOURNEY_DAYS = 200;

const allActual = (box: CarrierContainer, event: string) =>
  box.events.some((e) => e.event === event && !e.estimated);

/**
 * Builds the library from `baseCount` journeys of the network, deterministic for a given `seed` and `now`.
 * About 15 lookups a base (a fraction of a millisecond each).
 */
export function buildJourneyLibrary(options: { baseCount: number; seed: string; now: Date }): JourneyLibrary {
  const network = new SandboxCarrierNetwork();
  const rng = new Random(`journeys/${options.seed}`);
  const lines = weightedLines();
  const now = options.now.getTime();
  const library: JourneyLibrary = { now, underWay: [], stopped: new Map(), boxes: [] };
  const add = (reason: StopReason, template: JourneyTemplate) => {
    const list = library.stopped.get(reason) ?? [];
    list.push(template);
    library.stopped.set(reason, list);
  };
  const momentOf = (base: JourneyBase, snapshot: CarrierSnapshot, at: number) =>
    addMoment(library, base, snapshot, at);

  for (let b = 0; b < options.baseCount; b++) {
    const scac = rng.weighted(lines);
    const billOfLading = sandboxNumber(scac, 100_000 + b + rng.int(0, 10_000_000));
    // Requests at every hour of the week, so that copies do not all start on the same weekday.
    const requestedAt = now - BASE_AGE - rng.int(0, 167) * HOUR - rng.int(0, 59) * 60_000;
    const lookup = (at: number): CarrierSnapshot | null => {
      const answer = network.lookupNow(
        { requestType: "bill_of_lading", number: billOfLading, scac, requestedAt: new Date(requestedAt) },
        new Date(at),
      );
      return answer.outcome === "found" ? answer.snapshot : null;
    };
    const first = lookup(requestedAt);
    if (!first) continue;
    const base: JourneyBase = { scac, billOfLading, requestedAt, firstPodEta: first.podEta };

    // The first day the engine's rules stop tracking; they only ever become true as time passes.
    const stoppedOn = (day: number) => {
      const at = requestedAt + day * DAY;
      const snapshot = lookup(at);
      return snapshot ? stopReasonForSnapshot(snapshot, new Date(at)) : null;
    };
    if (!stoppedOn(LONGEST_JOURNEY_DAYS)) continue;
    let low = 0;
    let high = LONGEST_JOURNEY_DAYS;
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (stoppedOn(mid)) high = mid;
      else low = mid + 1;
    }
    const stopAt = requestedAt + low * DAY;
    const final = lookup(stopAt)!;
    const reason = stopReasonForSnapshot(final, new Date(stopAt))!;
    add(reason, {
      moment: momentOf(base, final, stopAt),
      lastSucceededAt: stopAt,
      stoppedAt: stopAt,
      reason,
    });

    // Moments under way, each a whole number of weeks before now; each also serves stopped variants.
    for (let at = now - Math.floor((now - requestedAt) / WEEK) * WEEK; at < stopAt; at += WEEK) {
      const snapshot = lookup(at);
      if (!snapshot) continue;
      const moment = momentOf(base, snapshot, at);
      library.underWay.push(moment);
      add("cancelled_by_user", { moment, lastSucceededAt: at, stoppedAt: at, reason: "cancelled_by_user" });
      // The line stopped answering (the number vanished from its system) two weeks after this moment.
      add("no_updates_at_line", {
        moment,
        lastSucceededAt: at,
        stoppedAt: at + NO_UPDATES_WINDOW_MS,
        reason: "no_updates_at_line",
      });
      const boxes = snapshot.containers;
      const arrived = snapshot.destinationAta ?? snapshot.podAta;
      const fullOuts = boxes.map((box) => box.events.find((e) => e.event === "full_out" && !e.estimated)?.at);
      const allOut = boxes.length > 0 && fullOuts.every((t) => t !== undefined);
      // Left at the terminal and never reported again, or picked up and never reported returned.
      if (arrived && !allOut) {
        const stoppedAt = arrived.getTime() + ARRIVAL_WINDOW_MS;
        add("past_arrival_window", {
          moment,
          lastSucceededAt: stoppedAt,
          stoppedAt,
          reason: "past_arrival_window",
        });
      }
      if (allOut && !boxes.every((box) => allActual(box, "empty_in"))) {
        const stoppedAt = Math.max(...fullOuts.map((t) => t!.getTime())) + FULL_OUT_WINDOW_MS;
        add("past_full_out_window", {
          moment,
          lastSucceededAt: stoppedAt,
          stoppedAt,
          reason: "past_full_out_window",
        });
      }
    }
  }
  return library;
}
