// Kept-alive connections for outbound posts (webhook deliveries, alerts' chat messages): a burst of notifications
// to one receiver goes over a few open connections instead of a TCP (and TLS) handshake each. One pool per scheme,
// host name, port and the address the guard checked for this very post: every post still resolves the name and
// has the guard check the address (guarded-post.ts), and a connection is only reused for that same checked address,
// so a name that now resolves elsewhere gets a new connection to the newly checked address, never the old one.
import http from "node:http";
import https from "node:https";

/** A free connection closes after this long unused (receivers commonly close theirs after 5 to 60 s). */
const IDLE_MS = 4_000;
/** Pools kept: the least recently used is closed past this many (one per receiver address). */
const MAX_POOLS = 256;

export class KeptConnections {
  readonly #pools = new Map<string, http.Agent>();

  /**
   * `maxSockets`: the most connections open at once to one receiver address, at least the delivery worker's
   * concurrency so that no post waits for a connection while its deadline runs; `maxFree`: the most kept idle.
   */
  constructor(
    private readonly maxSockets: number,
    private readonly maxFree: number,
  ) {}

  /** The pool of connections to `url`'s host at the checked `address`. */
  agentFor(url: URL, address: string): http.Agent {
    const key = `${url.protocol}//${url.hostname}:${url.port}@${address}`;
    const kept = this.#pools.get(key);
    if (kept) {
      // Most recently used last, so that the first is the one to close.
      this.#pools.delete(key);
      this.#pools.set(key, kept);
      return kept;
    }
    const options: http.AgentOptions = {
      keepAlive: true,
      maxSockets: this.maxSockets,
      maxFreeSockets: this.maxFree,
      // The idle timeout of free connections (an active one is bounded by the post's own deadline).
      timeout: IDLE_MS,
      scheduling: "lifo",
    };
    const agent = url.protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    this.#pools.set(key, agent);
    if (this.#pools.size > MAX_POOLS) {
      const [oldestKey, oldest] = this.#pools.entries().next().value!;
      this.#pools.delete(oldestKey);
      oldest.destroy();
    }
    return agent;
  }

  /** Connections open now, free or busy (for tests and diagnostics). */
  get openConnections(): number {
    let n = 0;
    for (const agent of this.#pools.values()) {
      for (const list of [agent.sockets, agent.freeSockets])
        for (const sockets of Object.values(list)) n += sockets?.length ?? 0;
    }
    return n;
  }

  /** Closes every connection (a stop). Free connections never hold the process open meanwhile: Node unrefs them. */
  closeAll(): void {
    for (const agent of this.#pools.values()) agent.destroy();
    this.#pools.clear();
  }
}
