// A fake of the service's live stream for unit tests: each connection answers with a stream the test writes to,
// or the service is down, or it refuses the key; and the SSE text of the events it sends.
const encoder = new TextEncoder();

export interface Connection {
  headers: Record<string, string>;
  url: string;
  send(text: string): void;
  end(): void;
  aborted(): boolean;
}

/** A service that answers with a stream the test writes to, or is down, or refuses the key. */
export function fakeService() {
  const connections: Connection[] = [];
  const state = { answer: "stream" as "stream" | "down" | 401 | 404, attempts: 0 };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    state.attempts += 1;
    if (state.answer === "down") throw new TypeError("Failed to fetch");
    if (state.answer === 401 || state.answer === 404) {
      return new Response('{"errors":[]}', {
        status: state.answer,
        headers: { "Content-Type": "application/vnd.api+json" },
      });
    }
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const signal = init?.signal;
    signal?.addEventListener("abort", () => {
      try {
        controller.error(new DOMException("The request was aborted.", "AbortError"));
      } catch {}
    });
    connections.push({
      url: String(input),
      headers: { ...(init?.headers as Record<string, string>) },
      send: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
      aborted: () => signal?.aborted ?? false,
    });
    return new Response(body, { headers: { "Content-Type": "text/event-stream; charset=utf-8" } });
  };
  return { connections, state, fetch: fetch as typeof globalThis.fetch };
}

/** An account event about container `containerId` of shipment "s-1", with its log position `id`. */
export const accountEvent = (id: string, name: string, containerId = "c-1") =>
  `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify({
    id: `uuid-${id}`,
    event: name,
    created_at: "2026-11-23T17:00:00Z",
    reference: { type: "container", id: containerId },
    shipment_id: "s-1",
    container_id: containerId,
    tracking_request_id: null,
    changes: null,
  })}\n\n`;
export const readyEvent = (resumed: boolean, last: string | null) =>
  `event: stream.ready\ndata: ${JSON.stringify({ resumed, last_event_id: last })}\n\n`;
