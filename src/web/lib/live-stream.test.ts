// Unit tests of the live stream's connection against a fake service that answers with a stream the test writes:
// the key is sent, events arrive parsed, a drop is resumed from the last id after a growing wait, a 401 ends it,
// a hidden tab lets its connection go and resumes when shown, and closing stops everything.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StreamEvent, StreamReady } from "../../api/stream";
import { accountEvent, fakeService, readyEvent as ready } from "../testing/fake-live-service";
import { RETRY_MAX_MS } from "./live-backoff";
import {
  HIDDEN_GRACE_MS,
  type LiveStatus,
  type Network,
  openLiveStream,
  type Visibility,
} from "./live-stream";

function fakeVisibility() {
  let hidden = false;
  let listener = () => {};
  const visibility: Visibility = {
    hidden: () => hidden,
    subscribe(onChange) {
      listener = onChange;
      return () => {
        listener = () => {};
      };
    },
  };
  return {
    visibility,
    set(next: boolean) {
      hidden = next;
      listener();
    },
  };
}

function fakeNetwork() {
  let online = true;
  let listener = () => {};
  const network: Network = {
    online: () => online,
    subscribe(onChange) {
      listener = onChange;
      return () => {
        listener = () => {};
      };
    },
  };
  return {
    network,
    set(next: boolean) {
      online = next;
      listener();
    },
  };
}

function open(
  service: ReturnType<typeof fakeService>,
  visibility = fakeVisibility().visibility,
  network = fakeNetwork().network,
) {
  const events: StreamEvent[] = [];
  const readies: [StreamReady, boolean][] = [];
  const statuses: LiveStatus[] = [];
  let positions = 0;
  const stream = openLiveStream({
    session: { kind: "key", apiKey: "key-1", baseUrl: "http://api.test" },
    onEvent: (e) => events.push(e),
    onVesselPositions: () => {
      positions += 1;
    },
    onReady: (r, reconnected) => readies.push([r, reconnected]),
    onStatus: (s) => statuses.push(s),
    fetch: service.fetch,
    visibility,
    network,
    random: () => 1,
  });
  return { stream, events, readies, statuses, positions: () => positions, last: () => statuses.at(-1) };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the live stream", () => {
  it("sends the session's key to the stream and passes on each event, parsed", async () => {
    const service = fakeService();
    const live = open(service);
    await settle();
    expect(service.connections).toHaveLength(1);
    const [connection] = service.connections;
    expect(connection?.url).toBe("http://api.test/v2/stream");
    expect(connection?.headers.authorization).toBe("Token key-1");
    expect(connection?.headers["last-event-id"]).toBeUndefined();
    expect(live.last()).toEqual({ state: "live" });

    connection?.send(ready(false, "7"));
    connection?.send(accountEvent("8", "container.updated"));
    connection?.send("event: vessel_positions.updated\ndata: {}\n\n");
    connection?.send(": ping\n\n");
    connection?.send(accountEvent("9", "container.some_future_event"));
    await settle();

    expect(live.readies).toEqual([[{ resumed: false, last_event_id: "7" }, false]]);
    expect(live.events.map((e) => [e.event, e.container_id])).toEqual([["container.updated", "c-1"]]);
    expect(live.positions()).toBe(1);
  });

  it("resumes from the last id it saw after a drop, and says it was offline meanwhile", async () => {
    const service = fakeService();
    const live = open(service);
    await settle();
    service.connections[0]?.send(ready(false, null));
    service.connections[0]?.send(accountEvent("41", "container.updated"));
    // An event without an id (vessel positions) does not reset the position to resume from.
    service.connections[0]?.send("event: vessel_positions.updated\ndata: {}\n\n");
    await settle();
    service.connections[0]?.end();
    await settle();

    const offline = live.last();
    expect(offline?.state).toBe("offline");
    expect(service.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(service.connections).toHaveLength(2);
    expect(service.connections[1]?.headers["last-event-id"]).toBe("41");
    expect(live.last()).toEqual({ state: "live" });

    service.connections[1]?.send(ready(true, "41"));
    await settle();
    expect(live.readies.at(-1)).toEqual([{ resumed: true, last_event_id: "41" }, true]);
  });

  it("takes the log's position from stream.ready when it has seen no event yet", async () => {
    const service = fakeService();
    open(service);
    await settle();
    service.connections[0]?.send(ready(false, "300"));
    await settle();
    service.connections[0]?.end();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(service.connections[1]?.headers["last-event-id"]).toBe("300");
  });

  it("waits longer after each failure in a row, up to a minute, and says when it tries next", async () => {
    const service = fakeService();
    service.state.answer = "down";
    const live = open(service);
    await settle();
    expect(service.state.attempts).toBe(1);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const status = live.last();
      if (status?.state !== "offline") throw new Error(`expected offline, got ${status?.state}`);
      const wait = status.retryAt - Date.now();
      waits.push(wait);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(service.state.attempts).toBe(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(service.state.attempts).toBe(i + 2);
    }
    expect(waits.slice(0, 4)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(Math.max(...waits)).toBe(RETRY_MAX_MS);

    service.state.answer = "stream";
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS);
    expect(live.last()).toEqual({ state: "live" });
  });

  it("stops for good when the service refuses the key", async () => {
    const service = fakeService();
    service.state.answer = 401;
    const live = open(service);
    await settle();
    expect(live.last()).toEqual({ state: "rejected" });
    await vi.advanceTimersByTimeAsync(10 * RETRY_MAX_MS);
    expect(service.state.attempts).toBe(1);
  });

  it("stops, without a word, against a /v2 server that has no stream", async () => {
    const service = fakeService();
    service.state.answer = 404;
    const live = open(service);
    await settle();
    expect(live.last()).toEqual({ state: "unsupported" });
    await vi.advanceTimersByTimeAsync(10 * RETRY_MAX_MS);
    expect(service.state.attempts).toBe(1);
  });

  it("lets the connection go when the tab stays hidden, and resumes when it is shown", async () => {
    const service = fakeService();
    const tab = fakeVisibility();
    const live = open(service, tab.visibility);
    await settle();
    service.connections[0]?.send(accountEvent("5", "container.updated"));
    await settle();

    tab.set(true);
    await vi.advanceTimersByTimeAsync(HIDDEN_GRACE_MS - 1);
    expect(service.connections[0]?.aborted()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.connections[0]?.aborted()).toBe(true);
    expect(live.last()).toEqual({ state: "paused" });
    await vi.advanceTimersByTimeAsync(10 * RETRY_MAX_MS);
    expect(service.connections).toHaveLength(1);

    tab.set(false);
    await settle();
    expect(service.connections).toHaveLength(2);
    expect(service.connections[1]?.headers["last-event-id"]).toBe("5");
    expect(live.last()).toEqual({ state: "live" });
  });

  it("does not retry while hidden when the service is down", async () => {
    const service = fakeService();
    const tab = fakeVisibility();
    service.state.answer = "down";
    tab.set(true);
    const live = open(service, tab.visibility);
    await settle();
    expect(service.state.attempts).toBe(0);
    expect(live.last()).toEqual({ state: "paused" });
  });

  it("says it is offline as soon as the browser loses the network, and resumes as soon as it is back", async () => {
    const service = fakeService();
    const net = fakeNetwork();
    const live = open(service, fakeVisibility().visibility, net.network);
    await settle();
    service.connections[0]?.send(accountEvent("12", "container.updated"));
    await settle();

    net.set(false);
    await settle();
    expect(service.connections[0]?.aborted()).toBe(true);
    expect(live.last()?.state).toBe("offline");

    net.set(true);
    await settle();
    expect(service.connections).toHaveLength(2);
    expect(service.connections[1]?.headers["last-event-id"]).toBe("12");
    expect(live.last()).toEqual({ state: "live" });
  });

  it("ends the connection and every retry when closed (sign-out)", async () => {
    const service = fakeService();
    const live = open(service);
    await settle();
    live.stream.close();
    await settle();
    expect(service.connections[0]?.aborted()).toBe(true);
    expect(live.last()).toEqual({ state: "closed" });
    await vi.advanceTimersByTimeAsync(10 * RETRY_MAX_MS);
    expect(service.state.attempts).toBe(1);
  });
});

/** A fake of the browser's EventSource: the test opens, sends named events, drops or refuses each one. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  send(name: string, data: unknown, lastEventId = "") {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data), lastEventId }));
  }
  /** A drop: the browser would reconnect by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  /** A refusal (not 200, or not an event stream): the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

describe("the live stream of a person's tab (EventSource, the session cookie)", () => {
  const openAsPerson = (service = fakeService()) => {
    FakeEventSource.made = [];
    const events: StreamEvent[] = [];
    const statuses: LiveStatus[] = [];
    const stream = openLiveStream({
      session: { kind: "person", baseUrl: "http://app.test" },
      onEvent: (e) => events.push(e),
      onVesselPositions: () => {},
      onReady: () => {},
      onStatus: (s) => statuses.push(s),
      fetch: service.fetch,
      EventSource: FakeEventSource as unknown as typeof EventSource,
      visibility: fakeVisibility().visibility,
      network: fakeNetwork().network,
      random: () => 1,
    });
    return { stream, events, last: () => statuses.at(-1), service };
  };
  const eventData = {
    id: "uuid-8",
    event: "container.updated",
    created_at: "2026-11-23T17:00:00Z",
    reference: { type: "container", id: "c-1" },
    shipment_id: "s-1",
    container_id: "c-1",
    tracking_request_id: null,
    changes: null,
  };

  it("opens the stream with the browser's EventSource, no key, and passes on named events", async () => {
    const live = openAsPerson();
    const source = FakeEventSource.made[0];
    expect(source?.url).toBe("http://app.test/v2/stream");
    source?.open();
    expect(live.last()).toEqual({ state: "live" });
    source?.send("container.updated", eventData, "8");
    source?.send("container.some_future_event", eventData, "9");
    expect(live.events.map((e) => e.event)).toEqual(["container.updated"]);
    live.stream.close();
    expect(source?.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("after a drop, waits, then resumes from the last id in the address", async () => {
    const live = openAsPerson();
    FakeEventSource.made[0]?.open();
    FakeEventSource.made[0]?.send("container.updated", eventData, "41");
    FakeEventSource.made[0]?.drop();
    expect(live.last()?.state).toBe("offline");
    expect(FakeEventSource.made[0]?.readyState).toBe(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeEventSource.made[1]?.url).toBe("http://app.test/v2/stream?last_event_id=41");
    live.stream.close();
  });

  it("stops for good when the service no longer accepts the session (401)", async () => {
    const service = fakeService();
    service.state.answer = 401;
    const live = openAsPerson(service);
    FakeEventSource.made[0]?.refuse();
    await settle();
    expect(live.last()).toEqual({ state: "rejected" });
    await vi.advanceTimersByTimeAsync(10 * RETRY_MAX_MS);
    expect(FakeEventSource.made).toHaveLength(1);
  });
});
