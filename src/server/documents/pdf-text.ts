// Reads a PDF's text off the service's event loop and out of its memory budget: in a worker thread
// (pdf-text-worker.mjs) with a capped heap, one file at a time, and a watchdog that terminates the worker when the
// file takes too long or the process's resident memory grows past a budget (a zip bomb inflates into array
// buffers, which a heap cap does not count), measured from when the thread is ready and net of what the service's
// own thread grows meanwhile. A terminated worker is replaced for the next file, so one hostile
// PDF costs its own read and nothing else. The worker is kept between files: loading PDF.js takes ~0.5 s.
import { Worker } from "node:worker_threads";
import { DOCUMENT_MAX_PAGES, type ExtractionFailure } from "../../api/document-types";
import { serverSourcePath } from "../paths";

export type PdfText =
  | { ok: true; pages: string[]; pageCount: number }
  | { ok: false; reason: ExtractionFailure; pageCount?: number };

export interface PdfTextOptions {
  /** How long one file may take. */
  timeoutMs?: number;
  /** The worker's V8 heap (old generation), in MB. */
  heapMb?: number;
  /** How much the process's resident memory may grow above its level when the file was handed over, in MB. */
  rssBudgetMb?: number;
  maxPages?: number;
}

const WORKER_FILE = serverSourcePath("documents/pdf-text-worker.mjs");
const WATCH_MS = 10;

/** What the service's own thread holds (its heap and the buffers it made): growth of it is not the file's. */
function mainThreadBytes(): number {
  const { heapTotal, external } = process.memoryUsage();
  return heapTotal + external;
}

interface ReaderThread {
  worker: Worker;
  /** Resolves when the thread has loaded PDF.js (false: it died first). */
  ready: Promise<boolean>;
}

export class PdfTextReader {
  readonly #timeoutMs: number;
  readonly #heapMb: number;
  readonly #rssBudget: number;
  readonly #maxPages: number;
  #thread: ReaderThread | undefined;
  #next = 0;
  /** One file at a time: the worker reads one, and the RSS budget is measured against one. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: PdfTextOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? 20_000;
    this.#heapMb = options.heapMb ?? 96;
    this.#rssBudget = (options.rssBudgetMb ?? 48) * 1024 * 1024;
    this.#maxPages = options.maxPages ?? DOCUMENT_MAX_PAGES;
  }

  read(bytes: Uint8Array): Promise<PdfText> {
    const run = this.#queue.then(() => this.#readOne(bytes));
    this.#queue = run.catch(() => {});
    return run;
  }

  async close(): Promise<void> {
    const thread = this.#thread;
    this.#thread = undefined;
    await thread?.worker.terminate();
  }

  #spawn(): ReaderThread {
    const worker = new Worker(WORKER_FILE, {
      resourceLimits: {
        maxOldGenerationSizeMb: this.#heapMb,
        maxYoungGenerationSizeMb: 16,
        codeRangeSizeMb: 32,
      },
      // No stdin/stdout of the service's: PDF.js warns on odd files, and those words are not ours to log.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    worker.unref();
    const ready = new Promise<boolean>((resolve) => {
      const onReady = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off("message", onReady);
        resolve(true);
      };
      worker.on("message", onReady);
      worker.once("error", () => resolve(false));
      worker.once("exit", () => resolve(false));
    });
    return { worker, ready };
  }

  #readOne(bytes: Uint8Array): Promise<PdfText> {
    if (!this.#thread) this.#thread = this.#spawn();
    const thread = this.#thread;
    const { worker } = thread;
    const id = ++this.#next;
    return new Promise<PdfText>((resolve) => {
      let settled = false;
      let watch: NodeJS.Timeout | undefined;
      const finish = (answer: PdfText, kill: boolean) => {
        if (settled) return;
        settled = true;
        clearInterval(watch);
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        if (kill) {
          if (this.#thread === thread) this.#thread = undefined;
          void worker.terminate();
        }
        resolve(answer);
      };
      const onMessage = (message: { id: number } & PdfText) => {
        if (message.id !== id) return;
        const { id: _id, ...answer } = message;
        finish(answer as PdfText, false);
      };
      // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or any crash of the thread: the file was too much to read.
      const onError = () => finish({ ok: false, reason: "too_large_to_read" }, true);
      const onExit = () => finish({ ok: false, reason: "too_large_to_read" }, true);
      const timer = setTimeout(() => finish({ ok: false, reason: "timed_out" }, true), this.#timeoutMs);
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      void thread.ready.then((ready) => {
        if (settled || !ready) return;
        // The file's cost: what the process grew by beyond what the service's own thread grew by meanwhile (a
        // busy service allocates while a file is read; a zip bomb inflates in the reader's thread, counted).
        const rss = process.memoryUsage.rss();
        const main = mainThreadBytes();
        watch = setInterval(() => {
          const grown = process.memoryUsage.rss() - rss - Math.max(0, mainThreadBytes() - main);
          if (grown > this.#rssBudget) finish({ ok: false, reason: "too_large_to_read" }, true);
        }, WATCH_MS);
        // A copy is handed over (the caller may still hold the bytes); it is the worker's to drop.
        const copy = new Uint8Array(bytes).buffer;
        worker.postMessage({ id, bytes: copy, maxPages: this.#maxPages }, [copy]);
      });
    });
  }
}
