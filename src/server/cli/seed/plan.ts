// The plan of a scale account: which journey each synthetic shipment copies and when, its numbers, containers and
// tracking request, and the tracking requests that never became a shipment. Pure: nothing here touches a database.
import { randomUUID } from "node:crypto";
import { DAY, HOUR, WEEK } from "../../../api/durations";
import type { TrackingRequestStatus } from "../../../api/tracking-request-statuses";
import type { RequestType } from "../../tracking/carrier-adapter";
import { carrierProfile } from "../../tracking/sandbox/carrier-profiles";
import { sandboxNumber } from "../../tracking/sandbox/network";
import { generateNumber } from "../../tracking/sandbox/number-formats";
import type { Random } from "../../tracking/sandbox/random";
import { containerNumber, customerName, redigit, refNumbers, tags, type UniqueValues } from "./identities";
import type { JourneyLibrary, JourneyTemplate, StopReason } from "./journeys";

/** How long the account has been tracking: shipments were created over this much time. */
export const HISTORY = 730 * DAY;

export interface SeedShape {
  shipments: number;
  /** Of the tracked shipments, how many are real sandbox shipments that the engine keeps refreshing. */
  sandbox: number;
  /** Share of shipments still tracked (`line_tracking_stopped_at` null). */
  trackedShare: number;
}

export function trackedCount(shape: SeedShape): number {
  return Math.round(shape.shipments * shape.trackedShare);
}

export function sandboxCount(shape: SeedShape): number {
  return Math.min(shape.sandbox, trackedCount(shape));
}

export interface PlannedContainer {
  id: string;
  number: string;
  sealNumber: string | null;
  /** The journey library's box this container copies. */
  boxKey: number;
}

export interface PlannedRequest {
  id: string;
  type: RequestType;
  number: string;
  scac: string;
  status: TrackingRequestStatus;
  failedReason: string | null;
  isRetrying: boolean;
  retryCount: number;
  nextAttemptAt: number | null;
  createdAt: number;
  updatedAt: number;
  refNumbers: string[];
  tags: string[];
}

/** What the tracking engine keeps on a shipment it refreshes (the query it asks the carrier, and when). */
export interface EngineTracking {
  requestType: RequestType;
  /** Normalized, as the engine passes it on. */
  requestNumber: string;
  requestedAt: number;
  nextRefreshAt: number;
}

/**
 * A shipment: a copy of a journey template moved by `shiftMs` (all times here are already moved), or with
 * `engine` set, a real sandbox shipment as the carrier shows it now (not moved).
 */
export interface PlannedShipment {
  id: string;
  template: JourneyTemplate;
  shiftMs: number;
  createdAt: number;
  updatedAt: number;
  lastAttemptedAt: number;
  lastSucceededAt: number;
  stoppedAt: number | null;
  reason: StopReason | null;
  billOfLading: string;
  refNumbers: string[];
  tags: string[];
  customerName: string | null;
  containers: PlannedContainer[];
  request: PlannedRequest;
  engine?: EngineTracking;
}

/** Containers per shipment: mostly one or two, up to four (about 2 on average). */
const CONTAINER_COUNTS = [
  [1, 40],
  [2, 32],
  [3, 18],
  [4, 10],
] as const;

/** Why stopped shipments stopped: most ran their course; users stop some; a few fall silent. */
const STOP_REASONS: readonly (readonly [StopReason, number])[] = [
  ["all_containers_terminated", 78],
  ["cancelled_by_user", 9],
  ["past_arrival_window", 6],
  ["past_full_out_window", 5],
  ["no_updates_at_line", 2],
];

/** How customers asked: mostly by bill of lading, as they are told to. */
const REQUEST_TYPES = [
  ["bill_of_lading", 90],
  ["booking_number", 6],
  ["container", 4],
] as const;

/**
 * The synthetic shipments, `chunkSize` at a time: the tracked ones first (all of them copies of a moment under way,
 * so every stage is present), then the stopped ones, spread over two years.
 */
export function* planShipments(
  shape: SeedShape,
  library: JourneyLibrary,
  rng: Random,
  unique: UniqueValues,
  chunkSize: number,
): Generator<PlannedShipment[]> {
  const tracked = trackedCount(shape) - sandboxCount(shape);
  const stopped = shape.shipments - trackedCount(shape);
  if (library.underWay.length === 0 && tracked > 0)
    throw new Error("the journey library has no moment under way");
  let chunk: PlannedShipment[] = [];
  for (let i = 0; i < tracked + stopped; i++) {
    chunk.push(i < tracked ? trackedShipment(library, rng, unique) : stoppedShipment(library, rng, unique));
    if (chunk.length === chunkSize) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

function trackedShipment(library: JourneyLibrary, rng: Random, unique: UniqueValues): PlannedShipment {
  const moment = rng.pick(library.underWay);
  // Refreshed a little while ago: the copy's "now" is the last successful lookup.
  const lastSucceededAt = library.now - rng.int(0, 5 * 60) * 60_000;
  const template: JourneyTemplate = { moment, lastSucceededAt: moment.at, stoppedAt: null, reason: null };
  return shipmentOf(template, lastSucceededAt - moment.at, rng, unique);
}

function stoppedShipment(library: JourneyLibrary, rng: Random, unique: UniqueValues): PlannedShipment {
  for (let attempt = 0; ; attempt++) {
    const wanted = rng.weighted(STOP_REASONS);
    const templates = library.stopped.get(wanted)?.length
      ? library.stopped.get(wanted)!
      : library.stopped.get("all_containers_terminated")!;
    const template = rng.pick(templates);
    const requestedAt = template.moment.base.requestedAt;
    // Whole weeks such that the request falls in the account's history and tracking stopped before now.
    const earliest = Math.ceil((library.now - HISTORY - requestedAt) / WEEK);
    const latest = Math.floor((library.now - template.stoppedAt! - HOUR) / WEEK);
    if (earliest <= latest) return shipmentOf(template, rng.int(earliest, latest) * WEEK, rng, unique);
    if (attempt > 100) throw new Error("no journey template fits the account's history");
  }
}

function shipmentOf(
  template: JourneyTemplate,
  shiftMs: number,
  rng: Random,
  unique: UniqueValues,
): PlannedShipment {
  const { moment } = template;
  const { snapshot, base } = moment;
  const requestedAt = base.requestedAt + shiftMs;
  // The engine finds the shipment seconds after the request.
  const createdAt = requestedAt + rng.int(2, 90) * 1000;
  // A journey already over when it was asked about stops as the shipment is created.
  const lastSucceededAt = Math.max(createdAt, template.lastSucceededAt + shiftMs);
  const stoppedAt = template.stoppedAt === null ? null : Math.max(createdAt, template.stoppedAt + shiftMs);
  const count = rng.weighted(CONTAINER_COUNTS);
  const containers = Array.from({ length: count }, (_, j) => {
    const boxIndex = j % snapshot.containers.length;
    const box = snapshot.containers[boxIndex]!;
    return {
      id: randomUUID(),
      number: unique.take(() => containerNumber(box.number.slice(0, 4), rng)),
      sealNumber: box.sealNumber ? redigit(box.sealNumber, rng) : null,
      boxKey: moment.firstBoxKey + boxIndex,
    };
  });
  const billOfLading = unique.take(() => redigit(snapshot.billOfLadingNumber, rng));
  const shipment: Omit<PlannedShipment, "request"> = {
    id: randomUUID(),
    template,
    shiftMs,
    createdAt,
    updatedAt: stoppedAt ?? lastSucceededAt,
    lastAttemptedAt: stoppedAt ?? lastSucceededAt,
    lastSucceededAt,
    stoppedAt,
    reason: template.reason,
    billOfLading,
    refNumbers: refNumbers(rng, unique),
    tags: tags(rng),
    customerName: customerName(rng),
    containers,
  };
  const type = requestTypeFor(base.scac, rng);
  const number =
    type === "container"
      ? containers[0]!.number
      : type === "booking_number"
        ? unique.take(() => bookingNumber(base.scac, snapshot.portOfLading.locode, rng))
        : billOfLading;
  return {
    ...shipment,
    request: {
      id: randomUUID(),
      type,
      number,
      scac: base.scac,
      status: stoppedAt === null ? "created" : "tracking_stopped",
      failedReason: null,
      isRetrying: false,
      retryCount: 0,
      nextAttemptAt: null,
      createdAt: requestedAt,
      updatedAt: stoppedAt ?? createdAt,
      refNumbers: shipment.refNumbers,
      tags: shipment.tags,
    },
  };
}

function requestTypeFor(scac: string, rng: Random): RequestType {
  const line = carrierProfile(scac)!.line;
  const type = rng.weighted(REQUEST_TYPES);
  if (type === "booking_number" && !line.bookingNumber) return "bill_of_lading";
  if (type === "container" && !line.containerNumber) return "bill_of_lading";
  return type;
}

function bookingNumber(scac: string, polLocode: string, rng: Random): string {
  return generateNumber(carrierProfile(scac)!.booking, rng, polLocode);
}

/** Shares of N of the requests that never became a shipment. */
const FAILED_SHARE = 0.008;
const PENDING_SHARE = 0.0002;
const AWAITING_SHARE = 0.0003;

const FAILED_REASONS = [
  ["not_found", 50],
  ["invalid_number", 25],
  ["retries_exhausted", 15],
  ["expired", 10],
] as const;

/**
 * Tracking requests without a shipment: failed ones over the whole history, and a few that the engine still
 * works on (pending, or a booking awaiting its manifest). Those carry numbers the sandbox network finds, so the
 * engine turns them into shipments once the service runs.
 */
export function planOrphanRequests(
  shape: SeedShape,
  library: JourneyLibrary,
  lines: readonly (readonly [string, number])[],
  rng: Random,
  unique: UniqueValues,
): PlannedRequest[] {
  const now = library.now;
  const requests: PlannedRequest[] = [];
  const common = (scac: string, type: RequestType, number: string) => ({
    id: randomUUID(),
    scac,
    type,
    number,
    refNumbers: refNumbers(rng, unique),
    tags: tags(rng),
  });
  const failed = Math.max(1, Math.round(shape.shipments * FAILED_SHARE));
  for (let i = 0; i < failed; i++) {
    const scac = rng.weighted(lines);
    const reason = rng.weighted(FAILED_REASONS);
    const valid = unique.take(() => redigit(sandboxNumber(scac, rng.int(0, 1_000_000)), rng));
    // A typo that no longer fits the line's format.
    const number = reason === "invalid_number" ? valid.slice(0, Math.max(4, valid.length - 3)) : valid;
    const createdAt = now - rng.int(1, HISTORY / HOUR) * HOUR;
    requests.push({
      ...common(scac, reason === "expired" ? "booking_number" : "bill_of_lading", number),
      status: "failed",
      failedReason: reason,
      isRetrying: false,
      retryCount: reason === "retries_exhausted" ? 10 : 0,
      nextAttemptAt: null,
      createdAt,
      updatedAt:
        createdAt + (reason === "expired" ? 14 * DAY : reason === "retries_exhausted" ? 2 * DAY : 5000),
    });
  }
  const pending = Math.max(1, Math.round(shape.shipments * PENDING_SHARE));
  const awaiting = Math.max(1, Math.round(shape.shipments * AWAITING_SHARE));
  for (let i = 0; i < pending + awaiting; i++) {
    const scac = rng.weighted(lines);
    const isPending = i < pending;
    const type: RequestType = isPending ? "bill_of_lading" : "booking_number";
    const number = unique.take(() => sandboxNumber(scac, 20_000_000 + rng.int(0, 1_000_000), type));
    const createdAt = now - (isPending ? rng.int(1, 60) * 1000 : rng.int(1, 10) * HOUR);
    requests.push({
      ...common(scac, type, number),
      status: isPending ? "pending" : "awaiting_manifest",
      failedReason: null,
      isRetrying: !isPending,
      retryCount: isPending ? 0 : rng.int(1, 3),
      nextAttemptAt: isPending ? now : now + rng.int(1, 6) * HOUR,
      createdAt,
      updatedAt: isPending ? createdAt : now - rng.int(1, 50) * 60_000,
    });
  }
  return requests;
}
