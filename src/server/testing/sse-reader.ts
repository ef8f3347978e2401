// A Server-Sent Events client for tests and benchmarks: a real HTTP request (fetch) to a listening server, its
// body parsed into events as the standard frames them, and waits for events rather than for time.

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
  /** When the event was parsed (performance.now()), for latency measurements. */
  at: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every event received so far, in order (comments left out). */
  events: SseEvent[];
  /** Comment lines received so far. */
  comments: string[];
  /** The `retry:` value received, if any. */
  retry: number | undefined;
  /** Resolves once `count` events that pass `filter` have arrived (rejects if the stream ends first). */
  waitFor(count: number, filter?: (event: SseEvent) => boolean): Promise<SseEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The body when the answer is not a stream (an error document). */
  text: string | undefined;
  close(): void;
}

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
  init: { signal?: AbortSignal } = {},
): Promise<SseStream> {
  const abort = new AbortController();
  init.signal?.addEventListener("abort", () => abort.abort());
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  let retry: number | undefined;
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const isStream = response.headers.get("content-type")?.startsWith("text/event-stream") ?? false;
  const text = isStream ? undefined : await response.text();

  const ended = (async () => {
    if (!isStream || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | undefined;
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("id: ")) id = line.slice(4);
            else if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
            else if (line.startsWith("retry: ")) retry = Number(line.slice(7));
          }
          if (data.length > 0) events.push({ id, event, data: data.join("\n"), at: performance.now() });
        }
        notify();
      }
    } catch {
      // Aborted by close().
    } finally {
      done = true;
      notify();
    }
  })();

  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    get retry() {
      return retry;
    },
    text,
    ended,
    waitFor(count, filter = () => true) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const matching = events.filter(filter);
          if (matching.length >= count) {
            waiters.delete(check);
            resolve(matching.slice(0, count));
          } else if (done) {
            waiters.delete(check);
            reject(new Error(`the stream ended after ${matching.length} of ${count} events`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
