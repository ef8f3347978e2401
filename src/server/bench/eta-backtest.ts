// npm run backtest:eta: replays a simulated year of the sandbox and scores the line's arrival estimates against ours.
//
// The harness walks time forward. At each instant it hands the predictor only what the service would have seen
// by then (the line's estimates, the box's milestones, the AIS fixes of its ship, the waits of ships that have
// come in at each port) and, when a box arrives, teaches the predictor how far its earlier estimates missed.
// Scored at 14, 7, 3 and 1 days before each real arrival at the port of discharge (mean absolute error, share
// within a day, per trade), with the window's calibration; inland, at the train's departure from the port.
//
//   SHIPMENTS=1500 npx tsx src/server/bench/eta-backtest.ts   (BY_BASIS=1 adds the figures per way of estimating)
import { DAY, HOUR, MINUTE } from "../../api/durations";
import { MinHeap } from "../geo/shortest-path";
import { type ArrivalObservation, predictArrival, type VesselFix } from "../tracking/eta/arrival-predictor";
import { EtaKnowledge } from "../tracking/eta/eta-knowledge";
import { predictInlandArrival } from "../tracking/eta/inland-predictor";
import { shipOfSailing } from "../tracking/sandbox/fleet";
import { port, regionOf } from "../tracking/sandbox/places";
import {
  measureShipment,
  podArrival,
  type ShipmentReliability,
  sampleShipments,
  summarize,
} from "../tracking/sandbox/reliability";
import { sailing, serviceLayouts } from "../tracking/sandbox/service-schedule";
import type { ShipmentPlan } from "../tracking/sandbox/shipment-plan";
import {
  type ShipmentTimeline,
  shipmentTimeline,
  type VoyageLeg,
} from "../tracking/sandbox/shipment-timeline";
import { shipPositions } from "../tracking/sandbox/vessel-positions";

const SHIPMENTS = Number(process.env.SHIPMENTS ?? 1500);
/** Two months of warm-up before the scored year, so that the predictor has a past to learn from. */
const WARM_UP_START = Date.UTC(2025, 10, 1);
const SCORED_FROM = Date.UTC(2026, 0, 1);
const SPAN_DAYS = 425;
const HORIZONS_DAYS = [14, 7, 3, 1] as const;
/** Between the scored instants, the predictor also predicts every 12 hours, to learn from its misses. */
const PREDICT_EVERY = 12 * HOUR;
/** How far back, and how often, the harness replays an arriving ship's fixes into the track memory. */
const TRACK_DAYS = 24;
const TRACK_EVERY = 6 * HOUR;

interface Scored {
  basis: string;
  trade: string;
  horizon: number;
  carrierMs: number;
  oursMs: number;
  inside: boolean;
}

interface Task {
  at: number;
  run: () => void;
}

/** Lessons waiting for their moment (an arrival), taught in time order. */
class Lessons {
  /** Each lesson by its id; a taught one is dropped, so that what it held goes. */
  readonly #learn: ((() => void) | undefined)[] = [];
  readonly #due = new MinHeap();

  push(lesson: { at: number; learn: () => void }): void {
    this.#due.push(this.#learn.length, lesson.at);
    this.#learn.push(lesson.learn);
  }

  /** Teaches every lesson due at or before `now`. */
  teachUntil(now: number): void {
    while (this.#due.size > 0 && this.#due.peekPriority() <= now) {
      const id = this.#due.pop();
      const learn = this.#learn[id];
      this.#learn[id] = undefined;
      learn?.();
    }
  }
}

const knowledge = new EtaKnowledge();
const pending = new Lessons();
const scored: Scored[] = [];
const inland: { carrierMs: number; oursMs: number; inside: boolean }[] = [];

function tradeOf(plan: ShipmentPlan): string {
  return `${regionOf(plan.lane.pol)} > ${regionOf(plan.lane.pod)}`;
}

/** AIS fixes of the ship carrying the box at `now` over the last day, hourly: what a feed would have given. */
function fixesAt(actual: ShipmentTimeline, now: number): { fixes: VesselFix[]; name: string | null } {
  const leg = actual.legs.find((l) => l.from.departure <= now && now < l.to.arrival);
  if (!leg) return { fixes: [], name: null };
  const reports = shipPositions(leg.ship, now - DAY, now).filter((r) => r.at.getTime() % HOUR === 0);
  return {
    fixes: reports.map((r) => ({
      vessel: r.imo,
      at: r.at.getTime(),
      lat: r.latitude,
      lon: r.longitude,
      speedKnots: r.speedKnots,
      headingDegrees: r.headingDegrees,
    })),
    name: leg.ship.name,
  };
}

function observe(
  plan: ShipmentPlan,
  actual: ShipmentTimeline,
  promise: ShipmentTimeline,
  now: number,
): ArrivalObservation {
  const shown = shipmentTimeline(plan, { kind: "published", now });
  const pod = port(plan.lane.pod);
  const departed = (actual.legs[0] as VoyageLeg).from.departure;
  const { fixes, name } = fixesAt(actual, now);
  return {
    now,
    pod: { locode: pod.locode, name: pod.name, lat: pod.latitude, lon: pod.longitude },
    carrierEta: podArrival(shown),
    carrierFirstEta: podArrival(promise),
    polDeparture: {
      firstEstimate: (promise.legs[0] as VoyageLeg).from.departure,
      actual: departed <= now ? departed : null,
    },
    fixes,
    vesselName: name,
    lane: `${plan.lane.pol}>${plan.lane.pod}`,
  };
}

function shipmentTasks(m: ShipmentReliability): Task[] {
  const { plan } = m;
  const actual = shipmentTimeline(plan, { kind: "actual" });
  const arrived = podArrival(actual);
  const trackedFrom =
    (shipmentTimeline(plan, { kind: "published", now: 0 }).legs[0] as VoyageLeg).from.departure - 14 * DAY;
  const promise = shipmentTimeline(plan, { kind: "published", now: trackedFrom });
  const trade = tradeOf(plan);
  const tasks: Task[] = [];
  const predictAt = (now: number, horizon: number | null) => {
    tasks.push({
      at: now,
      run: () => {
        const o = observe(plan, actual, promise, now);
        const p = predictArrival(o, knowledge);
        pending.push({
          at: arrived,
          learn: () =>
            knowledge.addMiss(p.bucket, arrived, {
              oursMs: p.rawAt - arrived,
              lineMs: o.carrierEta - arrived,
            }),
        });
        if (horizon !== null && now >= SCORED_FROM) {
          scored.push({
            basis: p.basis,
            trade,
            horizon,
            carrierMs: Math.abs(o.carrierEta - arrived),
            oursMs: Math.abs(p.at - arrived),
            inside: p.p10 <= arrived && arrived <= p.p90,
          });
        }
      },
    });
  };
  for (let now = Math.max(trackedFrom, arrived - 16 * DAY); now < arrived - HOUR; now += PREDICT_EVERY) {
    predictAt(now, null);
  }
  for (const h of HORIZONS_DAYS) if (arrived - h * DAY > trackedFrom) predictAt(arrived - h * DAY, h);

  if (plan.rail && actual.railDeparted !== null && actual.railArrived !== null) {
    const route = `${plan.lane.pod}>${plan.rail.destination}`;
    const departed = actual.railDeparted;
    const railArrived = actual.railArrived;
    tasks.push({
      at: departed,
      run: () => {
        const shown = shipmentTimeline(plan, { kind: "published", now: departed });
        const carrierEta = shown.railArrived ?? departed;
        const p = predictInlandArrival(
          {
            now: departed,
            route,
            fromName: port(plan.lane.pod).name,
            toName: port(plan.rail?.destination ?? plan.lane.pod).name,
            carrierEta,
            railDepartedAt: departed,
          },
          knowledge,
        );
        if (departed >= SCORED_FROM) {
          inland.push({
            carrierMs: Math.abs(carrierEta - railArrived),
            oursMs: Math.abs(p.at - railArrived),
            inside: p.p10 <= railArrived && railArrived <= p.p90,
          });
        }
        pending.push({
          at: railArrived,
          learn: () => knowledge.addTrain(route, railArrived, railArrived - departed, carrierEta - departed),
        });
      },
    });
  }
  return tasks;
}

/** Every ship that came in at one of the ports, with its wait at anchor: what AIS shows of each port's queue. */
function portCallTasks(ports: ReadonlySet<string>): Task[] {
  const tasks: Task[] = [];
  for (const layout of serviceLayouts().values()) {
    const calls = layout.service.calls;
    const first = Math.floor(
      (WARM_UP_START - 60 * DAY - layout.phaseMs - Date.UTC(2020, 0, 5)) / layout.intervalMs,
    );
    const count = Math.ceil(((SPAN_DAYS + 120) * DAY) / layout.intervalMs);
    for (let s = first; s < first + count; s++) {
      const x = sailing(layout, s);
      calls.forEach((locode, c) => {
        if (c === 0 || !ports.has(locode)) return;
        const arrivedAt = x.actual.calls[c]?.arrival ?? 0;
        const still = (x.actual.legs[c - 1] ?? []).find((p) => p.fromNm === p.toNm);
        const waited = still ? still.end - still.start : 0;
        tasks.push({ at: arrivedAt, run: () => knowledge.addPortCall(locode, arrivedAt, waited) });
        if (arrivedAt < WARM_UP_START - 30 * DAY || arrivedAt > WARM_UP_START + SPAN_DAYS * DAY + 30 * DAY)
          return;
        // Where the ship was over the weeks before, learned once it is in (what AIS and the arrival tell).
        const ship = shipOfSailing(layout, s);
        tasks.push({
          at: arrivedAt,
          run: () => {
            for (let back = TRACK_EVERY; back <= TRACK_DAYS * DAY; back += TRACK_EVERY) {
              const fix = shipPositions(ship, arrivedAt - back - 10 * MINUTE, arrivedAt - back)[0];
              if (!fix) continue;
              const still = (fix.speedKnots ?? 0) < 1;
              knowledge.tracks.add(locode, arrivedAt, {
                vessel: ship.imo,
                lat: fix.latitude,
                lon: fix.longitude,
                headingDegrees: still ? null : fix.headingDegrees,
                toArrivalMs: arrivedAt - fix.at.getTime(),
              });
            }
          },
        });
      });
    }
  }
  return tasks;
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

function line(cells: readonly (string | number)[], widths: readonly number[]): string {
  return cells.map((c, i) => String(c).padStart(widths[i] ?? 8)).join("  ");
}

function report(rows: readonly Scored[], label: string): void {
  const widths = [34, 4, 6, 10, 10, 8, 8, 8, 8];
  console.log(line([label, "days", "n", "carrier", "ours", "better", "car±1d", "ours±1d", "window"], widths));
  for (const h of HORIZONS_DAYS) {
    const at = rows.filter((r) => r.horizon === h);
    if (at.length === 0) continue;
    const carrier = mean(at.map((r) => r.carrierMs)) / DAY;
    const ours = mean(at.map((r) => r.oursMs)) / DAY;
    const share = (f: (r: Scored) => boolean) => `${Math.round((100 * at.filter(f).length) / at.length)} %`;
    console.log(
      line(
        [
          "",
          h,
          at.length,
          `${carrier.toFixed(2)} d`,
          `${ours.toFixed(2)} d`,
          `${Math.round(100 * (1 - ours / carrier))} %`,
          share((r) => r.carrierMs <= DAY),
          share((r) => r.oursMs <= DAY),
          share((r) => r.inside),
        ],
        widths,
      ),
    );
  }
}

function main(): void {
  const started = Date.now();
  const plans = sampleShipments(SHIPMENTS, WARM_UP_START, SPAN_DAYS);
  const measured = plans.map(measureShipment);
  const tasks = [
    ...portCallTasks(new Set(plans.map((p) => p.lane.pod))),
    ...measured.flatMap(shipmentTasks),
  ].sort((a, b) => a.at - b.at);
  for (const task of tasks) {
    // Teach first what has happened by now: arrivals and trains that came in before this instant.
    pending.teachUntil(task.at);
    task.run();
  }
  const reliability = summarize(measured.filter((m) => m.arrived >= SCORED_FROM));
  console.log(
    `Sandbox reliability (${reliability.shipments} shipments arriving from 2026-01-01): on time ${Math.round(100 * reliability.onTimeShare)} %, late ones ${reliability.lateMeanDays.toFixed(1)} days late on average, ${reliability.etaChangesMedian} arrival estimate changes per shipment (median).`,
  );
  console.log("");
  report(scored, "all trades (mean absolute error)");
  if (process.env.BY_BASIS) {
    for (const b of ["at_sea", "anchored", "track", "schedule"])
      report(
        scored.filter((r) => r.basis === b),
        b,
      );
  }
  const trades = [...new Set(scored.map((r) => r.trade))].sort();
  for (const trade of trades) {
    const rows = scored.filter((r) => r.trade === trade);
    if (rows.length >= 4 * 20) report(rows, trade);
  }
  console.log("");
  const carrierInland = mean(inland.map((r) => r.carrierMs)) / DAY;
  const oursInland = mean(inland.map((r) => r.oursMs)) / DAY;
  console.log(
    `Inland, at the train's departure from the port (${inland.length} boxes): carrier ${carrierInland.toFixed(2)} d, ours ${oursInland.toFixed(2)} d mean absolute error; window holds ${Math.round((100 * inland.filter((r) => r.inside).length) / Math.max(1, inland.length))} %.`,
  );
  const seven = scored.filter((r) => r.horizon === 7);
  const gain = 1 - mean(seven.map((r) => r.oursMs)) / mean(seven.map((r) => r.carrierMs));
  const calibration = scored.filter((r) => r.inside).length / Math.max(1, scored.length);
  console.log(
    `Goals: 7 days out ours ${Math.round(100 * gain)} % smaller error (goal ≥ 30 %); ${Math.round(100 * calibration)} % of arrivals inside P10–P90 (goal 75–85 %); inland ${oursInland.toFixed(2)} d (goal ≤ 1.0).`,
  );
  console.log(
    `(${SHIPMENTS} shipments, ${tasks.length} steps, ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}

main();
