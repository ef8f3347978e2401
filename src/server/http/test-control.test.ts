// Tests of the end-to-end tests' control routes: absent unless configured, loopback clients only, and an account
// made there holds the sandbox shipments it asked for, settled, and nothing of any other account, and the people
// it asked for, who sign in with the passwords it answers.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isWebhookEvent } from "../../api/webhook-events";
import { addAlertPeople } from "../bench/alert-people";
import { accountEvents, alerts } from "../db/schema";
import type { Service } from "../service";
import { asPerson, signIn } from "../testing/people-fixtures";
import { createHarness, type Harness, TEST_NOW } from "../testing/service-harness";
import type { App } from "./env";

let h: Harness;
let app: App;
let service: Service;

beforeAll(async () => {
  h = await createHarness();
  // Paused, as in the e2e server: only an account that test control moves on sees its world change.
  service = await h.anotherService({ testControl: true, sandboxPaused: true });
  app = service.app;
});
afterAll(() => h.close());

/** Serves the app on 127.0.0.1 for one call, as the e2e server does. */
async function overLoopback<T>(call: (base: string) => Promise<T>): Promise<T> {
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await call(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("test control", () => {
  it("is not there unless the service is started with it", async () => {
    const response = await h.request(null, "/__test__/accounts", { method: "POST", json: {} });
    expect(response.status).toBe(404);
  });

  it("refuses a request that did not come from a loopback client", async () => {
    const response = await app.request("http://localhost/__test__/accounts", { method: "POST" });
    expect(response.status).toBe(403);
    expect((await response.json()).errors[0].detail).toMatch(/loopback/);
  });

  it("makes an account of its own with the sandbox shipments asked for, every request settled", async () => {
    const other = await h.newAccount();
    const made = await overLoopback(async (base) => {
      const response = await fetch(`${base}/__test__/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ company_name: "E2E Co", shipments: 4 }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; api_key: string };
    });
    const requests = await (await h.request(made.api_key, "/v2/tracking_requests")).json();
    expect(requests.meta.total).toBe(4);
    for (const r of requests.data) expect(r.attributes.status).not.toBe("pending");
    const shipments = await (await h.request(made.api_key, "/v2/shipments")).json();
    expect(shipments.meta.total).toBe(4);
    const theirs = await (await h.request(other.apiKey, "/v2/shipments")).json();
    expect(theirs.meta.total).toBe(0);
  });

  it("makes the account's people when asked, each signing in with the password it answers, in their role", async () => {
    const made = await overLoopback(async (base) => {
      const response = await fetch(`${base}/__test__/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          company_name: "E2E People Co",
          people: [
            { email: "olga@people-e2e.example", role: "owner", name: "Olga Owner" },
            { email: "vic@people-e2e.example", role: "viewer" },
          ],
        }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; people: { email: string; password: string }[] };
    });
    expect(made.people.map((p) => p.email)).toEqual(["olga@people-e2e.example", "vic@people-e2e.example"]);
    for (const [person, role] of [
      [made.people[0]!, "owner"],
      [made.people[1]!, "viewer"],
    ] as const) {
      const { cookie } = await signIn(h, person.email, person.password);
      expect(cookie).not.toBe("");
      const me = await (await asPerson(h, cookie, "/v2/users/me")).json();
      expect(me.data.attributes).toMatchObject({ email: person.email, role, email_verified: true });
      expect(me.included[0].id).toBe(made.id);
    }
  });

  it("says what is wrong with a bad body", async () => {
    const { status, body } = await overLoopback(async (base) => {
      const response = await fetch(`${base}/__test__/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ shipments: -1 }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(status).toBe(422);
    expect(body.errors[0].detail).toMatch(/>=0|at least|too small/i);
  });

  it("adds a shipment with a box held at its terminal, its last free day at most a day away, when asked", async () => {
    const made = await overLoopback(async (base) => {
      const response = await fetch(`${base}/__test__/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ company_name: "E2E Held", held_box: true }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; api_key: string };
    });
    const containers = (await (await h.request(made.api_key, "/v2/containers")).json()).data as {
      attributes: {
        holds_at_pod_terminal: { status: string }[];
        import_deadlines: { pickup_lfd_terminal: string | null; pickup_lfd_line: string | null };
        pod_full_out_at: string | null;
      };
    }[];
    const now = h.clock.now().getTime();
    const held = containers.filter(
      (c) =>
        c.attributes.pod_full_out_at === null &&
        c.attributes.holds_at_pod_terminal.some((hold) => hold.status === "hold") &&
        Date.parse(
          c.attributes.import_deadlines.pickup_lfd_terminal ??
            c.attributes.import_deadlines.pickup_lfd_line ??
            "",
        ) <=
          now + 86_400_000,
    );
    expect(held.length).toBeGreaterThan(0);
  });

  it("adds a shipment whose ship sails well behind its line's ETA, already predicted late, when asked", async () => {
    const made = await overLoopback(async (base) => {
      const response = await fetch(`${base}/__test__/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ company_name: "E2E Late", late_at_sea: true }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; api_key: string };
    });
    const late = (await (await h.request(made.api_key, "/v2/shipments?filter[predicted_late]=24")).json())
      .data as {
      attributes: {
        pod_eta_at: string;
        pod_predicted_arrival_at: string;
        pod_predicted_arrival_reason: string;
      };
    }[];
    expect(late).toHaveLength(1);
    const a = late[0]!.attributes;
    expect(Date.parse(a.pod_predicted_arrival_at) - Date.parse(a.pod_eta_at)).toBeGreaterThan(24 * 3_600_000);
    expect(a.pod_predicted_arrival_reason).toMatch(/is sailing \d+\.\d kn with [\d,]+ nm to go/);
  });

  it("adds a shipment the line rolls to a later vessel once the account is moved on by the hours it answers", async () => {
    const { status, body } = await post("/__test__/accounts", {
      company_name: "E2E Rolled",
      rolled_soon: true,
    });
    expect(status).toBe(201);
    const made = body as { id: string; api_key: string; rolls_in_hours: number };
    expect(made.rolls_in_hours).toBeGreaterThan(0);
    const rolled = async () =>
      (await (await h.request(made.api_key, "/v2/containers?filter[voyage_exception]=rolled")).json()).data
        .length;
    expect(await rolled()).toBe(0);
    expect((await post(`/__test__/accounts/${made.id}/advance`, { hours: made.rolls_in_hours })).status).toBe(
      200,
    );
    expect(await rolled()).toBeGreaterThan(0);
  });

  it("moves one account's world on and records its real events, leaving every other account as it was", async () => {
    const make = (company_name: string) =>
      post("/__test__/accounts", { company_name, shipments: 5 }).then(async ({ status, body }) => {
        expect(status).toBe(201);
        return body as { id: string; api_key: string };
      });
    const moved = await make("E2E Moved");
    const still = await make("E2E Still");
    const stillBefore = await snapshotOf(still.api_key);
    const eventsBefore = await eventNames(moved.id);
    const stillEventsBefore = await eventNames(still.id);

    // Moving the world only records nothing: the shipments wait for their turn (or a user's "refresh now").
    const quiet = await post(`/__test__/accounts/${moved.id}/advance`, { hours: 48, refresh: false });
    expect(quiet.body).toMatchObject({ hours_ahead: 48, shipments_refreshed: 0, events: 0, alerts: 0 });
    expect(await eventNames(moved.id)).toEqual(eventsBefore);

    const { status, body } = await post(`/__test__/accounts/${moved.id}/advance`, { hours: 96 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ account_id: moved.id, hours_ahead: 144, shipments_refreshed: 5 });

    const recorded = (await eventNames(moved.id)).slice(eventsBefore.length);
    expect(body.events).toBe(recorded.length);
    // The engine's own events: movements of containers (which others come with them, a changed ETA or a terminal's
    // news, depends on where the five shipments are in their journeys on the day the test runs), all of them names
    // a webhook can subscribe to.
    expect(recorded.some((name) => name.startsWith("container.transport."))).toBe(true);
    expect(recorded.filter((name) => !isWebhookEvent(name))).toEqual([]);
    // The still account's world did not move: the same shipments, containers and events as before.
    expect(await snapshotOf(still.api_key)).toEqual(stillBefore);
    expect(await eventNames(still.id)).toEqual(stillEventsBefore);
  });

  it("answers a move of the world once what it changed has become people's alerts", async () => {
    const made = await post("/__test__/accounts", { company_name: "E2E Alerted", shipments: 5 });
    expect(made.status).toBe(201);
    const accountId: string = made.body.id;
    await addAlertPeople(
      h.db,
      accountId,
      1,
      `alerted-${randomUUID().slice(0, 8)}.example`,
      new Date(TEST_NOW),
    );
    const alertsOf = async () =>
      (await h.db.select({ n: count() }).from(alerts).where(eq(alerts.accountId, accountId)))[0]!.n;
    // Where a started service's worker stands: past everything recorded so far.
    await service.alerts.runOnce();
    const before = await alertsOf();
    // Three weeks on: vessels arrive, boxes are discharged and released, days come near.
    const moved = await post(`/__test__/accounts/${accountId}/advance`, { hours: 21 * 24 });
    expect(moved.status).toBe(200);
    expect(moved.body.events).toBeGreaterThan(0);
    // Raised before the answer, by nothing but the advance (no worker runs in this service): a pass now finds
    // nothing left to raise.
    const after = await alertsOf();
    expect(after).toBeGreaterThan(before);
    expect(moved.body.alerts).toBe(after - before);
    await service.alerts.runOnce();
    expect(await alertsOf()).toBe(after);
  });

  it("answers 404 for an account that does not exist, and 422 for hours that are not a positive number", async () => {
    expect((await post("/__test__/accounts/not-an-id/advance", { hours: 1 })).status).toBe(404);
    expect((await post(`/__test__/accounts/${randomUUID()}/advance`, { hours: 1 })).status).toBe(404);
    const account = await h.newAccount();
    const bad = await post(`/__test__/accounts/${account.account.id}/advance`, { hours: -2 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].detail).toMatch(/^hours/);
  });

  it("adds a person with a role to an account, who signs in with the password it answers", async () => {
    const { account } = await h.newAccount();
    const email = `vera.${randomUUID()}@e2e.example`;
    const made = await post(`/__test__/accounts/${account.id}/people`, {
      email,
      name: "Vera V",
      role: "viewer",
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ email, role: "viewer" });
    const { response, cookie } = await signIn(h, email, made.body.password);
    expect(response.status).toBe(200);
    const me = await (await asPerson(h, cookie, "/v2/users/me")).json();
    expect(me.data.attributes).toMatchObject({ email, role: "viewer" });
    // The same email again cannot answer a password the test could use.
    expect(
      (await post(`/__test__/accounts/${account.id}/people`, { email, name: "V", role: "member" })).status,
    ).toBe(409);
    expect(
      (await post(`/__test__/accounts/${account.id}/people`, { email: "x@e2e.example", role: "king" }))
        .status,
    ).toBe(422);
    expect(
      (
        await post(`/__test__/accounts/${randomUUID()}/people`, {
          email: "y@e2e.example",
          name: "Y",
          role: "viewer",
        })
      ).status,
    ).toBe(404);
  });
});

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely, each checking only what it is about.
async function post(path: string, json: unknown): Promise<{ status: number; body: any }> {
  return overLoopback(async (base) => {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(json),
    });
    return { status: response.status, body: await response.json() };
  });
}

/** The account's events in the order they were recorded, by name. */
async function eventNames(accountId: string): Promise<string[]> {
  const rows = await h.db
    .select({ event: accountEvents.event })
    .from(accountEvents)
    .where(eq(accountEvents.accountId, accountId))
    .orderBy(asc(accountEvents.createdAt), asc(accountEvents.id));
  return rows.map((r) => r.event);
}

/** What a client of the account reads: its shipments and containers, whole. */
async function snapshotOf(key: string) {
  const shipments = await (await h.request(key, "/v2/shipments?include=containers")).json();
  const containers = await (await h.request(key, "/v2/containers")).json();
  return { shipments: shipments.data, containers: containers.data };
}
