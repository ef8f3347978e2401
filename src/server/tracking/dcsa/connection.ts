// What the DCSA adapter needs to know of an account's carrier connection, and the seams between its parts: the
// store that keeps connections (secrets sealed with SECRETS_KEY), the HTTP client that talks to the carrier, and
// the outcome of a call in the terms the engine and the connection's status use.
//
// The wire form of a connection (`/v2/carrier_connections`) is `src/api/carrier-connections.ts`; this is the
// service's inside view, with the secrets opened. Nothing here may ever be logged whole.
import type { CarrierConnectionStatus } from "../../../api/carrier-connections";
import type { AccountRef } from "../../db/account-scope";
import type { OpenedConnection as DcsaConnection } from "../../db/carrier-connection-store";
import type { RequestType } from "../carrier-adapter";
import type { DcsaEvent } from "./types";

// A connection as the store opens it. Defined with the store (db/ is the bottom layer and imports nothing above it);
// the adapter, the client and the push receiver know it by these names.
export type {
  OpenedAuth as DcsaAuth,
  OpenedConnection as DcsaConnection,
} from "../../db/carrier-connection-store";

/**
 * Keeps the accounts' connections; the adapter, the push receiver and the API read them through it
 * (DbCarrierConnectionStore, src/server/db/carrier-connection-store.ts). A connection whose secret cannot be opened
 * (SECRETS_KEY changed or removed since it was saved) is never answered as null, which would send the line's
 * requests to the sandbox silently: `forScac` and `byId` throw UnreadableConnectionError (of that module; its
 * message says what to do) and the connection's status becomes `error`. The adapter treats it as a failed lookup.
 */
export interface CarrierConnectionStore {
  /** The account's connection for this SCAC, secrets opened; null when it has none (the sandbox answers). */
  forScac(accountId: string, scac: string): Promise<DcsaConnection | null>;
  /** Any account's connection by id (the push receiver knows only the id in its callback URL). */
  byId(connection: AccountRef): Promise<DcsaConnection | null>;
  /** What the last call to the carrier showed; the dashboard's connection page shows it. */
  recordStatus(
    connection: AccountRef,
    status: CarrierConnectionStatus,
    detail: string | null,
    at: Date,
  ): Promise<void>;
}

/** What went wrong calling the carrier, sorted by what the engine does about it. */
export type DcsaCallFailure =
  /** 401/403 (or the token endpoint refusing the client): final for the request, shown on the connection. */
  | { kind: "credentials_refused"; httpStatus: number; detail: string }
  /** 404, or an empty answer: the carrier does not know the reference. */
  | { kind: "not_found"; detail: string }
  /** 429: ask again no sooner than `retryAfter` (from `Retry-After`, seconds or an HTTP date). */
  | { kind: "rate_limited"; retryAfter: Date; detail: string }
  /** 5xx, a timeout, a refused connection: back off this connection, try again later. */
  | { kind: "unavailable"; httpStatus: number | null; detail: string }
  /** The address did not pass the guard (a private address on a connection that is not internal). */
  | { kind: "address_refused"; detail: string }
  /** A 2xx the client could not read as DCSA events, or another 4xx. */
  | { kind: "unreadable"; httpStatus: number | null; detail: string };

export type DcsaCallResult<T> = { ok: true; value: T } | { ok: false; failure: DcsaCallFailure };

/** One lookup: the reference by which a tracking request asks, e.g. `transportDocumentReference=MAEU123`. */
export interface DcsaEventQuery {
  requestType: RequestType;
  reference: string;
}

/** Talks to one carrier's DCSA T&T API: authentication, timeouts, the address guard, paging. */
export interface DcsaClient {
  /** Every event for the reference, following `Next-Page` to the end. An empty list is `not_found`. */
  events(connection: DcsaConnection, query: DcsaEventQuery): Promise<DcsaCallResult<DcsaEvent[]>>;
  /**
   * One real call (`GET /v2/events?limit=1`, after fetching a token when the connection uses OAuth) to tell a
   * user whether the connection works: `POST /v2/carrier_connections/{id}/test`.
   */
  probe(connection: DcsaConnection): Promise<DcsaProbe>;
  /** `POST /v2/event-subscriptions` at the carrier; answers the carrier's `subscriptionID`. */
  subscribe(
    connection: DcsaConnection,
    body: { callbackUrl: string; secret: Buffer; reference: DcsaEventQuery },
  ): Promise<DcsaCallResult<{ subscriptionId: string }>>;
  /** `DELETE /v2/event-subscriptions/{id}` at the carrier. */
  unsubscribe(connection: DcsaConnection, subscriptionId: string): Promise<DcsaCallResult<void>>;
}

export interface DcsaProbe {
  ok: boolean;
  status: CarrierConnectionStatus;
  /** The carrier's HTTP status, null when no answer came. */
  httpStatus: number | null;
  /** In words, for the user: "Connected: the carrier answered 200 with 1 event", "The carrier refused the key (401)". */
  detail: string;
  /** The address called, without credentials. */
  url: string;
  durationMs: number;
}
