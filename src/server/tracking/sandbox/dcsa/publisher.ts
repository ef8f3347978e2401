// The sandbox carrier network answering as a DCSA Track & Trace 2.2 carrier: the events of a reference at the
// world's time, anchored so that the same reference gives the same world across requests and restarts.
//
// The sandbox plans a shipment from the moment it is first tracked (`requestedAt`). A carrier has no such moment:
// it knows its shipments whoever asks. So the first request about a (SCAC, reference) fixes that moment in
// dcsa_sandbox_anchors, and every later request, from any process, plans from it.

import type { Clock } from "../../../clock";
import type { Db } from "../../../db/connection";
import {
  anchorSandboxReference,
  recentSandboxAnchors,
  type SandboxAnchorKey,
} from "../../../db/dcsa-sandbox";
import type { CarrierQuery, CarrierSnapshot, RequestType } from "../../carrier-adapter";
import type { DcsaEvent } from "../../dcsa/types";
import type { SandboxCarrierNetwork } from "../network";
import { normalizeNumber } from "../number-formats";
import { type EstimatesAt, lastEstimateChanges } from "./estimate-history";
import { dcsaLinesOf, sandboxDcsaEvents } from "./translate";

/** What a request names: the reference that finds the shipment (bill of lading first, then booking, then box). */
export interface SandboxDcsaReference {
  requestType: RequestType;
  reference: string;
}

/** How far back an event asked for by its id alone is looked for: the line's most recently anchored references. */
const EVENT_ID_SEARCH_ANCHORS = 200;
const REMEMBERED_EVENT_IDS = 20_000;
const REMEMBERED_HISTORIES = 2_000;

interface EstimateMemo {
  through: number;
  estimates: Map<string, number | null>;
  madeAt: Map<string, number>;
}

export class SandboxDcsaPublisher {
  readonly #db: Db;
  readonly #network: SandboxCarrierNetwork;
  readonly #world: Clock;
  /** Which reference an event id was last seen under, so that GET /v2/events/{id} rarely has to search. */
  readonly #eventRefs = new Map<string, SandboxAnchorKey>();
  /** Estimate histories already searched, so that each request bisects only the time since the last one. */
  readonly #histories = new Map<string, EstimateMemo>();

  /** `world`: the sandbox world's clock (the service's, or the paused one the end-to-end tests move by hand). */
  constructor(options: { db: Db; network: SandboxCarrierNetwork; world: Clock }) {
    this.#db = options.db;
    this.#network = options.network;
    this.#world = options.world;
  }

  /** The moment the sandbox world is at now. */
  worldNow(): Date {
    return this.#world.now();
  }

  /** Whether the sandbox has a shipping line with this SCAC. */
  knowsLine(scac: string): boolean {
    return this.#network.supports(scac.toUpperCase());
  }

  /**
   * Fixes the reference's moment at `at` (now by default) if nothing has yet: a subscription to it is the first
   * request about it, so that the events it is sent later are those of the world it subscribed to.
   */
  async anchor(scac: string, ref: SandboxDcsaReference, at: Date = this.worldNow()): Promise<void> {
    await this.events(scac, ref, at);
  }

  /**
   * Every event of the reference at world time `at` (now by default), in the order they happen. A reference the
   * sandbox does not know (or not yet: a booking awaiting its bill of lading) has none.
   */
  async events(scac: string, ref: SandboxDcsaReference, at: Date = this.worldNow()): Promise<DcsaEvent[]> {
    const key: SandboxAnchorKey = {
      scac: scac.toUpperCase(),
      requestType: ref.requestType,
      reference: normalizeNumber(ref.reference),
    };
    const query = (requestedAt: Date): CarrierQuery => ({
      requestType: ref.requestType,
      number: key.reference,
      scac: key.scac,
      requestedAt,
    });
    // Numbers the line would never know are answered without leaving an anchor behind.
    const first = this.#network.lookupNow(query(at), at);
    if (first.outcome === "failed") return [];
    const anchor = await anchorSandboxReference(this.#db, key, at);
    const found = this.#network.lookupNow(query(anchor), at);
    if (found.outcome !== "found") return [];
    const events = this.#translate(key, anchor.getTime(), at.getTime(), found.snapshot, (t) => {
      const then = this.#network.lookupNow(query(anchor), new Date(t));
      return then.outcome === "found" ? then.snapshot : null;
    });
    for (const e of events)
      if (e.eventID) this.#remember(this.#eventRefs, e.eventID, key, REMEMBERED_EVENT_IDS);
    return events;
  }

  /** One event by its id, as it stands now; null when no recently asked-about reference has it. */
  async eventById(scac: string, eventId: string): Promise<DcsaEvent | null> {
    const line = scac.toUpperCase();
    const at = this.worldNow();
    const find = async (key: SandboxAnchorKey) =>
      (
        await this.events(line, { requestType: key.requestType as RequestType, reference: key.reference }, at)
      ).find((e) => e.eventID === eventId) ?? null;
    const known = this.#eventRefs.get(eventId);
    if (known && known.scac === line) {
      const event = await find(known);
      if (event) return event;
    }
    for (const anchor of await recentSandboxAnchors(this.#db, line, EVENT_ID_SEARCH_ANCHORS)) {
      const event = await find(anchor);
      if (event) return event;
    }
    return null;
  }

  #translate(
    key: SandboxAnchorKey,
    anchor: number,
    now: number,
    snapshot: CarrierSnapshot,
    snapshotAt: (t: number) => CarrierSnapshot | null,
  ): DcsaEvent[] {
    const lines = dcsaLinesOf(snapshot);
    const estimated = [...lines].filter(([, l]) => l.estimated).map(([id]) => id);
    const estimatesAt: EstimatesAt = (t) => {
      const then = snapshotAt(t);
      const out = new Map<string, number | null>();
      if (!then) return out;
      for (const [id, l] of dcsaLinesOf(then)) out.set(id, l.estimated ? l.at : null);
      return out;
    };
    const memoKey = `${key.scac}/${key.requestType}/${key.reference}/${anchor}`;
    const memo = this.#histories.get(memoKey);
    // Searched before up to an earlier moment: only what changed since then is left to find.
    const resumable = memo && memo.through <= now ? memo : undefined;
    const known = estimated.filter((id) => resumable?.estimates.has(id));
    const fresh = estimated.filter((id) => !resumable?.estimates.has(id));
    const madeAt = new Map<string, number>();
    const estimates = new Map<string, number | null>();
    if (resumable && known.length > 0) {
      const found = lastEstimateChanges(
        estimatesAt,
        known,
        resumable.through,
        now,
        resumable.estimates,
        new Map(known.map((id) => [id, resumable.madeAt.get(id) ?? anchor])),
      );
      for (const [id, t] of found.madeAt) madeAt.set(id, t);
      for (const [id, v] of found.after) estimates.set(id, v);
    }
    if (fresh.length > 0) {
      const found = lastEstimateChanges(
        estimatesAt,
        fresh,
        anchor,
        now,
        estimatesAt(anchor),
        new Map(fresh.map((id) => [id, anchor])),
      );
      for (const [id, t] of found.madeAt) madeAt.set(id, t);
      for (const [id, v] of found.after) estimates.set(id, v);
    }
    if (!memo || memo.through <= now)
      this.#remember(this.#histories, memoKey, { through: now, estimates, madeAt }, REMEMBERED_HISTORIES);
    return sandboxDcsaEvents({
      snapshot,
      bookingReference: key.requestType === "booking_number" ? key.reference : null,
      estimateMadeAt: (id) => new Date(madeAt.get(id) ?? anchor),
    });
  }

  #remember<V>(map: Map<string, V>, key: string, value: V, limit: number) {
    map.delete(key);
    map.set(key, value);
    if (map.size > limit) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
  }
}
