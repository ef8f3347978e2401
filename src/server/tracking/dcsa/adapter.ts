// The carrier adapter the engine is given when carrier connections exist: for each lookup it asks the store
// whether the account has a DCSA connection for the SCAC. With one, the carrier's T&T API answers (client.events →
// snapshot.ts); without, the fallback adapter (the sandbox) does, exactly as before.
//
// Carrier trouble is sorted here into what the engine does about it (connection.ts's DcsaCallFailure): refused
// credentials fail the request for good and show on the connection; a 429 is asked again no sooner than the
// carrier said; a carrier that is down is paused per connection (connection-backoff.ts), so one failing carrier
// never delays another's lookups. What the call showed is recorded on the connection after every call.
import type { CarrierConnectionStatus } from "../../../api/carrier-connections";
import { HOUR } from "../../../api/durations";
import type { Clock } from "../../clock";
import type { Logger } from "../../logger";
import type { CarrierAdapter, CarrierLookup, CarrierQuery, CarrierSnapshot } from "../carrier-adapter";
import type { CarrierConnectionStore, DcsaCallFailure, DcsaClient, DcsaConnection } from "./connection";
import { ConnectionBackoff } from "./connection-backoff";
import { dcsaSnapshot } from "./snapshot";

/**
 * A connection's status is written when it changes, else at most this often: every lookup of every shipment goes
 * through the connection, and writing its row each time would make it the busiest row of the database.
 */
const STATUS_REFRESH_MS = 60_000;
/** A booking the carrier knows without containers or vessel calls yet: asked again this much later. */
const AWAITING_MANIFEST_RETRY_MS = 6 * HOUR;
/** While the carrier pushes events, polling is only a safety net: this much slower… */
const PUSH_SLOWDOWN = 4;
/** …though never more than this far apart (unless the snapshot itself asked for later, e.g. once complete). */
const PUSH_MAX_INTERVAL_MS = 6 * HOUR;

export interface DcsaAdapterDeps {
  store: CarrierConnectionStore;
  client: DcsaClient;
  /** Answers the queries of accounts without a connection for the SCAC: the sandbox. */
  fallback: CarrierAdapter;
  clock: Clock;
  logger: Logger;
  backoff?: ConnectionBackoff;
  /** True while push subscriptions deliver this reference's events (t16-push): poll more slowly then. */
  pollSlowerWhen?: (connection: DcsaConnection, query: CarrierQuery) => Promise<boolean>;
}

/** What a failed call means for the request, and for the connection's status. */
interface Sorted {
  lookup: Extract<CarrierLookup, { outcome: "failed" }>;
  status: CarrierConnectionStatus;
  detail: string;
}

/** Polling while pushed: the snapshot's interval stretched, within the bound above. */
export function slowerCheck(snapshot: CarrierSnapshot, now: Date): Date {
  const interval = snapshot.nextCheckAt.getTime() - now.getTime();
  const slower = Math.max(interval, Math.min(interval * PUSH_SLOWDOWN, PUSH_MAX_INTERVAL_MS));
  return new Date(now.getTime() + slower);
}

/** The DCSA carrier adapter behind the routing: one lookup through one connection. */
export class DcsaCarrierAdapter {
  readonly #deps: DcsaAdapterDeps;
  readonly #backoff: ConnectionBackoff;
  readonly #recorded = new Map<string, { status: CarrierConnectionStatus; at: number }>();

  constructor(deps: DcsaAdapterDeps) {
    this.#deps = deps;
    this.#backoff = deps.backoff ?? new ConnectionBackoff();
  }

  async #record(connection: DcsaConnection, status: CarrierConnectionStatus, detail: string) {
    const at = this.#deps.clock.now();
    const last = this.#recorded.get(connection.id);
    if (last && last.status === status && at.getTime() - last.at < STATUS_REFRESH_MS) return;
    this.#recorded.set(connection.id, { status, at: at.getTime() });
    await this.#deps.store.recordStatus(connection, status, detail, at);
  }

  async lookup(connection: DcsaConnection, query: CarrierQuery, now: Date): Promise<CarrierLookup> {
    const { client, clock, logger } = this.#deps;
    const paused = this.#backoff.pausedUntil(connection.id, now);
    if (paused)
      // No call: the carrier failed a moment ago, and asking it again now would only add to its trouble.
      return {
        outcome: "failed",
        reason: "shipping_line_unreachable",
        retryable: true,
        retryAfter: paused,
        message: `The carrier ${connection.scac} is not answering; asked again after ${paused.toISOString()}`,
      };
    const result = await client.events(connection, {
      requestType: query.requestType,
      reference: query.number,
    });
    if (!result.ok) {
      const sorted = this.#sort(connection, result.failure, clock.now());
      logger.warn("carrier lookup failed", {
        adapter: `dcsa:${connection.scac}`,
        connection: connection.id,
        failure: result.failure.kind,
      });
      await this.#record(connection, sorted.status, sorted.detail);
      return sorted.lookup;
    }
    this.#backoff.succeeded(connection.id);
    const count = result.value.length;
    await this.#record(connection, "ok", `The carrier answered with ${count} event${count === 1 ? "" : "s"}`);
    const snapshot = dcsaSnapshot(result.value, query, now);
    if (!snapshot)
      return {
        outcome: "awaiting_manifest",
        retryAfter: new Date(now.getTime() + AWAITING_MANIFEST_RETRY_MS),
      };
    if (this.#deps.pollSlowerWhen && (await this.#deps.pollSlowerWhen(connection, query)))
      return { outcome: "found", snapshot: { ...snapshot, nextCheckAt: slowerCheck(snapshot, now) } };
    return { outcome: "found", snapshot };
  }

  /** Words for users and operators only: the carrier's status code, never a credential or the carrier's body. */
  #sort(connection: DcsaConnection, failure: DcsaCallFailure, now: Date): Sorted {
    const line = `The carrier ${connection.scac}`;
    switch (failure.kind) {
      case "credentials_refused":
        return {
          status: "credentials_refused",
          detail: failure.detail,
          lookup: {
            outcome: "failed",
            reason: "carrier_credentials_refused",
            retryable: false,
            message: `${line} refused the account's credentials (HTTP ${failure.httpStatus}): check the carrier connection's key or client secret`,
          },
        };
      case "not_found":
        // The carrier answered, and does not know the reference: the connection itself works.
        return {
          status: "ok",
          detail: failure.detail,
          lookup: {
            outcome: "failed",
            reason: "not_found",
            retryable: false,
            message: `${line} does not know this number`,
          },
        };
      case "rate_limited":
        return {
          status: "rate_limited",
          detail: failure.detail,
          lookup: {
            outcome: "failed",
            reason: "shipping_line_unreachable",
            retryable: true,
            retryAfter: failure.retryAfter,
            message: `${line} asked to wait until ${failure.retryAfter.toISOString()} (HTTP 429)`,
          },
        };
      case "unavailable": {
        const until = this.#backoff.failed(connection.id, now);
        return {
          status: "not_reachable",
          detail: failure.detail,
          lookup: {
            outcome: "failed",
            reason: "shipping_line_unreachable",
            retryable: true,
            retryAfter: until,
            message: `${line} is not answering${failure.httpStatus ? ` (HTTP ${failure.httpStatus})` : ""}`,
          },
        };
      }
      case "address_refused":
        return {
          status: "address_refused",
          detail: failure.detail,
          lookup: {
            outcome: "failed",
            reason: "shipping_line_unreachable",
            retryable: true,
            message: `${line}'s address is not allowed (a private address on a connection not marked internal)`,
          },
        };
      case "unreadable":
        return {
          status: "error",
          detail: failure.detail,
          lookup: {
            outcome: "failed",
            reason: "unrecognized_response",
            retryable: true,
            message: `${line} answered something that is not DCSA Track & Trace${failure.httpStatus ? ` (HTTP ${failure.httpStatus})` : ""}`,
          },
        };
    }
  }
}

/**
 * The one adapter the engine is given: a lookup goes to the account's DCSA connection for the SCAC when there is
 * one, else to the fallback. It answers for every SCAC (which accounts connect which lines changes at run time);
 * a SCAC neither knows fails as it would without it.
 */
export class ConnectionRoutingAdapter implements CarrierAdapter {
  readonly name = "carriers";
  readonly #deps: DcsaAdapterDeps;
  readonly #dcsa: DcsaCarrierAdapter;

  constructor(deps: DcsaAdapterDeps) {
    this.#deps = deps;
    this.#dcsa = new DcsaCarrierAdapter(deps);
  }

  supports(_scac: string): boolean {
    return true;
  }

  /** Each account's calls to a line bounded apart: each goes through its own connection (or the sandbox). */
  callLane(query: CarrierQuery): string {
    return `${query.scac}/${query.accountId ?? ""}`;
  }

  async lookup(query: CarrierQuery, now: Date): Promise<CarrierLookup> {
    const { store, fallback } = this.#deps;
    const connection = query.accountId ? await store.forScac(query.accountId, query.scac) : null;
    if (connection) return this.#dcsa.lookup(connection, query, now);
    if (fallback.supports(query.scac)) return fallback.lookup(query, now);
    return { outcome: "failed", reason: "shipping_line_unreachable", retryable: false };
  }
}

export type CarrierAdaptersDeps = Pick<
  DcsaAdapterDeps,
  "store" | "client" | "fallback" | "clock" | "logger" | "pollSlowerWhen"
>;

/** The engine's `adapters` for main.ts: the routing adapter over the accounts' connections and the sandbox. */
export function createCarrierAdapters(deps: CarrierAdaptersDeps): CarrierAdapter[] {
  return [new ConnectionRoutingAdapter(deps)];
}
