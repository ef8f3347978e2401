// Service tests of the morning summary, on a controlled service clock and a real SMTP server on loopback: each person
// is mailed at their own local time (set through PATCH /v2/users/me) what needs attention in the account, with the
// first rows and a link to each filtered list, once; nothing is sent when nothing needs attention, or when the
// service finds a summary hours late; the time stays the person's across a daylight-saving change; bad settings
// are 422s with a pointer, and nothing is stored.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containers, mailOutbox, shipments } from "../db/schema";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { type SmtpSink, startSmtpSink } from "../testing/smtp-sink";

// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely, each check naming what it is about.
type Doc = any;

describe("morning summaries", () => {
  let h: Harness;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    h = await createHarness({ config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  const me = async (cookie: string) =>
    ((await (await asPerson(h, cookie, "/v2/users/me")).json()) as Doc).data;
  const setSummary = async (cookie: string, summary: Record<string, unknown>) => {
    const response = await asPerson(h, cookie, "/v2/users/me", {
      method: "PATCH",
      json: { data: { attributes: { morning_summary: summary } } },
    });
    return { status: response.status, body: (await response.json()) as Doc };
  };
  const summariesTo = (email: string) =>
    h.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "summary"), eq(mailOutbox.to, email)));

  it("mails each person at their own 07:00 what needs attention, with rows and links, once", async () => {
    const { account } = await h.newAccount("Summary Co");
    const ana = await personCookie(h, account.id, "ana@summary.example", "member");
    const ben = await personCookie(h, account.id, "ben@summary.example", "viewer");
    // Two boxes waiting at Los Angeles (the clock reads 20 November, 12:00 UTC): one's last free day passed on the
    // 19th, the other's is the 22nd.
    const { containers: boxes } = await insertShipment(h.db, account.id, {
      containerNumbers: ["TGHU1234567", "MSKU7654321"],
    });
    for (const [box, lfd] of [
      [boxes[0]!, "2026-11-19T08:00:00Z"],
      [boxes[1]!, "2026-11-22T08:00:00Z"],
    ] as const) {
      await h.db
        .update(containers)
        .set({ podDischargedAt: new Date("2026-11-18T10:00:00Z"), lfdLine: new Date(lfd) })
        .where(eq(containers.id, box.id));
    }

    // On by default at 07:00, waiting for the zone (the dashboard tells the browser's).
    expect((await me(ana)).attributes.morning_summary).toEqual({
      enabled: true,
      time: "07:00",
      time_zone: null,
      days: "daily",
      next_at: null,
    });
    const set = await setSummary(ana, { time_zone: "America/Los_Angeles" });
    expect(set.status).toBe(200);
    // 12:00 UTC is 04:00 in Los Angeles: today's 07:00 is 15:00 UTC.
    expect(set.body.data.attributes.morning_summary.next_at).toBe("2026-11-20T15:00:00.000Z");
    expect(
      (await setSummary(ben, { time_zone: "Europe/Berlin", time: "07:30" })).body.data.attributes
        .morning_summary,
    ).toMatchObject({ time: "07:30", next_at: "2026-11-21T06:30:00.000Z" });

    expect(await h.service.summaries.runOnce()).toBe(0);
    h.clock.set(new Date("2026-11-20T15:00:30Z"));
    expect(await h.service.summaries.runOnce()).toBe(1);
    expect(await h.service.summaries.runOnce()).toBe(0);
    const [mail] = await summariesTo("ana@summary.example");
    expect(mail!.subject).toBe(
      "Morning summary, Fri 20 Nov: 1 LFD passed, 1 LFD within 2 days, 2 on hold, 2 available",
    );
    expect(mail!.text).toContain("Good morning, ana. What needs attention in Summary Co on Fri 20 Nov:");
    expect(mail!.text).toContain(
      [
        "Last free day passed: 1",
        "  TGHU1234567 · last free day 2026-11-19",
        "  See it: http://localhost/containers?filter%5Blfd%5D=passed",
      ].join("\n"),
    );
    expect(mail!.text).toContain("  MSKU7654321 · last free day 2026-11-22");
    expect(mail!.text).toContain(
      "You get this summary at 07:00 (America/Los_Angeles) every day, when something needs attention. Change or stop it: http://localhost/settings/alerts",
    );
    expect(mail!.html).toContain('<a href="http://localhost/containers?filter%5Blfd%5D=passed">See it</a>');
    // Read above while queued (a sent message keeps no body); now the SMTP server takes it.
    await h.mail.runOnce();
    expect(smtp.received.map((m) => m.to)).toEqual([["ana@summary.example"]]);
    // The next is tomorrow's 07:00 there.
    expect((await me(ana)).attributes.morning_summary.next_at).toBe("2026-11-21T15:00:00.000Z");

    // Ben's comes at his own time in Berlin, with the same counts of the account.
    h.clock.set(new Date("2026-11-21T06:31:00Z"));
    expect(await h.service.summaries.runOnce()).toBe(1);
    const [his] = await summariesTo("ben@summary.example");
    expect(his!.subject).toMatch(/^Morning summary, Sat 21 Nov: 1 LFD passed/);
  });

  // The harness's shipments' boxes are on hold and available at the terminal: the counts say so.
  it("sends nothing when nothing needs attention, nor hours late, and moves on to the next day", async () => {
    const { account } = await h.newAccount("Quiet Co");
    const cleo = await personCookie(h, account.id, "cleo@quiet.example", "owner");
    h.clock.set(new Date("2026-11-22T05:00:00Z"));
    const set = await setSummary(cleo, { time_zone: "Europe/London", time: "06:00", days: "weekdays" });
    // Sunday the 22nd: the next weekday's 06:00 is Monday's.
    expect(set.body.data.attributes.morning_summary).toMatchObject({
      days: "weekdays",
      next_at: "2026-11-23T06:00:00.000Z",
    });
    h.clock.set(new Date("2026-11-23T06:00:05Z"));
    expect(await h.service.summaries.runOnce()).toBe(0);
    expect(await summariesTo("cleo@quiet.example")).toEqual([]);
    expect((await me(cleo)).attributes.morning_summary.next_at).toBe("2026-11-24T06:00:00.000Z");

    // Something to tell, but the service finds Tuesday's summary in the afternoon: not sent, Wednesday's is next.
    const { shipment } = await insertShipment(h.db, account.id);
    await h.db
      .update(shipments)
      .set({ lineTrackingStoppedAt: h.clock.now(), lineTrackingStoppedReason: "no_updates_at_line" })
      .where(eq(shipments.id, shipment.id));
    h.clock.set(new Date("2026-11-24T14:00:00Z"));
    expect(await h.service.summaries.runOnce()).toBe(0);
    expect((await me(cleo)).attributes.morning_summary.next_at).toBe("2026-11-25T06:00:00.000Z");
    h.clock.set(new Date("2026-11-25T06:01:00Z"));
    expect(await h.service.summaries.runOnce()).toBe(1);
    const [mail] = await summariesTo("cleo@quiet.example");
    expect(mail!.subject).toBe("Morning summary, Wed 25 Nov: 1 on hold, 1 available, 1 stopped by the line");
    expect(mail!.text).toContain(
      "See it: http://localhost/shipments?filter%5Btracking_stopped_reason%5D=no_updates_at_line%2Cbooking_cancelled",
    );

    // Turned off: nothing is due.
    expect(
      (await setSummary(cleo, { enabled: false })).body.data.attributes.morning_summary.next_at,
    ).toBeNull();
  });

  it("stays at the person's 07:00 across the end of daylight saving time", async () => {
    const { account } = await h.newAccount("Autumn Co");
    const dan = await personCookie(h, account.id, "dan@autumn.example", "member");
    const { shipment } = await insertShipment(h.db, account.id);
    await h.db
      .update(shipments)
      .set({
        lineTrackingStoppedAt: new Date("2026-10-01T00:00:00Z"),
        lineTrackingStoppedReason: "booking_cancelled",
      })
      .where(eq(shipments.id, shipment.id));
    h.clock.set(new Date("2026-10-31T10:00:00Z"));
    // Saturday 31 October, 07:00 EDT is 11:00 UTC; Sunday 1 November, 07:00 EST is 12:00 UTC.
    expect(
      (await setSummary(dan, { time_zone: "America/New_York" })).body.data.attributes.morning_summary.next_at,
    ).toBe("2026-10-31T11:00:00.000Z");
    h.clock.set(new Date("2026-10-31T11:00:10Z"));
    expect(await h.service.summaries.runOnce()).toBe(1);
    expect((await me(dan)).attributes.morning_summary.next_at).toBe("2026-11-01T12:00:00.000Z");
    h.clock.set(new Date("2026-11-01T11:30:00Z"));
    expect(await h.service.summaries.runOnce()).toBe(0);
    h.clock.set(new Date("2026-11-01T12:00:10Z"));
    expect(await h.service.summaries.runOnce()).toBe(1);
    const subjects = (await summariesTo("dan@autumn.example")).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      "Morning summary, Sat 31 Oct: 1 on hold, 1 available, 1 stopped by the line",
      "Morning summary, Sun 1 Nov: 1 on hold, 1 available, 1 stopped by the line",
    ]);
  });

  it("refuses settings it cannot keep, with a pointer, storing nothing; an API key has no summary", async () => {
    const { account, apiKey } = await h.newAccount("Strict Co");
    const eve = await personCookie(h, account.id, "eve@strict.example", "member");
    const before = (await me(eve)).attributes.morning_summary;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        { time_zone: "Mars/Olympus_Mons" },
        "/data/attributes/morning_summary/time_zone",
        /not a time zone this service knows/,
      ],
      [{ time: "7am" }, "/data/attributes/morning_summary/time", /HH:MM, from 00:00 to 23:59/],
      [{ time: "24:00" }, "/data/attributes/morning_summary/time", /HH:MM/],
      [{ days: "monthly" }, "/data/attributes/morning_summary/days", /must be one of daily, weekdays/],
      [{ enabled: "yes" }, "/data/attributes/morning_summary/enabled", /true or false/],
      [{ colour: "blue" }, "/data/attributes/morning_summary/colour", /colour/],
    ];
    for (const [summary, pointer, detail] of cases) {
      const { status, body } = await setSummary(eve, { ...summary, time_zone: summary.time_zone ?? "UTC" });
      expect(status, JSON.stringify(summary)).toBe(422);
      expect(body.errors[0].source.pointer).toBe(pointer);
      expect(body.errors[0].detail).toMatch(detail);
    }
    expect((await me(eve)).attributes.morning_summary).toEqual(before);
    const key = await h.request(apiKey, "/v2/users/me", {
      method: "PATCH",
      json: { data: { attributes: { morning_summary: { enabled: false } } } },
    });
    expect(key.status).toBe(403);
  });
});
