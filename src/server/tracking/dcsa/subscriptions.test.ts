// The subscription manager against a carrier played by a local node:http server: it subscribes for each reference
// tracked through a push-enabled connection (a body the DCSA yaml accepts, our callback URL, a fresh secret it
// keeps sealed), drops the subscription when the shipment stops being tracked or push is turned off or the
// connection goes, retries a refused one later, says on the connection why push is off, and answers
// pollSlowerWhen for active subscriptions only.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AccountRef } from "../../db/account-scope";
import type { Db } from "../../db/connection";
import { carrierConnections, dcsaSubscriptions, trackingRequests } from "../../db/schema";
import { createLogger } from "../../logger";
import { openSecret } from "../../secrets";
import { validateDcsaRequest } from "../../testing/dcsa-openapi";
import { insertCarrierConnection, testSecretsKey } from "../../testing/dcsa-push-fixtures";
import { type FakeCarrier, json, startFakeCarrier } from "../../testing/fake-carrier";
import { createHarness, type Harness } from "../../testing/service-harness";
import { HttpDcsaClient } from "./client";
import type { DcsaConnection } from "./connection";
import { DcsaSubscriptionManager, pushOffNote } from "./subscriptions";

const CALLBACK_BASE = "https://boxtrack.example";
const MINUTE = 60_000;

interface Carrier {
  url: string;
  fake: FakeCarrier;
  /** What the carrier was sent, each with what the DCSA yaml finds wrong with it (nothing, when it is right). */
  received: { method: string; path: string; body: unknown; problems: string[] }[];
  /** Answer subscriptions with this status instead of 201. */
  refuseWith: number | null;
  close(): Promise<void>;
}

/** A carrier's subscriptions endpoint under `/tnt` (a base URL with a path, as carriers' are). */
async function startCarrier(): Promise<Carrier> {
  let next = 0;
  const carrier: Carrier = {
    url: "",
    fake: undefined as unknown as FakeCarrier,
    received: [],
    refuseWith: null,
    close: () => carrier.fake.close(),
  };
  carrier.fake = await startFakeCarrier((request, response) => {
    const path = request.path.replace(/^\/tnt/, "");
    const problems = validateDcsaRequest({
      method: request.method,
      path,
      query: request.query,
      headers: request.headers,
      body: request.body,
    });
    carrier.received.push({ method: request.method, path, body: request.body, problems });
    if (request.method === "POST" && path === "/v2/event-subscriptions") {
      if (carrier.refuseWith) return json(response, carrier.refuseWith, {});
      next++;
      const { secret: _secret, ...filters } = request.body as Record<string, unknown>;
      return json(response, 201, {
        subscriptionID: `8fbdc2d8-57c8-48b9-a04b-${String(next).padStart(12, "0")}`,
        ...filters,
      });
    }
    if (request.method === "DELETE" && path.startsWith("/v2/event-subscriptions/")) {
      response.writeHead(204).end();
      return;
    }
    json(response, 404, {});
  });
  carrier.url = `${carrier.fake.origin}/tnt`;
  return carrier;
}

// ---- The tests ----

describe("the DCSA subscription manager", () => {
  let h: Harness;
  let carrier: Carrier;
  let key: Buffer;

  beforeEach(async () => {
    h = await createHarness();
    carrier = await startCarrier();
    key = testSecretsKey();
  });
  afterEach(async () => {
    await carrier.close();
    await h.close();
  });

  /** The store's view of a connection row (auth none: nothing to open). */
  const connections = {
    byId: async ({ accountId, id }: AccountRef): Promise<DcsaConnection | null> => {
      const [row] = await h.db
        .select()
        .from(carrierConnections)
        .where(and(eq(carrierConnections.accountId, accountId), eq(carrierConnections.id, id)));
      return row
        ? {
            id: row.id,
            accountId: row.accountId,
            scac: row.scac,
            baseUrl: row.baseUrl,
            auth: { type: "none" },
            internal: row.internal,
            pushEnabled: row.pushEnabled,
          }
        : null;
    },
  };

  const manager = (o: { callbackBaseUrl?: string | null; secretsKey?: Buffer | null } = {}) =>
    new DcsaSubscriptionManager({
      db: h.db,
      clock: h.clock,
      logger: createLogger("silent"),
      client: new HttpDcsaClient({ timeoutMs: 5_000 }),
      connections,
      secretsKey: o.secretsKey === null ? undefined : (o.secretsKey ?? key),
      callbackBaseUrl: o.callbackBaseUrl === null ? undefined : (o.callbackBaseUrl ?? CALLBACK_BASE),
    });

  async function track(
    db: Db,
    accountId: string,
    number: string,
    scac = "MAEU",
    requestType = "bill_of_lading",
  ) {
    const [row] = await db
      .insert(trackingRequests)
      .values({
        accountId,
        requestType,
        requestNumber: number,
        normalizedNumber: number,
        scac,
        nextAttemptAt: h.clock.now(),
      })
      .returning();
    return row!;
  }

  const rows = () => h.db.select().from(dcsaSubscriptions);

  it("subscribes at the carrier for a tracked reference, with a body the yaml accepts, our callback URL and a sealed secret", async () => {
    const { account } = await h.newAccount();
    const connection = await insertCarrierConnection(h.db, account.id, { baseUrl: carrier.url });
    await track(h.db, account.id, "MAEU123456789");
    await track(h.db, account.id, "MSKU1234565", "MAEU", "container");

    // The referee refuses what the standard does not allow (so that its silence below means something).
    expect(
      validateDcsaRequest({ method: "POST", path: "/v2/event-subscriptions", body: { secret: 5 } }),
    ).not.toEqual([]);
    expect(await manager().runOnce()).toEqual({ created: 2, failed: 0, removed: 0 });
    const subs = await rows();
    expect(subs).toHaveLength(2);
    const posts = carrier.received.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    for (const post of posts) expect(post.problems).toEqual([]);
    for (const sub of subs) {
      expect(sub.status).toBe("active");
      expect(sub.connectionId).toBe(connection.id);
      const post = posts.find(
        (p) =>
          (p.body as { callbackUrl: string }).callbackUrl === `${CALLBACK_BASE}/dcsa/notifications/${sub.id}`,
      );
      expect(post, "the carrier got this row's callback URL").toBeDefined();
      const sent = post!.body as Record<string, string>;
      // The secret the carrier signs with is the one we keep, sealed: never stored in the clear.
      expect(openSecret(sub.secretSealed, key).toString("base64")).toBe(sent.secret);
      expect(Buffer.from(sent.secret!, "base64")).toHaveLength(32);
      expect(sub.secretSealed).not.toContain(sent.secret);
      expect(sub.carrierSubscriptionId).toMatch(/^8fbdc2d8-/);
    }
    const bl = posts.find(
      (p) => (p.body as Record<string, string>).transportDocumentReference === "MAEU123456789",
    );
    const box = posts.find((p) => (p.body as Record<string, string>).equipmentReference === "MSKU1234565");
    expect(bl && box).toBeTruthy();
    // Secrets differ per subscription.
    expect(new Set(posts.map((p) => (p.body as Record<string, string>).secret)).size).toBe(2);

    // Polling slows for what is covered, not for anything else.
    const m = manager();
    expect(
      await m.pollSlowerWhen(connection, { requestType: "bill_of_lading", number: "MAEU123456789" }),
    ).toBe(true);
    expect(await m.pollSlowerWhen(connection, { requestType: "container", reference: "msku-1234565" })).toBe(
      true,
    );
    expect(await m.pollSlowerWhen(connection, { requestType: "bill_of_lading", number: "MAEU999" })).toBe(
      false,
    );

    // A second pass has nothing to do.
    expect(await manager().runOnce()).toEqual({ created: 0, failed: 0, removed: 0 });
    expect(carrier.received).toHaveLength(2);
  });

  it("subscribes only through push-enabled connections, for their own account and line", async () => {
    const a = await h.newAccount("A");
    const b = await h.newAccount("B");
    await insertCarrierConnection(h.db, a.account.id, { baseUrl: carrier.url, pushEnabled: false });
    await insertCarrierConnection(h.db, b.account.id, { baseUrl: carrier.url, scac: "MSCU" });
    await track(h.db, a.account.id, "MAEU1111");
    await track(h.db, b.account.id, "MAEU2222"); // B's connection is for MSCU, not MAEU
    await track(h.db, b.account.id, "MSCU3333", "MSCU");
    expect(await manager().runOnce()).toMatchObject({ created: 1 });
    const [only] = await rows();
    expect(only).toMatchObject({ accountId: b.account.id, reference: "MSCU3333" });
  });

  it("drops the subscription at the carrier when the shipment stops being tracked", async () => {
    const { account } = await h.newAccount();
    const connection = await insertCarrierConnection(h.db, account.id, { baseUrl: carrier.url });
    const request = await track(h.db, account.id, "MAEU123456789");
    await manager().runOnce();
    const [sub] = await rows();

    await h.db
      .update(trackingRequests)
      .set({ status: "tracking_stopped", nextAttemptAt: null })
      .where(eq(trackingRequests.id, request.id));
    expect(await manager().runOnce()).toEqual({ created: 0, failed: 0, removed: 1 });
    const deletes = carrier.received.filter((r) => r.method === "DELETE");
    expect(deletes.map((d) => d.path)).toEqual([`/v2/event-subscriptions/${sub!.carrierSubscriptionId}`]);
    expect(deletes[0]!.problems).toEqual([]);
    expect(await rows()).toEqual([]);
    expect(
      await manager().pollSlowerWhen(connection, { requestType: "bill_of_lading", number: "MAEU123456789" }),
    ).toBe(false);
  });

  it("drops every subscription of a connection whose push is turned off", async () => {
    const { account } = await h.newAccount();
    const connection = await insertCarrierConnection(h.db, account.id, { baseUrl: carrier.url });
    await track(h.db, account.id, "MAEU1");
    await track(h.db, account.id, "MAEU2");
    await manager().runOnce();
    await h.db
      .update(carrierConnections)
      .set({ pushEnabled: false })
      .where(eq(carrierConnections.id, connection.id));
    expect(await manager().runOnce()).toMatchObject({ removed: 2, created: 0 });
    expect(carrier.received.filter((r) => r.method === "DELETE")).toHaveLength(2);
    expect(await rows()).toEqual([]);
  });

  it("drops them at the carrier before the connection is deleted", async () => {
    const { account } = await h.newAccount();
    const connection = await insertCarrierConnection(h.db, account.id, { baseUrl: carrier.url });
    await track(h.db, account.id, "MAEU1");
    await manager().runOnce();
    const [sub] = await rows();
    await manager().forgetConnection((await connections.byId({ accountId: account.id, id: connection.id }))!);
    expect(carrier.received.filter((r) => r.method === "DELETE").map((d) => d.path)).toEqual([
      `/v2/event-subscriptions/${sub!.carrierSubscriptionId}`,
    ]);
    expect(await rows()).toEqual([]);
  });

  it("records a refused subscription as failed, and asks again after a while", async () => {
    const { account } = await h.newAccount();
    const connection = await insertCarrierConnection(h.db, account.id, { baseUrl: carrier.url });
    await track(h.db, account.id, "MAEU1");
    carrier.refuseWith = 401;
    expect(await manager().runOnce()).toEqual({ created: 0, failed: 1, removed: 0 });
    const [failedRow] = await rows();
    expect(failedRow).toMatchObject({ status: "failed", carrierSubscriptionId: null });
    expect(failedRow!.statusDetail).toMatch(/401/);
    expect(
      await manager().pollSlowerWhen(connection, { requestType: "bill_of_lading", number: "MAEU1" }),
    ).toBe(false);

    carrier.refuseWith = null;
    // Not at once: the carrier is not asked again on every pass.
    expect(await manager().runOnce()).toEqual({ created: 0, failed: 0, removed: 0 });
    h.clock.advance(31 * MINUTE);
    expect(await manager().runOnce()).toEqual({ created: 1, failed: 0, removed: 0 });
    const [active] = await rows();
    expect(active).toMatchObject({ id: failedRow!.id, status: "active", statusDetail: null });
  });

  it("without a public address or a key, makes none and says so on the connection", async () => {
    const { account } = await h.newAccount();
    const connection = await insertCarrierConnection(h.db, account.id, { baseUrl: carrier.url });
    const quiet = await insertCarrierConnection(h.db, account.id, {
      baseUrl: carrier.url,
      scac: "MSCU",
      pushEnabled: false,
    });
    await track(h.db, account.id, "MAEU1");
    for (const [o, note] of [
      [{ callbackBaseUrl: null }, pushOffNote(undefined, key)],
      [{ secretsKey: null }, pushOffNote(CALLBACK_BASE, undefined)],
    ] as const) {
      await h.db
        .update(carrierConnections)
        .set({ statusDetail: "Connected: the carrier answered 200" })
        .where(eq(carrierConnections.id, connection.id));
      expect(await manager(o).runOnce()).toEqual({ created: 0, failed: 0, removed: 0 });
      // Said once, after what the last call showed, however many passes run.
      await manager(o).runOnce();
      const [row] = await h.db
        .select()
        .from(carrierConnections)
        .where(eq(carrierConnections.id, connection.id));
      expect(row!.statusDetail).toBe(`Connected: the carrier answered 200 ${note}`);
      const [other] = await h.db.select().from(carrierConnections).where(eq(carrierConnections.id, quiet.id));
      expect(other!.statusDetail).toBeNull();
    }
    expect(carrier.received).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it("creates one subscription when two managers (two service processes) run at once", async () => {
    const { account } = await h.newAccount();
    await insertCarrierConnection(h.db, account.id, { baseUrl: carrier.url });
    await track(h.db, account.id, "MAEU1");
    const passes = await Promise.all([manager().runOnce(), manager().runOnce()]);
    expect(passes.reduce((n, p) => n + p.created, 0)).toBe(1);
    expect(await rows()).toHaveLength(1);
    expect(carrier.received.filter((r) => r.method === "POST")).toHaveLength(1);
  });
});
