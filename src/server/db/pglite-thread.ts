// The embedded database on a thread of its own: PGlite runs in a worker (pglite-worker.mjs) and this client sends
// it each statement, so that the thread answering HTTP requests is not the one running the database. In one thread,
// 100 documents uploaded at once left half of that thread's time to PGlite, and another account's list waited
// behind it (issue 32). The client does what Drizzle asks of a PGlite client (`query`, `exec`, `transaction`), plus
// the dump, the readiness and the close the service uses.
//
// One statement or transaction at a time, in the order given, is still the caller's rule (statement-priority.ts):
// a transaction here is its BEGIN, its statements and its COMMIT or ROLLBACK, sent in turn, and a statement sent
// from elsewhere meanwhile would run inside it.
import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { serverSourcePath } from "../paths";

interface PlainError {
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, unknown>;
}

type Reply = { id: number; result: unknown } | { id: number; error: PlainError };

/** The error the worker sent, as an Error with PostgreSQL's fields (code, detail, constraint, …) on it again. */
function errorOf(plain: PlainError): Error {
  const error = Object.assign(new Error(plain.message), plain.fields);
  error.name = plain.name;
  // The stack of the worker's side (PGlite's own frames), below the caller's: both say where it failed.
  if (plain.stack) error.stack = `${error.stack}\n    --- in the database's thread ---\n${plain.stack}`;
  return error;
}

const SENTINEL = "\u0000text kept as it is";

/**
 * The type ids whose parsers keep the text as it is: functions cannot cross to the worker, and Drizzle's parsers
 * (dates, intervals, numeric arrays) are all of that kind. Any other parser is refused rather than dropped.
 */
function rawTypesOf(parsers: QueryOptions["parsers"]): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse(SENTINEL, Number(oid)) !== SENTINEL) {
      throw new Error(`a parser of type ${oid} that changes the text cannot run on the database's thread`);
    }
    return Number(oid);
  });
}

function refuseOptions(options: QueryOptions | undefined): void {
  if (options?.serializers || options?.blob || options?.onNotice || options?.paramTypes) {
    throw new Error("serializers, blobs, notices and parameter types are not sent to the database's thread");
  }
}

export interface PgliteThreadTarget {
  dataDir?: string;
  /** A data directory dumped by PGlite, to start an in-memory database from. */
  image?: Blob;
}

export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  private stopped: Error | undefined;
  readonly waitReady: Promise<void>;

  private constructor(worker: Worker) {
    this.worker = worker;
    this.waitReady = new Promise<void>((resolve, reject) => {
      const onReady = (message: { ready?: boolean; error?: PlainError }) => {
        if (message.ready === undefined) return;
        worker.off("message", onReady);
        if (message.ready) resolve();
        else reject(errorOf(message.error!));
      };
      worker.on("message", onReady);
      worker.once("exit", () =>
        reject(this.stopped ?? new Error("the database's thread stopped while opening")),
      );
    });
    worker.on("message", (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ("error" in reply) waiting.reject(errorOf(reply.error));
      else waiting.resolve(reply.result);
    });
    // A crash of the thread (WASM out of memory, an abort) fails what waits and everything asked afterwards.
    worker.on("error", (error) => this.stop(error));
    worker.on("exit", (code) => this.stop(new Error(`the database's thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens the database in it (a data directory, or in memory from an image or empty). */
  static async open(target: PgliteThreadTarget): Promise<PgliteThread> {
    const image = target.image ? new Uint8Array(await target.image.arrayBuffer()) : undefined;
    const worker = new Worker(serverSourcePath("db/pglite-worker.mjs"), {
      workerData: { dataDir: target.dataDir, image },
      transferList: image ? [image.buffer] : [],
    });
    const thread = new PgliteThread(worker);
    try {
      await thread.waitReady;
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    // Idle, the thread does not keep the process alive; a statement under way does (see send).
    worker.unref();
    return thread;
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.stopped);
    this.pending.clear();
  }

  private send<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.ref();
      this.worker.postMessage({ id, op, ...args });
    });
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    refuseOptions(options);
    const rawTypes = rawTypesOf(options?.parsers);
    return this.send("query", { sql, params, rowMode: options?.rowMode, rawTypes });
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    refuseOptions(options);
    return this.send("exec", { sql, rowMode: options?.rowMode, rawTypes: rawTypesOf(options?.parsers) });
  }

  /** BEGIN, `work` with the transaction's statements, then COMMIT; ROLLBACK if `work` throws or calls rollback(). */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    await this.exec("begin");
    let closed = false;
    const open = () => {
      if (closed) throw new Error("the transaction is closed");
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.query<R>(sql, params, options);
      },
      exec: (sql: string, options?: QueryOptions) => {
        open();
        return this.exec(sql, options);
      },
      // As PGlite's: rolled back at once; the work goes on, and nothing is committed after it.
      rollback: async () => {
        open();
        closed = true;
        await this.exec("rollback");
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.exec("rollback");
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.exec("commit");
    }
    return result;
  }

  /** The data directory as an image, to open copies of it (`PGlite`'s `dumpDataDir`, uncompressed). */
  async dumpDataDir(): Promise<Blob> {
    const bytes = await this.send<Uint8Array<ArrayBuffer>>("dump");
    return new Blob([bytes]);
  }

  /** Closes the database (PGlite writes what it holds) and ends the thread. */
  async close(): Promise<void> {
    if (!this.stopped) await this.send("close");
    this.stop(new Error("the database's thread stopped: the database was closed"));
    await this.worker.terminate();
  }

  /** The client as Drizzle takes it: Drizzle's PGlite session calls query, exec and transaction only. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
