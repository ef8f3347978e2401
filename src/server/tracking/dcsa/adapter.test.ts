// The routing adapter over accounts' DCSA connections, with an in-memory store and a scripted client: who answers
// which account, what each kind of carrier trouble becomes, and one failing connection never holding up another.
import { beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock";
import { createLogger } from "../../logger";
import {
  MemoryConnectionStore,
  ScriptedDcsaClient,
  testConnection,
} from "../../testing/dcsa-adapter-doubles";
import {
  BL,
  BOX_A,
  CALLS,
  day,
  directJourney,
  transport,
  transshipmentJourney,
} from "../../testing/dcsa-journey-fixtures";
import type { CarrierAdapter, CarrierLookup, CarrierQuery } from "../carrier-adapter";
import { ConnectionRoutingAdapter, createCarrierAdapters, slowerCheck } from "./adapter";
import { ConnectionBackoff } from "./connection-backoff";

const MINUTE = 60_000;

/** The sandbox's place: answers every SCAC but one, and counts what it was asked. */
class FallbackDouble implements CarrierAdapter {
  readonly name = "fallback";
  readonly asked: CarrierQuery[] = [];
  supports(scac: string) {
    return scac !== "NONE";
  }
  async lookup(query: CarrierQuery): Promise<CarrierLookup> {
    this.asked.push(query);
    return { outcome: "failed", reason: "not_found", retryable: false, message: "sandbox" };
  }
}

const mine = testConnection({ id: "conn-mine", accountId: "acct-mine", scac: "MAEU" });
const other = testConnection({ id: "conn-other", accountId: "acct-other", scac: "MAEU" });
const query = (accountId: string, overrides: Partial<CarrierQuery> = {}): CarrierQuery => ({
  requestType: "bill_of_lading",
  number: BL,
  scac: "MAEU",
  requestedAt: day(0),
  accountId,
  ...overrides,
});

describe("ConnectionRoutingAdapter", () => {
  let store: MemoryConnectionStore;
  let client: ScriptedDcsaClient;
  let fallback: FallbackDouble;
  let clock: ManualClock;
  let adapter: ConnectionRoutingAdapter;
  const failed = (lookup: CarrierLookup) => {
    if (lookup.outcome !== "failed") throw new Error(`expected a failure, got ${lookup.outcome}`);
    return lookup;
  };

  beforeEach(() => {
    store = new MemoryConnectionStore(mine, other);
    client = new ScriptedDcsaClient();
    fallback = new FallbackDouble();
    clock = new ManualClock(day(40));
    adapter = new ConnectionRoutingAdapter({
      store,
      client,
      fallback,
      clock,
      logger: createLogger("silent"),
      backoff: new ConnectionBackoff({ random: () => 0.5 }),
    });
  });

  it("asks the account's connection for its SCAC, and the sandbox for everything else", async () => {
    client.answer(mine.id, { [BL]: directJourney() });
    const found = await adapter.lookup(query("acct-mine"), clock.now());
    expect(found.outcome).toBe("found");
    expect(client.calls).toEqual([
      { connectionId: mine.id, query: { requestType: "bill_of_lading", reference: BL } },
    ]);
    expect(store.lastStatus(mine.id)).toMatchObject({ status: "ok" });
    // Another account without a connection, and this account for another SCAC: the sandbox answers.
    await adapter.lookup(query("acct-none"), clock.now());
    await adapter.lookup(query("acct-mine", { scac: "MSCU" }), clock.now());
    expect(fallback.asked.map((q) => [q.accountId, q.scac])).toEqual([
      ["acct-none", "MAEU"],
      ["acct-mine", "MSCU"],
    ]);
    expect(client.calls).toHaveLength(1);
    // A SCAC nobody answers fails as the engine fails it without an adapter.
    expect(failed(await adapter.lookup(query("acct-none", { scac: "NONE" }), clock.now()))).toMatchObject({
      reason: "shipping_line_unreachable",
      retryable: false,
    });
    expect(adapter.supports("ANYS")).toBe(true);
  });

  it("writes the connection's status when it changes, else at most once a minute", async () => {
    client.answer(mine.id, { [BL]: directJourney() });
    await adapter.lookup(query("acct-mine"), clock.now());
    clock.advance(10_000);
    await adapter.lookup(query("acct-mine"), clock.now());
    expect(store.statuses.map((s) => s.status)).toEqual(["ok"]);
    client.answer(mine.id, { kind: "rate_limited", retryAfter: day(41), detail: "429" });
    await adapter.lookup(query("acct-mine"), clock.now());
    client.answer(mine.id, { [BL]: directJourney() });
    await adapter.lookup(query("acct-mine"), clock.now());
    clock.advance(60_000);
    await adapter.lookup(query("acct-mine"), clock.now());
    expect(store.statuses.map((s) => s.status)).toEqual(["ok", "rate_limited", "ok", "ok"]);
  });

  it("builds the snapshot from the carrier's events", async () => {
    client.answer(mine.id, { [BL]: directJourney() });
    const found = await adapter.lookup(query("acct-mine"), clock.now());
    if (found.outcome !== "found") throw new Error(found.outcome);
    expect(found.snapshot).toMatchObject({
      billOfLadingNumber: BL,
      portOfDischarge: { locode: "USLAX" },
      containers: [{ number: BOX_A }],
    });
  });

  it("fails the request for good when the carrier refuses the credentials, in words without the secret", async () => {
    client.answer(mine.id, {
      kind: "credentials_refused",
      httpStatus: 401,
      detail: "The carrier refused the API key (401)",
    });
    const lookup = failed(await adapter.lookup(query("acct-mine"), clock.now()));
    expect(lookup).toMatchObject({ reason: "carrier_credentials_refused", retryable: false });
    expect(lookup.message).toMatch(/refused the account's credentials \(HTTP 401\)/);
    expect(JSON.stringify(lookup)).not.toContain("s3cret-key-value");
    expect(store.lastStatus(mine.id)).toMatchObject({
      status: "credentials_refused",
      detail: "The carrier refused the API key (401)",
    });
  });

  it("answers not_found for a number the carrier does not know, the connection itself working", async () => {
    client.answer(mine.id, { [BL]: directJourney() });
    const lookup = failed(await adapter.lookup(query("acct-mine", { number: "MAEU000000000" }), clock.now()));
    expect(lookup).toMatchObject({ reason: "not_found", retryable: false });
    expect(store.lastStatus(mine.id)).toMatchObject({ status: "ok" });
  });

  it("asks again no sooner than a rate-limited carrier said", async () => {
    const retryAfter = new Date(clock.now().getTime() + 7 * MINUTE);
    client.answer(mine.id, { kind: "rate_limited", retryAfter, detail: "429, Retry-After: 420" });
    expect(failed(await adapter.lookup(query("acct-mine"), clock.now()))).toMatchObject({
      reason: "shipping_line_unreachable",
      retryable: true,
      retryAfter,
    });
    expect(store.lastStatus(mine.id)).toMatchObject({ status: "rate_limited" });
  });

  it("backs off a connection whose carrier is down without calling it, and never another connection", async () => {
    client.answer(mine.id, { kind: "unavailable", httpStatus: 503, detail: "503 Service Unavailable" });
    client.answer(other.id, { [BL]: directJourney() });
    const first = failed(await adapter.lookup(query("acct-mine"), clock.now()));
    expect(first).toMatchObject({ reason: "shipping_line_unreachable", retryable: true });
    // Half-way jitter on the first 30 s pause.
    expect(first.retryAfter!.getTime() - clock.now().getTime()).toBe(22_500);
    expect(store.lastStatus(mine.id)).toMatchObject({ status: "not_reachable" });

    // Meanwhile: answered at once with the same time, the carrier not called; the other account's connection is.
    clock.advance(10_000);
    const paused = failed(await adapter.lookup(query("acct-mine"), clock.now()));
    expect(paused.retryAfter).toEqual(first.retryAfter);
    expect(client.callsTo(mine.id)).toBe(1);
    expect((await adapter.lookup(query("acct-other"), clock.now())).outcome).toBe("found");
    expect(client.callsTo(other.id)).toBe(1);

    // After the pause it is asked again; failing again doubles the pause; a success ends it.
    clock.set(first.retryAfter!);
    const second = failed(await adapter.lookup(query("acct-mine"), clock.now()));
    expect(client.callsTo(mine.id)).toBe(2);
    expect(second.retryAfter!.getTime() - clock.now().getTime()).toBe(45_000);
    clock.set(second.retryAfter!);
    client.answer(mine.id, { [BL]: directJourney() });
    expect((await adapter.lookup(query("acct-mine"), clock.now())).outcome).toBe("found");
    client.answer(mine.id, { kind: "unavailable", httpStatus: null, detail: "timeout after 10000 ms" });
    const again = failed(await adapter.lookup(query("acct-mine"), clock.now()));
    expect(again.retryAfter!.getTime() - clock.now().getTime()).toBe(22_500);
  });

  it.each([
    ["address_refused", "shipping_line_unreachable", "address_refused"],
    ["unreadable", "unrecognized_response", "error"],
  ] as const)("retries a %s answer as %s and shows it on the connection", async (kind, reason, status) => {
    client.answer(
      mine.id,
      kind === "address_refused"
        ? { kind, detail: "127.0.0.1 is a private address" }
        : { kind, httpStatus: 200, detail: "not JSON" },
    );
    expect(failed(await adapter.lookup(query("acct-mine"), clock.now()))).toMatchObject({
      reason,
      retryable: true,
    });
    expect(store.lastStatus(mine.id)).toMatchObject({ status });
  });

  it("waits for the manifest while the carrier knows the booking but no container yet", async () => {
    client.answer(mine.id, { BKG1: [transport("DEPA", day(44), CALLS.shanghai, { classifier: "PLN" })] });
    const lookup = await adapter.lookup(
      query("acct-mine", { requestType: "booking_number", number: "BKG1" }),
      clock.now(),
    );
    expect(lookup.outcome).toBe("awaiting_manifest");
    if (lookup.outcome === "awaiting_manifest") expect(lookup.retryAfter > clock.now()).toBe(true);
  });

  it("polls more slowly while the carrier pushes this reference's events", async () => {
    const pushed: string[] = [];
    const slow = createCarrierAdapters({
      store,
      client,
      fallback,
      clock,
      logger: createLogger("silent"),
      pollSlowerWhen: async (connection, q) => {
        pushed.push(`${connection.id}/${q.number}`);
        return connection.id === mine.id;
      },
    })[0]!;
    client.answer(mine.id, { [BL]: transshipmentJourney() });
    client.answer(other.id, { [BL]: transshipmentJourney() });
    const now = day(30.02);
    const polled = await slow.lookup(query("acct-other"), now);
    const pushedLookup = await slow.lookup(query("acct-mine"), now);
    if (polled.outcome !== "found" || pushedLookup.outcome !== "found") throw new Error("not found");
    expect(pushed).toEqual([`${other.id}/${BL}`, `${mine.id}/${BL}`]);
    // Due soon (15 min) when polled only; four times as far apart when pushed.
    expect(polled.snapshot.nextCheckAt.getTime() - now.getTime()).toBe(15 * MINUTE);
    expect(pushedLookup.snapshot.nextCheckAt.getTime() - now.getTime()).toBe(60 * MINUTE);
  });
});

describe("slowerCheck", () => {
  it("stretches the interval four times, to at most 6 hours, and never shortens it", () => {
    const now = day(0);
    const at = (minutes: number) => ({ nextCheckAt: new Date(now.getTime() + minutes * MINUTE) });
    const slower = (minutes: number) =>
      (slowerCheck(at(minutes) as never, now).getTime() - now.getTime()) / MINUTE;
    expect(slower(15)).toBe(60);
    expect(slower(120)).toBe(360);
    expect(slower(360)).toBe(360);
    expect(slower(24 * 60)).toBe(24 * 60);
  });
});
