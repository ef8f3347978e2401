// One open Server-Sent Events response: the text frames of the SSE standard written to a web ReadableStream that
// the Node adapter pipes to the socket as each frame is queued. A client that stops reading is dropped once a
// bounded amount is queued for it (it reconnects and resumes from the database log), so that one stalled
// connection cannot grow the process's memory.

const encoder = new TextEncoder();

/** Bytes queued for a client that does not read before it is dropped: some thousands of events. */
export const MAX_QUEUED_BYTES = 1024 * 1024;

/** One event as the standard frames it: `id:` and `event:` lines, then `data:` (one line of JSON here). */
export function sseFrame(frame: { id?: string | number; event: string; data: unknown }): string {
  const id = frame.id === undefined ? "" : `id: ${frame.id}\n`;
  return `${id}event: ${frame.event}\ndata: ${JSON.stringify(frame.data)}\n\n`;
}

/** A comment line: clients ignore it; proxies and load balancers see traffic on an idle connection. */
export const sseComment = (text: string) => `: ${text}\n\n`;

/** How long the client waits before it reconnects, in milliseconds. */
export const sseRetry = (ms: number) => `retry: ${ms}\n\n`;

export class SseChannel {
  readonly readable: ReadableStream<Uint8Array>;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #closed = false;
  readonly #onClose: (() => void)[] = [];

  constructor(maxQueuedBytes = MAX_QUEUED_BYTES) {
    this.readable = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
        },
        // The client went away (the Node adapter cancels the body when the socket closes).
        cancel: () => this.#ended(),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: maxQueuedBytes }),
    );
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Queues text for the client; drops the client when it has not read what was queued before. */
  send(text: string): void {
    if (this.#closed) return;
    if ((this.#controller.desiredSize ?? 0) <= 0) {
      this.close();
      return;
    }
    this.#controller.enqueue(encoder.encode(text));
  }

  /** Ends the response (what is queued is still sent). */
  close(): void {
    if (this.#closed) return;
    try {
      this.#controller.close();
    } catch {
      // Already cancelled by the client.
    }
    this.#ended();
  }

  /** Runs once the channel is closed, by either side. */
  onClose(listener: () => void): void {
    if (this.#closed) listener();
    else this.#onClose.push(listener);
  }

  #ended() {
    if (this.#closed) return;
    this.#closed = true;
    for (const listener of this.#onClose.splice(0)) listener();
  }
}
