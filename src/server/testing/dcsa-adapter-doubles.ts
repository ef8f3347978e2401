// In-memory stand-ins for the DCSA adapter's seams (connection.ts's own interfaces): a store of connections that
// records every status, and a client that answers from a script and counts its calls. The real store and client
// are other modules; these let the adapter and the engine be tested without a network or the store's tables.
import type { CarrierConnectionStatus } from "../../api/carrier-connections";
import type { AccountRef } from "../db/account-scope";
import type {
  CarrierConnectionStore,
  DcsaCallFailure,
  DcsaCallResult,
  DcsaClient,
  DcsaConnection,
  DcsaEventQuery,
  DcsaProbe,
} from "../tracking/dcsa/connection";
import type { DcsaEvent } from "../tracking/dcsa/types";

export function testConnection(overrides: Partial<DcsaConnection> = {}): DcsaConnection {
  return {
    id: "conn-1",
    accountId: "account-1",
    scac: "MAEU",
    baseUrl: "http://127.0.0.1:9/dcsa",
    auth: { type: "api_key", header: "API-Key", value: "s3cret-key-value" },
    internal: true,
    pushEnabled: false,
    ...overrides,
  };
}

export class MemoryConnectionStore implements CarrierConnectionStore {
  readonly connections: DcsaConnection[] = [];
  readonly statuses: { id: string; status: CarrierConnectionStatus; detail: string | null; at: Date }[] = [];

  constructor(...connections: DcsaConnection[]) {
    this.connections.push(...connections);
  }

  async forScac(accountId: string, scac: string) {
    return this.connections.find((c) => c.accountId === accountId && c.scac === scac) ?? null;
  }

  async byId({ accountId, id }: AccountRef) {
    return this.connections.find((c) => c.accountId === accountId && c.id === id) ?? null;
  }

  async recordStatus({ id }: AccountRef, status: CarrierConnectionStatus, detail: string | null, at: Date) {
    this.statuses.push({ id, status, detail, at });
  }

  lastStatus(id: string) {
    return this.statuses.filter((s) => s.id === id).at(-1);
  }
}

/** What the scripted carrier answers for a connection: its events by reference, or a failure. */
export type ScriptedAnswer = DcsaEvent[] | DcsaCallFailure;

export class ScriptedDcsaClient implements DcsaClient {
  readonly calls: { connectionId: string; query: DcsaEventQuery }[] = [];
  /** By connection id, then by reference; a failure answers every reference of the connection. */
  readonly answers = new Map<string, ScriptedAnswer | Map<string, DcsaEvent[]>>();

  answer(connectionId: string, answer: ScriptedAnswer | Record<string, DcsaEvent[]>) {
    this.answers.set(
      connectionId,
      Array.isArray(answer) || "kind" in answer
        ? (answer as ScriptedAnswer)
        : new Map(Object.entries(answer)),
    );
  }

  callsTo(connectionId: string) {
    return this.calls.filter((c) => c.connectionId === connectionId).length;
  }

  async events(connection: DcsaConnection, query: DcsaEventQuery): Promise<DcsaCallResult<DcsaEvent[]>> {
    this.calls.push({ connectionId: connection.id, query });
    const answer = this.answers.get(connection.id);
    if (answer instanceof Map) {
      const events = answer.get(query.reference) ?? [];
      return events.length
        ? { ok: true, value: events }
        : { ok: false, failure: { kind: "not_found", detail: "The carrier answered 404" } };
    }
    if (!answer) return { ok: false, failure: { kind: "not_found", detail: "The carrier answered 404" } };
    if (Array.isArray(answer)) return { ok: true, value: answer };
    return { ok: false, failure: answer };
  }

  async probe(connection: DcsaConnection): Promise<DcsaProbe> {
    return {
      ok: true,
      status: "ok",
      httpStatus: 200,
      detail: "Connected",
      url: `${connection.baseUrl}/v2/events?limit=1`,
      durationMs: 0,
    };
  }

  async subscribe(): Promise<DcsaCallResult<{ subscriptionId: string }>> {
    return { ok: true, value: { subscriptionId: "sub-1" } };
  }

  async unsubscribe(): Promise<DcsaCallResult<void>> {
    return { ok: true, value: undefined };
  }
}
