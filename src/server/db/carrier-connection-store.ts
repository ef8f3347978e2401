// The store the DCSA adapter and the push receiver read carrier connections through (CarrierConnectionStore of
// src/server/tracking/dcsa/connection.ts, which it satisfies by shape: db/ is the bottom layer and imports nothing
// above it, so the opened connection's type is defined here and the seam re-exports it): each connection with its
// secrets opened by SECRETS_KEY, an account's connections remembered briefly.
//
// A secret that cannot be opened (SECRETS_KEY changed, or was removed, since it was sealed) must never send the
// account's requests to the sandbox instead, as if the line had no connection: `forScac` and `byId` throw
// UnreadableConnectionError for it, and the connection's status becomes `error` with a detail saying what to do,
// so that the adapter fails the lookup clearly and the dashboard shows why.
import { and, eq } from "drizzle-orm";
import type { CarrierAuthType, CarrierConnectionStatus } from "../../api/carrier-connections";
import { isUuid } from "../../api/ids";
import { openSecret, SealedSecretError } from "../secrets";
import type { AccountRef } from "./account-scope";
import { type CarrierConnectionRow, recordCarrierConnectionStatus } from "./carrier-connections";
import type { Db } from "./connection";
import { carrierConnections } from "./schema";

/** How the carrier wants to be asked; the secrets in it are opened (never log one). */
export type OpenedAuth =
  | { type: "none" }
  /** A fixed key in a header, e.g. `API-Key: …` or `X-API-Key: …`, as the carrier's developer portal names it. */
  | { type: "api_key"; header: string; value: string }
  /** OAuth 2.0 client credentials: a bearer token from `tokenUrl`, cached and renewed before it expires. */
  | {
      type: "oauth2_client_credentials";
      tokenUrl: string;
      clientId: string;
      clientSecret: string;
      scope: string | null;
    };

/** An account's carrier connection with its secrets opened: DcsaConnection to the adapter (tracking/dcsa/connection.ts). */
export interface OpenedConnection {
  id: string;
  accountId: string;
  /** The shipping line's main SCAC: tracking requests of this account for it go to this connection. */
  scac: string;
  /** Where the carrier's T&T API lives; `${baseUrl}/v2/events` is the events endpoint. No trailing slash. */
  baseUrl: string;
  auth: OpenedAuth;
  /**
   * Set by an operator only (never by an API client): the carrier is inside the operator's own network, so its
   * address need not pass the webhook address guard (a private or loopback address, plain http).
   */
  internal: boolean;
  /**
   * Push: make an event subscription at the carrier for each reference tracked through this connection (the
   * standard's subscriptions filter by one reference), and poll more slowly while one is active.
   */
  pushEnabled: boolean;
}

/** A connection whose secret cannot be opened; `message` says why and what to do, and names no secret. */
export class UnreadableConnectionError extends Error {
  constructor(
    readonly connectionId: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** What the user is told when a stored secret cannot be opened; names the secret, never shows it. */
export function unreadableSecretDetail(secret: "API key" | "OAuth client secret", keyed: boolean): string {
  return keyed
    ? `The stored ${secret} cannot be opened: SECRETS_KEY changed since it was saved. Enter the ${secret} again (PATCH it), or restore the previous SECRETS_KEY.`
    : `The stored ${secret} cannot be opened: this service now runs without SECRETS_KEY. Ask the operator to set the SECRETS_KEY it was saved with, or enter the ${secret} again once one is set.`;
}

function openOrThrow(
  row: CarrierConnectionRow,
  sealed: string | null,
  secret: "API key" | "OAuth client secret",
  key: Buffer | undefined,
): string {
  if (sealed === null) throw new UnreadableConnectionError(row.id, `The ${secret} is not set.`);
  if (!key) throw new UnreadableConnectionError(row.id, unreadableSecretDetail(secret, false));
  try {
    return openSecret(sealed, key).toString("utf8");
  } catch (error) {
    if (error instanceof SealedSecretError) {
      throw new UnreadableConnectionError(row.id, unreadableSecretDetail(secret, true));
    }
    throw error;
  }
}

/** The service's view of a row, secrets opened; throws UnreadableConnectionError when they cannot be. */
export function openCarrierConnection(row: CarrierConnectionRow, key: Buffer | undefined): OpenedConnection {
  let auth: OpenedAuth;
  const type = row.authType as CarrierAuthType;
  if (type === "api_key") {
    auth = {
      type: "api_key",
      header: row.apiKeyHeader ?? "API-Key",
      value: openOrThrow(row, row.apiKeySealed, "API key", key),
    };
  } else if (type === "oauth2_client_credentials") {
    auth = {
      type: "oauth2_client_credentials",
      tokenUrl: row.oauthTokenUrl ?? "",
      clientId: row.oauthClientId ?? "",
      clientSecret: openOrThrow(row, row.oauthClientSecretSealed, "OAuth client secret", key),
      scope: row.oauthScope,
    };
  } else {
    auth = { type: "none" };
  }
  return {
    id: row.id,
    accountId: row.accountId,
    scac: row.scac,
    baseUrl: row.baseUrl,
    auth,
    internal: row.internal,
    pushEnabled: row.pushEnabled,
  };
}

/**
 * How long an account's connections are remembered. The engine looks one up per tracking request of a batch
 * (hundreds at a time, nearly all without a connection); an edit made through this process is seen at once
 * (`forget`), one made through another process within this.
 */
export const CONNECTION_CACHE_MS = 2_000;

interface Remembered {
  at: number;
  rows: Map<string, CarrierConnectionRow>;
}

export class DbCarrierConnectionStore {
  readonly #accounts = new Map<string, Remembered>();

  constructor(
    private readonly db: Db,
    private readonly secretsKey: Buffer | undefined,
    private readonly options: { cacheMs?: number; now?: () => number } = {},
  ) {}

  /** Drops what is remembered of an account's connections (after an edit through the API). */
  forget(accountId: string): void {
    this.#accounts.delete(accountId);
  }

  async forScac(accountId: string, scac: string): Promise<OpenedConnection | null> {
    const row = (await this.#rowsOf(accountId)).get(scac);
    return row ? this.#open(row) : null;
  }

  /** The connection, in the account named only: a subscription's or a request's account, never another's. */
  async byId({ accountId, id }: AccountRef): Promise<OpenedConnection | null> {
    if (!isUuid(id) || !isUuid(accountId)) return null;
    const [row] = await this.db
      .select()
      .from(carrierConnections)
      .where(and(eq(carrierConnections.accountId, accountId), eq(carrierConnections.id, id)));
    return row ? this.#open(row) : null;
  }

  async recordStatus(
    connection: AccountRef,
    status: CarrierConnectionStatus,
    detail: string | null,
    at: Date,
  ): Promise<void> {
    const row = await recordCarrierConnectionStatus(this.db, connection, status, detail, at);
    if (row) this.forget(row.accountId);
  }

  async #rowsOf(accountId: string): Promise<Map<string, CarrierConnectionRow>> {
    const now = (this.options.now ?? Date.now)();
    const cacheMs = this.options.cacheMs ?? CONNECTION_CACHE_MS;
    const remembered = this.#accounts.get(accountId);
    if (remembered && now - remembered.at < cacheMs) return remembered.rows;
    // All of the account's connections in one read: a batch of its requests then asks the database once.
    const rows = isUuid(accountId)
      ? await this.db.select().from(carrierConnections).where(eq(carrierConnections.accountId, accountId))
      : [];
    const byScac = new Map(rows.map((r) => [r.scac, r]));
    this.#accounts.set(accountId, { at: now, rows: byScac });
    return byScac;
  }

  async #open(row: CarrierConnectionRow): Promise<OpenedConnection> {
    try {
      return openCarrierConnection(row, this.secretsKey);
    } catch (error) {
      if (error instanceof UnreadableConnectionError && row.statusDetail !== error.message) {
        await this.recordStatus(row, "error", error.message, new Date((this.options.now ?? Date.now)()));
      }
      throw error;
    }
  }
}
