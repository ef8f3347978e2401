// The dashboard's connection to the live stream (`GET /v2/stream`, see src/api/stream.ts): one per signed-in tab,
// resumed from the last event id it saw, reconnected after a growing wait when it drops, and stopped for good by a
// 401 (the session or key is no longer accepted; asking again would not change that).
//
// A person's tab uses the browser's own EventSource, which sends the session cookie (same origin) and resumes with
// `?last_event_id=`. A tab signed in with an API key (the advanced mode, another /v2 server) must send
// `Authorization: Token`, which EventSource cannot: it reads the stream with fetch (event-stream.ts).
//
// Reconnecting and tab visibility are handled here, not by EventSource: its own retry ignores backoff. A tab in the
// background holds no connection (on HTTP/1.1 a browser opens at most six to one server, and six dashboard tabs each
// holding a stream would stall every other request) and does not retry while the service is down. It closes after
// a short grace, so glancing at another tab costs nothing, and when the tab is shown again it resumes from the last
// id, losing nothing.
import {
  STREAM_PATH,
  STREAM_READY_EVENT,
  type StreamEvent,
  type StreamReady,
  streamEventSchema,
  streamReadySchema,
  VESSEL_POSITIONS_EVENT,
} from "../../api/stream";
import { isWebhookEvent, WEBHOOK_EVENTS } from "../../api/webhook-events";
import { readEventStream } from "./event-stream";
import { retryDelayMs } from "./live-backoff";
import type { Session } from "./session";

/** Where the connection stands, for the header's indicator. */
export type LiveStatus =
  | { state: "connecting" }
  | { state: "live" }
  /** Down; the next attempt starts at `retryAt` (epoch milliseconds), or is under way when that has passed. */
  | { state: "offline"; retryAt: number; failures: number }
  /** The tab is in the background: no connection, on purpose. */
  | { state: "paused" }
  /** The service refused the key (401); no more attempts. */
  | { state: "rejected" }
  /** The server has no live stream (404: a /v2 server without it); no more attempts, the pages refresh as before. */
  | { state: "unsupported" }
  | { state: "closed" };

/** How long a hidden tab keeps its connection before letting it go. */
export const HIDDEN_GRACE_MS = 30_000;

export interface Visibility {
  hidden(): boolean;
  /** Calls back when the tab is shown or hidden; returns the unsubscribe. */
  subscribe(onChange: () => void): () => void;
}

/** Whether the browser has a network at all (navigator.onLine and its events). */
export interface Network {
  online(): boolean;
  subscribe(onChange: () => void): () => void;
}

const browserNetwork: Network = {
  // Only a definite "no network" counts: where the browser cannot tell, it is taken as online.
  online: () => typeof navigator === "undefined" || navigator.onLine !== false,
  subscribe(onChange) {
    window.addEventListener("online", onChange);
    window.addEventListener("offline", onChange);
    return () => {
      window.removeEventListener("online", onChange);
      window.removeEventListener("offline", onChange);
    };
  },
};

const documentVisibility: Visibility = {
  hidden: () => typeof document !== "undefined" && document.visibilityState === "hidden",
  subscribe(onChange) {
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  },
};

export interface LiveStreamOptions {
  session: Session;
  /** An account event (a webhook event name with the ids it touches). */
  onEvent(event: StreamEvent): void;
  /** `vessel_positions.updated`. */
  onVesselPositions(): void;
  /** `stream.ready`; `reconnected`: an earlier connection of this stream was open (so events may be missed). */
  onReady(ready: StreamReady, reconnected: boolean): void;
  onStatus(status: LiveStatus): void;
  fetch?: typeof fetch;
  /** The browser's EventSource; tests give a fake. */
  EventSource?: typeof EventSource;
  visibility?: Visibility;
  network?: Network;
  random?: () => number;
  now?: () => number;
}

class Rejected extends Error {}
class Unsupported extends Error {}

/** Answers that say this server has no stream at all: asking again would not change them. */
const NO_STREAM = new Set([404, 405, 501]);

/** Opens the stream; `close()` ends it (sign-out) and every retry. */
export function openLiveStream(options: LiveStreamOptions): { close(): void } {
  const visibility = options.visibility ?? documentVisibility;
  const network = options.network ?? browserNetwork;
  const now = options.now ?? Date.now;
  let lastEventId: string | null = null;
  let failures = 0;
  let everOpen = false;
  let closed = false;
  let connection: { close(): void } | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let graceTimer: ReturnType<typeof setTimeout> | null = null;
  let status: LiveStatus = { state: "connecting" };

  const setStatus = (next: LiveStatus) => {
    status = next;
    options.onStatus(next);
  };

  const disconnect = () => {
    connection?.close();
    connection = null;
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  };

  const retryLater = () => {
    failures += 1;
    const wait = retryDelayMs(failures, options.random);
    setStatus({ state: "offline", retryAt: now() + wait, failures });
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, wait);
  };

  const dispatch = (name: string, data: string) => {
    if (name === STREAM_READY_EVENT) {
      const ready = streamReadySchema.safeParse(parseJson(data));
      if (!ready.success) return;
      // The position the stream goes on from, when none was seen yet or the one sent was still known.
      if (ready.data.last_event_id !== null && (ready.data.resumed || lastEventId === null)) {
        lastEventId = ready.data.last_event_id;
      }
      failures = 0;
      options.onReady(ready.data, everOpen);
      everOpen = true;
      return;
    }
    if (name === VESSEL_POSITIONS_EVENT) return options.onVesselPositions();
    // A name this dashboard does not know yet is left alone: a newer service may send more kinds of events.
    if (!isWebhookEvent(name)) return;
    const event = streamEventSchema.safeParse(parseJson(data));
    if (event.success) options.onEvent({ ...event.data, event: name });
  };

  /** A connection ended: nothing more if it was closed on purpose, else as the answer says. */
  const ended = (current: { close(): void }, error: unknown) => {
    if (connection !== current) return;
    connection = null;
    if (closed) return;
    if (error instanceof Rejected) return setStatus({ state: "rejected" });
    if (error instanceof Unsupported) return setStatus({ state: "unsupported" });
    retryLater();
  };

  /** Why the service refused a stream: its status, read with a request of the same kind, which is then let go. */
  const refusal = async (url: string): Promise<Error> => {
    const probe = new AbortController();
    try {
      const response = await (options.fetch ?? fetch)(url, {
        credentials: "same-origin",
        headers: { accept: "text/event-stream" },
        signal: probe.signal,
      });
      if (response.status === 401) return new Rejected();
      if (NO_STREAM.has(response.status)) return new Unsupported();
      return new Error(`The stream answered ${response.status}`);
    } catch (error) {
      return error instanceof Error ? error : new Error("The stream could not be reached.");
    } finally {
      probe.abort();
    }
  };

  function connectWithEventSource(baseUrl: string) {
    const Source = options.EventSource ?? EventSource;
    const resume = lastEventId === null ? "" : `?last_event_id=${encodeURIComponent(lastEventId)}`;
    const url = `${baseUrl}${STREAM_PATH}`;
    const source = new Source(`${url}${resume}`);
    const current = { close: () => source.close() };
    connection = current;
    const onMessage = (event: Event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) lastEventId = message.lastEventId;
      dispatch(message.type, message.data);
    };
    // EventSource hands a named event only to listeners of that name.
    for (const name of [STREAM_READY_EVENT, VESSEL_POSITIONS_EVENT, ...WEBHOOK_EVENTS])
      source.addEventListener(name, onMessage);
    source.onopen = () => setStatus({ state: "live" });
    source.onerror = () => {
      // The browser would reconnect by itself (or, refused, give up): this module decides, with its backoff.
      const refused = source.readyState === Source.CLOSED;
      source.close();
      if (connection !== current) return;
      if (!refused) return ended(current, new Error("The stream dropped."));
      void refusal(url).then((error) => ended(current, error));
    };
  }

  function connectWithFetch(session: Extract<Session, { kind: "key" }>) {
    const controller = new AbortController();
    const current = { close: () => controller.abort() };
    connection = current;
    const headers: Record<string, string> = {
      authorization: `Token ${session.apiKey}`,
      accept: "text/event-stream",
    };
    if (lastEventId !== null) headers["last-event-id"] = lastEventId;
    const run = async () => {
      const response = await (options.fetch ?? fetch)(`${session.baseUrl}${STREAM_PATH}`, {
        headers,
        credentials: "omit",
        signal: controller.signal,
      });
      if (response.status === 401) throw new Rejected();
      if (NO_STREAM.has(response.status)) throw new Unsupported();
      const type = response.headers.get("Content-Type") ?? "";
      if (!response.ok || !type.startsWith("text/event-stream") || !response.body) {
        throw new Error(`The stream answered ${response.status} ${type}`);
      }
      setStatus({ state: "live" });
      await readEventStream(response.body, (message) => {
        if (message.id) lastEventId = message.id;
        dispatch(message.event, message.data);
      });
      // The service ended the response (a restart, a proxy's timeout): that is a drop like any other.
      throw new Error("The stream was closed by the service.");
    };
    run().catch((error: unknown) => {
      if (controller.signal.aborted) {
        if (connection === current) connection = null;
        return;
      }
      ended(current, error);
    });
  }

  function connect() {
    if (closed || connection !== null) return;
    if (visibility.hidden()) return setStatus({ state: "paused" });
    if (status.state !== "offline") setStatus({ state: "connecting" });
    const { session } = options;
    if (session.kind === "key") connectWithFetch(session);
    else connectWithEventSource(session.baseUrl);
  }

  const onVisibility = () => {
    if (closed) return;
    if (!visibility.hidden()) {
      if (graceTimer !== null) clearTimeout(graceTimer);
      graceTimer = null;
      // Back in view: reconnect now rather than at the end of a wait that was meant for a visible tab.
      if (connection === null && status.state !== "rejected" && status.state !== "unsupported") {
        if (retryTimer !== null) clearTimeout(retryTimer);
        retryTimer = null;
        connect();
      }
      return;
    }
    if (graceTimer === null) {
      graceTimer = setTimeout(() => {
        graceTimer = null;
        if (!visibility.hidden() || status.state === "rejected" || status.state === "unsupported") return;
        disconnect();
        setStatus({ state: "paused" });
      }, HIDDEN_GRACE_MS);
    }
  };
  // The browser knows it lost the network before a dead connection would show it: say so now, and when the network
  // is back, reconnect at once rather than at the end of a wait.
  const onNetwork = () => {
    if (closed || status.state === "rejected" || status.state === "unsupported") return;
    if (!network.online()) {
      if (status.state === "offline") return;
      disconnect();
      retryLater();
    } else if (connection === null) {
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      connect();
    }
  };
  const unsubscribeVisibility = visibility.subscribe(onVisibility);
  const unsubscribeNetwork = network.subscribe(onNetwork);
  connect();

  return {
    close() {
      if (closed) return;
      closed = true;
      unsubscribeVisibility();
      unsubscribeNetwork();
      if (graceTimer !== null) clearTimeout(graceTimer);
      disconnect();
      setStatus({ state: "closed" });
    },
  };
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
