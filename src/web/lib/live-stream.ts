// The dashboard's connection to the live stream (`GET /v2/stream`, see src/api/stream.ts): one per signed-in tab,
// sent the session's `Authorization: Token` header (which EventSource cannot send, hence fetch-event-source),
// resumed from the last event id it saw, reconnected after a growing wait when it drops, and stopped for good by a
// 401 (the key is bad; asking again would not change that).
//
// Reconnecting and tab visibility are handled here, not by the library: its own retry ignores backoff, and its
// `openWhenHidden: false` reconnects on its own when a tab comes back, beside this module's retry timer. The
// policy is still the library's default one, for the same reason: a tab in the background holds no connection
// (on HTTP/1.1 a browser opens at most six to one server, and six dashboards tabs each holding a stream would stall
// every other request) and does not retry while the service is down. It closes after a short grace, so glancing at
// another tab costs nothing, and when the tab is shown again it resumes from the last id, losing nothing.
import { fetchEventSource } from "@microsoft/fetch-event-source";
import {
  STREAM_PATH,
  STREAM_READY_EVENT,
  type StreamEvent,
  type StreamReady,
  streamEventSchema,
  streamReadySchema,
  VESSEL_POSITIONS_EVENT,
} from "../../api/stream";
import { isWebhookEvent } from "../../api/webhook-events";
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
  let connection: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let graceTimer: ReturnType<typeof setTimeout> | null = null;
  let status: LiveStatus = { state: "connecting" };

  const setStatus = (next: LiveStatus) => {
    status = next;
    options.onStatus(next);
  };

  const disconnect = () => {
    connection?.abort();
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

  function connect() {
    if (closed || connection !== null) return;
    if (visibility.hidden()) return setStatus({ state: "paused" });
    const controller = new AbortController();
    connection = controller;
    if (status.state !== "offline") setStatus({ state: "connecting" });
    const { session } = options;
    // Lower case, as the library writes the ones it adds, so that none is sent twice.
    const headers: Record<string, string> = { accept: "text/event-stream" };
    if (session.kind === "key") headers.authorization = `Token ${session.apiKey}`;
    if (lastEventId !== null) headers["last-event-id"] = lastEventId;

    fetchEventSource(`${session.baseUrl}${STREAM_PATH}`, {
      headers,
      signal: controller.signal,
      // This module decides about hidden tabs (see the top of the file); the library must not reconnect by itself.
      openWhenHidden: true,
      fetch: options.fetch,
      async onopen(response) {
        if (response.status === 401) throw new Rejected();
        if (NO_STREAM.has(response.status)) throw new Unsupported();
        const type = response.headers.get("Content-Type") ?? "";
        if (!response.ok || !type.startsWith("text/event-stream")) {
          throw new Error(`The stream answered ${response.status} ${type}`);
        }
        setStatus({ state: "live" });
      },
      onmessage(message) {
        if (message.id) lastEventId = message.id;
        dispatch(message.event, message.data);
      },
      onclose() {
        // The service ended the response (a restart, a proxy's timeout): that is a drop like any other.
        throw new Error("The stream was closed by the service.");
      },
      onerror(error) {
        // Rethrown so that the library stops: the retry below waits as it should.
        throw error;
      },
    }).catch((error: unknown) => {
      if (connection !== controller) return;
      connection = null;
      if (closed || controller.signal.aborted) return;
      if (error instanceof Rejected) return setStatus({ state: "rejected" });
      if (error instanceof Unsupported) return setStatus({ state: "unsupported" });
      retryLater();
    });
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
