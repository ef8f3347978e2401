// Service tests of quiet hours, on a controlled service clock and a real SMTP server on loopback: alert emails raised
// in a person's quiet night wait (the bell does not), then go as one email when it ends, listing each; outside them
// an alert emails at once; someone removed from the account meanwhile is sent nothing; bad quiet hours are 422s.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserByEmail, removeMember } from "../db/people";
import { mailOutbox } from "../db/schema";
import { recordArrival } from "../testing/alert-fixtures";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";
import { type SmtpSink, startSmtpSink } from "../testing/smtp-sink";

// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely, each check naming what it is about.
type Doc = any;

describe("quiet hours", () => {
  let h: Harness;
  let smtp: SmtpSink;
  let accountId: string;
  let ana: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    h = await createHarness({ config: { smtpUrl: smtp.url } });
    accountId = (await h.newAccount("Quiet Night Co")).account.id;
    ana = await personCookie(h, accountId, "ana@night.example", "member");
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  const patchMe = async (cookie: string, attributes: Record<string, unknown>) => {
    const response = await asPerson(h, cookie, "/v2/users/me", {
      method: "PATCH",
      json: { data: { attributes } },
    });
    return { status: response.status, body: (await response.json()) as Doc };
  };
  const emailStatuses = async (cookie: string) =>
    (
      (await (
        await asPerson(h, cookie, "/v2/alert_deliveries?filter[channel]=email&page[size]=100")
      ).json()) as Doc
    ).data.map((d: Doc) => d.attributes.status);
  const alertMails = (to: string) =>
    h.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "alert"), eq(mailOutbox.to, to)));

  it("holds the night's alert emails, not the bell, and sends them as one when it ends", async () => {
    const set = await patchMe(ana, {
      morning_summary: { time_zone: "Europe/Berlin" },
      quiet_hours: { start: "22:00", end: "07:00" },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.attributes.quiet_hours).toEqual({ start: "22:00", end: "07:00" });
    await h.service.alerts.runOnce();
    const made = await asPerson(h, ana, "/v2/alert_rules", {
      method: "POST",
      json: { data: { attributes: { name: "Arrivals", kind: "vessel_arrived" } } },
    });
    expect(made.status).toBe(201);

    // 23:30 and 23:40 in Berlin: two arrivals in the bell at once, their emails held.
    h.clock.set(new Date("2026-11-20T22:30:00Z"));
    await recordArrival(h, accountId, "MSCU1234565");
    h.clock.set(new Date("2026-11-20T22:40:00Z"));
    await recordArrival(h, accountId, "TGHU1234567");
    const bell = (await (await asPerson(h, ana, "/v2/notifications")).json()) as Doc;
    expect(bell.meta.unread).toBe(2);
    expect(await emailStatuses(ana)).toEqual(["held", "held"]);
    await h.mail.runOnce();
    expect(smtp.received).toHaveLength(0);

    // Still night at 06:59; at 07:00 the two go as one email.
    h.clock.set(new Date("2026-11-21T05:59:00Z"));
    await h.service.alerts.runOnce();
    expect(await alertMails("ana@night.example")).toHaveLength(0);
    h.clock.set(new Date("2026-11-21T06:00:10Z"));
    await h.service.alerts.runOnce();
    const [mail, ...others] = await alertMails("ana@night.example");
    expect(others).toEqual([]);
    expect(mail!.subject).toBe(
      "2 alerts from your quiet hours: Vessel arrived: MSCU1234565 at Los Angeles and 1 more",
    );
    expect(mail!.text).toContain("While your quiet hours lasted, 2 alerts in Quiet Night Co:");
    expect(mail!.text).toMatch(
      /Vessel arrived: MSCU1234565 at Los Angeles\n[\s\S]*Vessel arrived: TGHU1234567/,
    );
    await h.mail.runOnce();
    expect(smtp.received.map((m) => m.to)).toEqual([["ana@night.example"]]);
    expect(await emailStatuses(ana)).toEqual(["sent", "sent"]);

    // By day an alert emails at once.
    h.clock.set(new Date("2026-11-21T10:00:00Z"));
    await recordArrival(h, accountId, "CAIU1234567");
    expect((await alertMails("ana@night.example")).map((m) => m.subject)).toContain(
      "Vessel arrived: CAIU1234567 at Los Angeles",
    );
  });

  it("sends nothing held to someone removed from the account before the night ended", async () => {
    const ben = await personCookie(h, accountId, "ben@night.example", "member");
    await patchMe(ben, {
      morning_summary: { time_zone: "Europe/Berlin" },
      quiet_hours: { start: "22:00", end: "07:00" },
    });
    await asPerson(h, ben, "/v2/alert_rules", {
      method: "POST",
      json: { data: { attributes: { name: "Arrivals", kind: "vessel_arrived" } } },
    });
    h.clock.set(new Date("2026-11-21T22:30:00Z"));
    await recordArrival(h, accountId, "MSKU7654321");
    expect(await emailStatuses(ben)).toEqual(["held"]);
    const benId = (await findUserByEmail(h.db, "ben@night.example"))!.id;
    expect(await removeMember(h.db, accountId, benId)).toBe(true);
    h.clock.set(new Date("2026-11-22T06:00:10Z"));
    await h.service.alerts.runOnce();
    expect(await alertMails("ben@night.example")).toEqual([]);
  });

  it("refuses quiet hours it cannot keep, with a pointer, and clears them with null", async () => {
    for (const [quiet, pointer] of [
      [{ start: "22:00", end: "22:00" }, "/data/attributes/quiet_hours/end"],
      [{ start: "25:00", end: "07:00" }, "/data/attributes/quiet_hours/start"],
      [{ start: "22:00" }, "/data/attributes/quiet_hours/end"],
    ] as const) {
      const { status, body } = await patchMe(ana, { quiet_hours: quiet });
      expect(status, JSON.stringify(quiet)).toBe(422);
      expect(body.errors[0].source.pointer).toBe(pointer);
    }
    const me = async () => ((await (await asPerson(h, ana, "/v2/users/me")).json()) as Doc).data.attributes;
    expect((await me()).quiet_hours).toEqual({ start: "22:00", end: "07:00" });
    expect((await patchMe(ana, { quiet_hours: null })).status).toBe(200);
    expect((await me()).quiet_hours).toBeNull();
  });
});
