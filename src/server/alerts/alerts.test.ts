// Service tests of alerts: a person's rules through /v2/alert_rules (and a key's 403), the worker turning the event
// log into alerts once (again, in another process, after a restart), the daily last-free-day check by the service
// clock, the email over real SMTP (a local smtp-server) with its one-click unsubscribe, and the notifications.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOutbox } from "../db/outbox";
import { createParty } from "../db/parties";
import { findUserByEmail, removeMember } from "../db/people";
import { alertRules, alerts, containers, shipments } from "../db/schema";
import { authSecret } from "../people/auth-secret";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import {
  decodedBody,
  headersOf,
  type ReceivedMessage,
  type SmtpSink,
  startSmtpSink,
} from "../testing/smtp-sink";
import { unsubscribeUrl } from "./email";

// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely, each check naming what it is about.
type Doc = any;

describe("alerts", () => {
  let h: Harness;
  let smtp: SmtpSink;
  let received: ReceivedMessage[] = [];
  let accountId: string;
  let apiKey: string;
  let ana: string;
  let ben: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    received = smtp.received;
    h = await createHarness({
      config: { smtpUrl: smtp.url, mailFrom: "Container tracking <tracking@test.example>" },
    });
    const created = await h.newAccount("Alert Co");
    accountId = created.account.id;
    apiKey = created.apiKey;
    ana = await personCookie(h, accountId, "ana@alert.example", "member");
    ben = await personCookie(h, accountId, "ben@alert.example", "viewer");
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  const rule = (cookie: string, attributes: Record<string, unknown>) =>
    asPerson(h, cookie, "/v2/alert_rules", { method: "POST", json: { data: { attributes } } });

  /** Records events as the engine does, and fans them out (which gives them their place in the log). */
  async function record(rows: Parameters<typeof insertOutbox>[1]) {
    await insertOutbox(h.db, rows);
    await h.service.webhookDelivery.fanOut();
  }

  it("keeps a person's rules, checks them, and answers a key 403", async () => {
    const made = await rule(ana, {
      name: "Customs holds at LA",
      kind: "hold_added",
      hold_name: "Customs",
      scope: { type: "port_of_discharge", locode: "USLAX" },
    });
    expect(made.status).toBe(201);
    const body = (await made.json()) as { data: { id: string; attributes: Record<string, unknown> } };
    expect(body.data.attributes).toMatchObject({
      kind: "hold_added",
      hold_name: "customs",
      threshold: null,
      scope: { type: "port_of_discharge", locode: "USLAX" },
      channels: ["email", "in_app"],
    });
    const id = body.data.id;

    const bad = await rule(ana, { name: "x", kind: "lfd_within", threshold: -1 });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: { source: unknown }[] }).errors[0]!.source).toEqual({
      pointer: "/data/attributes/threshold",
    });
    expect((await rule(ana, { name: "x", kind: "nonsense" })).status).toBe(422);
    const line = await rule(ana, {
      name: "x",
      kind: "vessel_arrived",
      scope: { type: "shipping_line", scac: "ZZZZ" },
    });
    expect(line.status).toBe(422);

    // Ben sees none of Ana's rules; a key has no person.
    expect((await asPerson(h, ben, `/v2/alert_rules/${id}`)).status).toBe(404);
    const listed = (await (await asPerson(h, ben, "/v2/alert_rules")).json()) as { data: unknown[] };
    expect(listed.data).toEqual([]);
    const key = await h.request(apiKey, "/v2/alert_rules");
    expect(key.status).toBe(403);
    expect(((await key.json()) as { errors: { detail: string }[] }).errors[0]!.detail).toMatch(/person/);
    expect((await h.request(apiKey, "/v2/notifications")).status).toBe(403);

    const edited = await asPerson(h, ana, `/v2/alert_rules/${id}`, {
      method: "PATCH",
      json: { data: { attributes: { name: "Customs at LA" } } },
    });
    expect(edited.status).toBe(200);
    expect((await asPerson(h, ana, `/v2/alert_rules/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await asPerson(h, ana, `/v2/alert_rules/${id}`)).status).toBe(404);
  });

  it("keeps a rule to one customer of the account, and refuses another account's, storing nothing", async () => {
    // An account of its own, so that its arrivals tell the other tests' rules nothing.
    const own = (await h.newAccount("Customer Co")).account.id;
    const cleo = await personCookie(h, own, "cleo@customer.example", "member");
    const acme = await createParty(h.db, own, "Acme Imports", h.clock.now());
    const other = await h.newAccount("Other Co");
    const theirs = await createParty(h.db, other.account.id, "Their Customer", h.clock.now());
    const before = ((await (await asPerson(h, cleo, "/v2/alert_rules")).json()) as { data: unknown[] }).data
      .length;
    for (const id of [theirs.id, "not-a-party"]) {
      const refused = await rule(cleo, {
        name: "x",
        kind: "vessel_arrived",
        scope: { type: "customer", id },
      });
      expect(refused.status).toBe(422);
      const error = ((await refused.json()) as { errors: { source: unknown; detail: string }[] }).errors[0]!;
      expect(error.source).toEqual({ pointer: "/data/attributes/scope/id" });
      expect(error.detail).toMatch(/No customer of this account has the id/);
    }
    const listed = ((await (await asPerson(h, cleo, "/v2/alert_rules")).json()) as { data: unknown[] }).data;
    expect(listed).toHaveLength(before);

    await h.service.alerts.runOnce();
    const made = await rule(cleo, {
      name: "Acme arrivals",
      kind: "vessel_arrived",
      scope: { type: "customer", id: acme.id },
    });
    expect(made.status).toBe(201);
    const ruleId = ((await made.json()) as { data: { id: string; attributes: { scope: unknown } } }).data;
    expect(ruleId.attributes.scope).toEqual({ type: "customer", id: acme.id });
    // Two arrivals: one of Acme's shipments, one of nobody's; only Acme's tells.
    const arrivals = [];
    for (const [number, customer] of [
      ["ACMU1234566", acme.id],
      ["NONU1234568", null],
    ] as const) {
      const { shipment, containers: boxes } = await insertShipment(h.db, own, {
        containerNumbers: [number],
      });
      await h.db.update(shipments).set({ customerId: customer }).where(eq(shipments.id, shipment.id));
      arrivals.push({
        accountId: own,
        shipmentId: shipment.id,
        containerId: boxes[0]!.id,
        createdAt: h.clock.now(),
        event: "container.transport.vessel_arrived",
        referenceType: "transport_event",
        referenceId: boxes[0]!.id,
      });
    }
    await record(arrivals);
    await h.service.alerts.runOnce();
    const raised = await h.db.select().from(alerts).where(eq(alerts.ruleId, ruleId.id));
    expect(raised.map((a) => a.containerNumber)).toEqual(["ACMU1234566"]);

    // The rule's list says how often it told in the last day; an alert of two days ago is not counted.
    await h.db.insert(alerts).values({
      ...raised[0]!,
      id: undefined,
      dedupeKey: "two days ago",
      createdAt: new Date(h.clock.now().getTime() - 2 * 86_400_000),
    });
    const fired = async () =>
      ((await (await asPerson(h, cleo, `/v2/alert_rules/${ruleId.id}`)).json()) as Doc).data.attributes
        .fired_last_day;
    expect(await fired()).toBe(1);
    const listedNow = ((await (await asPerson(h, cleo, "/v2/alert_rules")).json()) as Doc).data;
    expect(listedNow.find((r: Doc) => r.id === ruleId.id).attributes.fired_last_day).toBe(1);
  });

  it("turns recorded changes into one alert per rule and change, emailed with one-click unsubscribe", async () => {
    // The worker starts at the log's end: history raises nothing.
    await h.service.alerts.runOnce();
    const { shipment, containers: boxes } = await insertShipment(h.db, accountId, {
      containerNumbers: ["MSCU1234565"],
      tags: ["urgent"],
    });
    const box = boxes[0]!;
    const made = await rule(ana, { name: "Customs holds", kind: "hold_added", hold_name: "customs" });
    const ruleId = ((await made.json()) as { data: { id: string } }).data.id;
    await rule(ana, {
      name: "Urgent arrivals",
      kind: "vessel_arrived",
      scope: { type: "tags", tags: ["URGENT"] },
    });
    await rule(ben, { name: "Other tags", kind: "vessel_arrived", scope: { type: "tags", tags: ["slow"] } });
    await rule(ben, { name: "ETA slips", kind: "eta_moved", threshold: 24, channels: ["in_app"] });
    // The passes the new rules woke are over before anything is recorded (one of them could take the changes).
    expect(await h.service.alerts.runOnce()).toBe(0);

    const now = h.clock.now();
    const scope = { accountId, shipmentId: shipment.id, containerId: box.id, createdAt: now };
    await record([
      {
        ...scope,
        event: "container.updated",
        referenceType: "container",
        referenceId: box.id,
        changes: {
          holds_at_pod_terminal: {
            from: [],
            to: [{ name: "customs", status: "hold", description: null }],
          },
        },
      },
    ]);
    expect(await h.service.alerts.runOnce()).toBe(1);
    await record([
      {
        ...scope,
        event: "container.transport.vessel_arrived",
        referenceType: "transport_event",
        referenceId: box.id,
      },
    ]);
    await record([
      {
        accountId,
        shipmentId: shipment.id,
        containerId: null,
        createdAt: now,
        event: "shipment.estimated.arrival",
        referenceType: "shipment",
        referenceId: shipment.id,
        changes: { pod_eta_at: { from: "2026-11-18T14:00:00.000Z", to: "2026-11-20T14:00:00.000Z" } },
      },
    ]);
    expect(await h.service.alerts.runOnce()).toBe(2);
    // Again, and in another process over the same database: nothing twice.
    expect(await h.service.alerts.runOnce()).toBe(0);
    const other = await h.anotherService({ smtpUrl: "smtp://127.0.0.1:9" });
    expect(await other.alerts.runOnce()).toBe(0);

    const rows = await h.db.select().from(alerts).where(eq(alerts.accountId, accountId));
    expect(rows.map((r) => r.title).sort()).toEqual([
      `ETA moved 48 h later: ${shipment.billOfLadingNumber} at Los Angeles`,
      "Hold added: MSCU1234565 at Los Angeles, on hold: customs",
      "Vessel arrived: MSCU1234565 at Los Angeles",
    ]);

    // Ana's first alert was emailed at once; her second, raised within 10 minutes of that email, waits for the
    // window's end (then goes as its own email: it is alone in it). Ben's ETA rule is in-app only.
    await h.mail.runOnce();
    const ana_ = () => received.filter((m) => m.to.includes("ana@alert.example"));
    expect(ana_().map((m) => headersOf(m.raw).match(/^Subject: (.*)$/m)![1])).toEqual([
      "Hold added: MSCU1234565 at Los Angeles, on hold: customs",
    ]);
    h.clock.advance(9 * 60_000);
    await h.service.alerts.runOnce();
    await h.mail.runOnce();
    expect(ana_()).toHaveLength(1);
    h.clock.advance(60_000);
    await h.service.alerts.runOnce();
    await h.mail.runOnce();
    const mail = ana_();
    expect(mail).toHaveLength(2);
    expect(headersOf(mail[1]!.raw)).toMatch(/^Subject: Vessel arrived: MSCU1234565 at Los Angeles/m);
    expect(received.filter((m) => m.to.includes("ben@alert.example"))).toHaveLength(0);
    const hold = mail.find((m) => m.raw.includes("Hold added"))!;
    const raw = decodedBody(hold.raw);
    const headers = headersOf(hold.raw);
    expect(headers).toMatch(/^Subject: Hold added: MSCU1234565 at Los Angeles, on hold: customs/m);
    expect(raw).toContain("Holds: none → customs");
    expect(raw).toContain(`http://localhost/containers/${box.id}`);
    expect(raw).toContain("“Customs holds”");
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)![1]!;
    expect(unsubscribe).toContain(`rule=${ruleId}`);

    // One click, without signing in; a forged signature changes nothing.
    const path = unsubscribe.replace("http://localhost", "");
    expect((await h.app.request(`http://localhost${path}x`, { method: "POST" })).status).toBe(400);
    expect((await h.app.request(`http://localhost${path}`)).status).toBe(200);
    const done = await h.app.request(`http://localhost${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Customs holds");
    const after = (await (await asPerson(h, ana, `/v2/alert_rules/${ruleId}`)).json()) as {
      data: { attributes: { channels: string[] } };
    };
    expect(after.data.attributes.channels).toEqual(["in_app"]);

    // The notifications: Ana's, newest first, unread; read one, then all.
    const list = (await (await asPerson(h, ana, "/v2/notifications?filter[unread]=true")).json()) as {
      data: { id: string; relationships: { container: { data: { id: string } | null } } }[];
      meta: { unread: number; total: number };
    };
    expect(list.meta).toMatchObject({ unread: 2, total: 2 });
    expect(list.data[0]!.relationships.container.data?.id).toBe(box.id);
    const read = await asPerson(h, ana, `/v2/notifications/${list.data[0]!.id}`, {
      method: "PATCH",
      json: { data: { attributes: { read: true } } },
    });
    expect(read.status).toBe(200);
    // Another person's notification reads as 404.
    expect(
      (
        await asPerson(h, ben, `/v2/notifications/${list.data[1]!.id}`, {
          method: "PATCH",
          json: { data: { attributes: { read: true } } },
        })
      ).status,
    ).toBe(404);
    const all = await asPerson(h, ana, "/v2/notifications/mark_all_read", { method: "POST" });
    expect(await all.json()).toEqual({ meta: { marked: 1 } });
    const none = (await (await asPerson(h, ana, "/v2/notifications")).json()) as { meta: { unread: number } };
    expect(none.meta.unread).toBe(0);
  });

  it("checks last free days daily by the service clock, in the port's zone, once per container and day", async () => {
    const { containers: boxes } = await insertShipment(h.db, accountId, {
      containerNumbers: ["TGHU1234567"],
    });
    const box = boxes[0]!;
    // Discharged and waiting at Los Angeles; the line's last free day is the 22nd there (TEST_NOW is the 20th).
    await h.db
      .update(containers)
      .set({ podDischargedAt: new Date("2026-11-19T10:00:00Z"), lfdLine: new Date("2026-11-22T08:00:00Z") })
      .where(eq(containers.id, box.id));
    const [facts] = await h.db.select().from(containers).where(eq(containers.id, box.id));
    expect(facts!.awaitingPickup).toBe(true);
    await rule(ben, { name: "LFD tomorrow", kind: "lfd_tomorrow" });
    await rule(ben, { name: "LFD soon", kind: "lfd_within", threshold: 2 });

    const titles = async () =>
      (await h.db.select().from(alerts).where(eq(alerts.containerId, box.id))).map((a) => a.title).sort();
    await h.service.alerts.runOnce();
    expect(await titles()).toEqual(["LFD in 2 days: TGHU1234567 at Los Angeles"]);
    // The next day in Los Angeles: tomorrow's rule fires; the within-2-days rule already told of this day.
    h.clock.set(new Date("2026-11-21T12:00:00Z"));
    await h.service.alerts.runOnce();
    await h.service.alerts.runOnce();
    expect(await titles()).toEqual([
      "LFD in 2 days: TGHU1234567 at Los Angeles",
      "LFD tomorrow: TGHU1234567 at Los Angeles",
    ]);
  });

  it("tells nobody who was removed from the account, and answers a deleted rule's unsubscribe link kindly", async () => {
    const cleo = await personCookie(h, accountId, "cleo@alert.example", "member");
    const made = await rule(cleo, { name: "Departures", kind: "vessel_departed" });
    const ruleId = ((await made.json()) as { data: { id: string } }).data.id;
    const { shipment, containers: boxes } = await insertShipment(h.db, accountId, {
      containerNumbers: ["CAIU1234567"],
    });
    await h.service.alerts.runOnce();
    const cleoId = (await findUserByEmail(h.db, "cleo@alert.example"))!.id;
    expect(await removeMember(h.db, accountId, cleoId)).toBe(true);
    await record([
      {
        accountId,
        shipmentId: shipment.id,
        containerId: boxes[0]!.id,
        createdAt: h.clock.now(),
        event: "container.transport.vessel_departed",
        referenceType: "transport_event",
        referenceId: boxes[0]!.id,
      },
    ]);
    await h.service.alerts.runOnce();
    expect(await h.db.select().from(alerts).where(eq(alerts.ruleId, ruleId))).toEqual([]);

    // The rule goes; its (signed) unsubscribe link says so rather than failing.
    const secret = await authSecret(h.db, undefined);
    const anaId = (await findUserByEmail(h.db, "ana@alert.example"))!.id;
    const link = unsubscribeUrl("http://localhost", secret, ruleId, anaId).replace("http://localhost", "");
    await h.db.delete(alertRules).where(eq(alertRules.id, ruleId));
    const answer = await h.app.request(`http://localhost${link}`, { method: "POST" });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("no longer exists");
  });
});
