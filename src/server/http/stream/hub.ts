// The live stream's hub: one per process. While any client is connected it reads the new events of the
// connected accounts from the database log every few hundred milliseconds (one indexed query, whoever wrote
// them: this process, a worker, another process on the same PostgreSQL) and sends each to its account's
// clients. A client that joins gets its backlog from the log first, then live events, without a gap or a repeat:
// both are read by this one loop, the backlog up to the position the live reads go on from.
import { STREAM_HEARTBEAT_MS, VESSEL_POSITIONS_EVENT } from "../../../api/stream";
import type { Db } from "../../db/connection";
import type { DataChange, DataChangeListener } from "../../db/data-changes";
import { accountStreamAfter, pollStream, streamBounds } from "../../db/stream-log";
import { logSafeError } from "../../log-safe-error";
import type { Logger } from "../../logger";
import { streamEventData } from "../../resources/stream-event";
import { type SseChannel, sseComment, sseFrame } from "./sse-channel";

/** How often the log is read while clients are connected: an event reaches them within this (plus the fan-out's). */
export const STREAM_POLL_MS = 250;
/** Events read per statement, for live reads and for a backlog alike. */
const PAGE = 500;

export interface StreamHubOptions {
  db: Db;
  logger: Pick<Logger, "warn" | "info" | "error">;
  pollMs?: number;
  heartbeatMs?: number;
}

interface Client {
  accountId: string;
  channel: SseChannel;
  /** The last position sent; a joining client's is where its backlog starts. */
  sent: number;
}

export class StreamHub implements DataChangeListener {
  readonly #db: Db;
  readonly #logger: StreamHubOptions["logger"];
  readonly #pollMs: number;
  readonly #heartbeatMs: number;
  /** Live clients, by account. */
  readonly #live = new Map<string, Set<Client>>();
  /** Clients whose backlog the next read sends. */
  #joining: Client[] = [];
  /** Every event at or below this position has been sent to the live clients of its account; none while idle. */
  #cursor: number | undefined;
  #timer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #failing = false;
  #closed = false;

  constructor(options: StreamHubOptions) {
    this.#db = options.db;
    this.#logger = options.logger;
    this.#pollMs = options.pollMs ?? STREAM_POLL_MS;
    this.#heartbeatMs = options.heartbeatMs ?? STREAM_HEARTBEAT_MS;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Clients connected now (joining or live). */
  get clients(): number {
    let n = this.#joining.length;
    for (const set of this.#live.values()) n += set.size;
    return n;
  }

  /** The account's clients connected now (joining or live). */
  clientsOf(accountId: string): number {
    return (
      (this.#live.get(accountId)?.size ?? 0) + this.#joining.filter((c) => c.accountId === accountId).length
    );
  }

  /** Sends the account's events after position `after` to the channel, then every new one, until it closes. */
  join(accountId: string, after: number, channel: SseChannel): void {
    if (this.#closed) {
      channel.close();
      return;
    }
    const client: Client = { accountId, channel, sent: after };
    this.#joining.push(client);
    channel.onClose(() => this.#leave(client));
    this.#startHeartbeat();
    this.#wake();
  }

  /** Ends every stream (a stop): clients reconnect to another process, or to this one once it is back. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    clearInterval(this.#heartbeat);
    for (const client of this.#everyClient()) client.channel.close();
  }

  /** Told by the data change feed: vessel positions (rows every account shares) were written. */
  changed(change: DataChange | undefined): void {
    // Undefined: the feed could not read for a while, and positions may have been written meanwhile.
    if (change !== undefined && !("everything" in change)) return;
    const frame = sseFrame({ event: VESSEL_POSITIONS_EVENT, data: {} });
    for (const client of this.#everyClient()) client.channel.send(frame);
  }

  lost(): void {}

  /** Reads the log now, and resolves once a whole read that began after the call has ended. */
  async poll(): Promise<void> {
    this.#wake();
    while (this.#running) await this.#running;
  }

  *#everyClient(): Iterable<Client> {
    yield* this.#joining;
    for (const set of this.#live.values()) yield* set;
  }

  #leave(client: Client) {
    this.#joining = this.#joining.filter((c) => c !== client);
    const set = this.#live.get(client.accountId);
    set?.delete(client);
    if (set?.size === 0) this.#live.delete(client.accountId);
    if (this.clients === 0) {
      // Idle: the next client starts from the log's end as it is then, not from a position long past.
      this.#cursor = undefined;
      clearTimeout(this.#timer);
      this.#timer = undefined;
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
  }

  #startHeartbeat() {
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => {
      const ping = sseComment("ping");
      for (const client of this.#everyClient()) client.channel.send(ping);
    }, this.#heartbeatMs);
    this.#heartbeat.unref();
  }

  /** Reads at once (a read under way is followed by another). */
  #wake() {
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#running = this.#read().finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        this.#wake();
      } else this.#schedule();
    });
  }

  #schedule() {
    if (this.#closed || this.clients === 0 || this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#wake();
    }, this.#pollMs);
    this.#timer.unref();
  }

  async #read(): Promise<void> {
    if (this.#closed) return;
    if (this.clients === 0) return;
    try {
      this.#cursor ??= (await streamBounds(this.#db)).last;
      await this.#readLive();
      await this.#sendBacklogs(this.#cursor);
      if (this.#failing) {
        this.#failing = false;
        this.#logger.info("live stream: the event log is readable again");
      }
    } catch (error) {
      // Clients stay connected (heartbeats go on) and get what they missed once the log can be read again.
      if (!this.#failing) {
        this.#failing = true;
        this.#logger.warn("live stream: the event log cannot be read", {
          ...logSafeError(error),
        });
      }
    }
  }

  /** New events of the accounts with live clients, page after page, up to the log's end. */
  async #readLive() {
    for (;;) {
      const accounts = [...this.#live.keys()];
      if (accounts.length === 0) return;
      const polled = await pollStream(this.#db, accounts, this.#cursor!, PAGE);
      for (const row of polled.rows) {
        const frame = sseFrame({ id: row.seq, event: row.event, data: streamEventData(row) });
        for (const client of this.#live.get(row.accountId) ?? []) {
          if (row.seq <= client.sent) continue;
          client.channel.send(frame);
          client.sent = row.seq;
        }
      }
      this.#cursor = polled.readTo;
      if (polled.rows.length < PAGE) return;
    }
  }

  /** Each joining client's events after its position up to `until`, which is where its live events begin. */
  async #sendBacklogs(until: number) {
    // One by one: a read that fails leaves the rest joining, each at the position it reached.
    for (const client of [...this.#joining]) {
      while (!client.channel.closed) {
        const rows = await accountStreamAfter(this.#db, client.accountId, client.sent, until, PAGE);
        for (const row of rows) {
          client.channel.send(sseFrame({ id: row.seq, event: row.event, data: streamEventData(row) }));
          client.sent = row.seq;
        }
        if (rows.length < PAGE) break;
      }
      this.#joining = this.#joining.filter((c) => c !== client);
      if (client.channel.closed) continue;
      client.sent = Math.max(client.sent, until);
      let set = this.#live.get(client.accountId);
      if (!set) {
        set = new Set();
        this.#live.set(client.accountId, set);
      }
      set.add(client);
    }
  }
}
