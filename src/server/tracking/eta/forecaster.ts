// The arrival forecaster: every few minutes it works out our predicted arrival at the port of discharge of every
// shipment still coming, from what the service has recorded since the last pass (the line's ETA and departure,
// the AIS fixes of the ship its boxes are aboard), and writes those that moved onto the shipment, with a row of
// history when the prediction or the line's ETA moved (or half a day went by); a shipment whose ships came in keeps
// no current prediction (its history keeps them all). Then the same for the shipments going on by rail to an inland
// destination (tracking/eta/inland-predictor.ts). Shipments just tracked are predicted at once (predictNew). What
// the predictor has learned (its own past misses, the ports' queues, the ships' tracks, the trains' transits) is read
// from the records again every few hours.
import { DAY, HOUR, MINUTE } from "../../../api/durations";
import type { OutageReporter } from "../../background-errors";
import type { Clock } from "../../clock";
import {
  type ComingShipment,
  clearArrivedPredictions,
  comingShipments,
  type Fix,
  fixesBetween,
  type PredictionWrite,
  writePredictions,
} from "../../db/arrival-predictions";
import type { Db } from "../../db/connection";
import {
  clearInlandArrived,
  type InlandComing,
  type InlandWrite,
  inlandComingShipments,
  writeInlandPredictions,
} from "../../db/inland-predictions";
import type { ReferenceData } from "../../db/reference-data";
import type { Logger } from "../../logger";
import { pollingLoop } from "../../polling-loop";
import { type ArrivalObservation, predictArrival } from "./arrival-predictor";
import type { EtaKnowledge } from "./eta-knowledge";
import { predictInlandArrival } from "./inland-predictor";
import { learnFromRecords } from "./learned-from-records";

/** Shipments read and written per transaction. */
const BATCH = 500;
/** What was learned is read again after this much service time. */
const RELEARN_EVERY_MS = 6 * HOUR;
/** A prediction that moved less than this (and whose words did not) is left as it is. */
const SHOWN_CHANGE_MS = 30 * MINUTE;
/** A row of history when the prediction moved this much, when the line's ETA moved, or after this long. */
const HISTORY_CHANGE_MS = HOUR;
const HISTORY_EVERY_MS = 12 * HOUR;

export interface ArrivalForecasterOptions {
  db: Db;
  reference: ReferenceData;
  /** The service clock, by which predictions are made and dated. */
  clock: Clock;
  logger: Logger;
  outage?: OutageReporter;
  intervalMs?: number;
}

export interface ArrivalForecaster {
  start(): void;
  /** One pass over every shipment still coming (tests); answers how many predictions it wrote. */
  runOnce(): Promise<number>;
  /**
   * A pass over the shipments still coming that have no prediction yet, at once: new tracking requests became
   * shipments, whose prediction should not wait for the next full pass. Answers how many it wrote (0 once stopped).
   */
  predictNew(): Promise<number>;
  stop(): Promise<void>;
}

/** A reason's words without its figures: "lain at anchor for 1.2 days" and "for 1.3 days" say the same. */
const wordsOf = (reason: string) => reason.replace(/[\d.,]+/g, "#");

function observationOf(
  s: ComingShipment,
  reference: ReferenceData,
  fixes: readonly Fix[],
  now: number,
): ArrivalObservation | null {
  const pod = reference.ports.get(s.portOfDischargeId);
  if (!pod) return null;
  const pol = s.portOfLadingId ? reference.ports.get(s.portOfLadingId) : undefined;
  const vessel = s.vessel;
  return {
    now,
    pod: { locode: pod.locode, name: pod.name, lat: pod.latitude, lon: pod.longitude },
    carrierEta: s.podEtaAt,
    carrierFirstEta: s.podOriginalEtaAt ?? s.podEtaAt,
    polDeparture: {
      firstEstimate: s.polOriginalEtdAt ?? s.polEtdAt ?? s.polAtdAt ?? now,
      actual: s.polAtdAt,
    },
    fixes: vessel ? fixes.map((f) => ({ ...f, vessel: vessel.imo ?? vessel.id })) : [],
    vesselName: vessel?.name || null,
    lane: `${pol?.locode ?? "?"}>${pod.locode}`,
  };
}

/** The prediction for `s` as it should be written, or null when what is shown and recorded still stands. */
export function predictionWrite(
  s: ComingShipment,
  o: ArrivalObservation,
  knowledge: EtaKnowledge,
): PredictionWrite | null {
  const p = predictArrival(o, knowledge);
  const shown = s.current;
  const moved =
    !shown ||
    Math.abs(shown.at - p.at) >= SHOWN_CHANGE_MS ||
    Math.abs(shown.p10 - p.p10) >= SHOWN_CHANGE_MS ||
    Math.abs(shown.p90 - p.p90) >= SHOWN_CHANGE_MS ||
    wordsOf(shown.reason) !== wordsOf(p.reason);
  const last = s.lastRecorded;
  const record =
    !last ||
    Math.abs(last.predictedAt - p.at) >= HISTORY_CHANGE_MS ||
    last.carrierEtaAt !== o.carrierEta ||
    o.now - last.madeAt >= HISTORY_EVERY_MS;
  const firstEtd = s.polOriginalEtdAt === null && s.polEtdAt !== null;
  if (!moved && !record && !firstEtd) return null;
  return {
    shipmentId: s.id,
    accountId: s.accountId,
    at: p.at,
    p10: p.p10,
    p90: p.p90,
    reason: p.reason,
    polOriginalEtdAt: s.polEtdAt,
    history: record ? { carrierEtaAt: o.carrierEta, basis: p.basis, rawAt: p.rawAt, bucket: p.bucket } : null,
  };
}

/** A ship this much later than the line's ETA by our prediction makes the train after it late too. */
const SHIP_LATE_INLAND_MS = 6 * HOUR;

/**
 * While the ship is still coming and we expect it well after the line's ETA, the train after it runs that much later
 * than the line's estimate at the destination (which the line moves only once the ship is in), with the ship's window.
 */
function shipLateInland(s: InlandComing, podName: string) {
  const { pod } = s;
  const predicted = pod?.predicted;
  if (s.railDepartedAt !== null || !pod || !predicted) return null;
  const late = predicted.at - pod.etaAt;
  if (late < SHIP_LATE_INLAND_MS) return null;
  const shift = (at: number) => s.destinationEtaAt + (at - pod.etaAt);
  return {
    at: shift(predicted.at),
    p10: Math.min(shift(predicted.at), shift(predicted.p10)),
    p90: Math.max(shift(predicted.at), shift(predicted.p90)),
    reason: `We expect the ship at ${podName} ${(late / DAY).toFixed(1)} days after the line's ETA there, and the train after it as late.`,
  };
}

/** The inland prediction to write for a shipment, or null when it has not moved enough to be worth a write. */
export function inlandWrite(
  s: InlandComing,
  reference: ReferenceData,
  learned: EtaKnowledge,
  now: number,
): InlandWrite | null {
  const pod = reference.ports.get(s.portOfDischargeId);
  const destination = reference.ports.get(s.destinationId);
  if (!pod || !destination) return null;
  const p =
    shipLateInland(s, pod.name) ??
    predictInlandArrival(
      {
        now,
        route: `${pod.locode}>${destination.locode}`,
        fromName: pod.name,
        toName: destination.name,
        carrierEta: s.destinationEtaAt,
        railDepartedAt: s.railDepartedAt,
      },
      learned,
    );
  const c = s.current;
  if (c && Math.abs(c.at - p.at) < SHOWN_CHANGE_MS && wordsOf(c.reason) === wordsOf(p.reason)) return null;
  return { shipmentId: s.id, at: p.at, p10: p.p10, p90: p.p90, reason: p.reason };
}

export function createArrivalForecaster(options: ArrivalForecasterOptions): ArrivalForecaster {
  const { db, reference, clock, logger } = options;
  let knowledge: { learnedAt: number; value: EtaKnowledge } | null = null;

  const knowledgeAt = async (now: number) => {
    if (!knowledge || Math.abs(now - knowledge.learnedAt) >= RELEARN_EVERY_MS) {
      knowledge = { learnedAt: now, value: await learnFromRecords(db, reference, now) };
    }
    return knowledge.value;
  };

  /** The inland destinations' predictions of the shipments going on by rail (one train a shipment). */
  const inlandPass = async (now: number, learned: EtaKnowledge, unpredictedOnly: boolean) => {
    let written = 0;
    let after: string | null = null;
    for (;;) {
      const batch = await inlandComingShipments(db, after, BATCH, unpredictedOnly);
      if (batch.length === 0) break;
      after = (batch.at(-1) as InlandComing).id;
      const writes = batch.flatMap((s) => {
        const write = inlandWrite(s, reference, learned, now);
        return write ? [write] : [];
      });
      await writeInlandPredictions(db, writes);
      written += writes.length;
      if (batch.length < BATCH) break;
    }
    return written;
  };

  const pass = async (unpredictedOnly: boolean) => {
    const now = clock.now().getTime();
    if (!unpredictedOnly) {
      await clearArrivedPredictions(db);
      await clearInlandArrived(db);
    }
    const learned = await knowledgeAt(now);
    // Each ship's fixes are read once a pass, however many shipments it carries.
    const fixesOf = new Map<string, Fix[]>();
    let written = 0;
    let after: string | null = null;
    for (;;) {
      const batch = await comingShipments(db, after, BATCH, unpredictedOnly);
      if (batch.length === 0) break;
      after = (batch.at(-1) as ComingShipment).id;
      const unread = [
        ...new Set(batch.flatMap((s) => (s.vessel && !fixesOf.has(s.vessel.id) ? [s.vessel.id] : []))),
      ];
      const read = await fixesBetween(db, unread, now - DAY, now);
      for (const id of unread) fixesOf.set(id, read.get(id) ?? []);
      const writes: PredictionWrite[] = [];
      for (const s of batch) {
        const o = observationOf(s, reference, s.vessel ? (fixesOf.get(s.vessel.id) ?? []) : [], now);
        const write = o && predictionWrite(s, o, learned);
        if (write) writes.push(write);
      }
      await writePredictions(db, now, writes);
      written += writes.length;
      if (batch.length < BATCH) break;
    }
    written += await inlandPass(now, learned, unpredictedOnly);
    if (written > 0) logger.debug("arrival predictions written", { written, unpredictedOnly });
    return written;
  };

  // One pass at a time: two at once could both write a shipment's history row of the same instant.
  let last: Promise<unknown> = Promise.resolve();
  const serial = (work: () => Promise<number>): Promise<number> => {
    const next = last.then(work, work);
    last = next.catch(() => undefined);
    return next;
  };
  const runOnce = () => serial(() => pass(false));
  // Wakes while one is waiting to run are one pass: it reads every shipment still without a prediction.
  let newQueued: Promise<number> | undefined;
  let stopped = false;
  const predictNew = () => {
    if (stopped) return Promise.resolve(0);
    newQueued ??= serial(() => {
      newQueued = undefined;
      return stopped ? Promise.resolve(0) : pass(true);
    });
    return newQueued;
  };

  const loop = pollingLoop(
    async () => {
      await runOnce();
      // A pass covers every shipment: the next comes at the interval.
      return 0;
    },
    {
      logger,
      outage: options.outage,
      intervalMs: options.intervalMs ?? 5 * MINUTE,
      failure: "arrival forecast pass failed",
    },
  );
  return {
    start: () => {
      stopped = false;
      loop.start();
    },
    runOnce,
    predictNew,
    stop: async () => {
      stopped = true;
      await loop.stop();
      await last;
    },
  };
}
