// Reads an AIS feed from a TCP server (an AIS receiver or aggregator serving NMEA, e.g. AIS-catcher's `-S`):
// connects, hands every chunk to the reader, and when the connection is refused, drops or goes silent, connects
// again after a backoff that doubles up to a cap and starts over once data flows. Never throws, never gives up.
import { connect, type Socket } from "node:net";
import { logSafeError } from "../../log-safe-error";
import type { Logger } from "../../logger";

export interface TcpFeedOptions {
  host: string;
  port: number;
  onText: (text: string) => void;
  /** The connection ended: an unfinished line must not be joined to the next connection's. */
  onDisconnect: () => void;
  logger: Logger;
  /** First wait before reconnecting; doubles on each failure up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Time allowed to connect; and a feed silent this long is treated as dropped (receivers send constantly). */
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
}

export class TcpFeed {
  readonly #options: Required<TcpFeedOptions>;
  #socket: Socket | null = null;
  #timer: NodeJS.Timeout | null = null;
  #backoff: number;
  #closed = false;
  /** Connections tried, and made (for logs and tests). */
  attempts = 0;
  connections = 0;

  constructor(options: TcpFeedOptions) {
    this.#options = {
      ...options,
      minBackoffMs: options.minBackoffMs ?? 1_000,
      maxBackoffMs: options.maxBackoffMs ?? 60_000,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      idleTimeoutMs: options.idleTimeoutMs ?? 5 * 60_000,
    };
    this.#backoff = this.#options.minBackoffMs;
    this.#connect();
  }

  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#socket?.destroy();
    this.#socket = null;
  }

  #connect(): void {
    if (this.#closed) return;
    const { host, port, logger, connectTimeoutMs, idleTimeoutMs } = this.#options;
    this.attempts++;
    const socket = connect({ host, port });
    this.#socket = socket;
    socket.setEncoding("latin1");
    socket.setTimeout(connectTimeoutMs);
    socket.on("connect", () => {
      this.connections++;
      socket.setTimeout(idleTimeoutMs);
      logger.info("AIS feed connected", { host, port });
    });
    socket.on("data", (text: string) => {
      this.#backoff = this.#options.minBackoffMs;
      this.#options.onText(text);
    });
    socket.on("timeout", () => socket.destroy(new Error("no data in time")));
    socket.on("error", (error) => logger.warn("AIS feed error", { host, port, ...logSafeError(error) }));
    socket.on("close", () => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#options.onDisconnect();
      this.#retry();
    });
  }

  #retry(): void {
    if (this.#closed) return;
    const wait = this.#backoff;
    this.#backoff = Math.min(this.#backoff * 2, this.#options.maxBackoffMs);
    this.#options.logger.info("AIS feed reconnecting", { waitMs: wait });
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#connect();
    }, wait);
    this.#timer.unref();
  }
}
