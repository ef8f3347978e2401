// Service tests of a person's alert emails under a controlled clock, over real SMTP (a local smtp-server): one
// alert alone goes at once; those raised within 10 minutes of that email wait for the window's end and go as one;
// past the hourly cap of alerts listed by name the rest are counted ("and N more"), and the history says so; an
// hour later single emails come again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_EMAIL_HOURLY_CAP } from "../../api/alerts";
import { recordArrival } from "../testing/alert-fixtures";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";
import { decodedBody, headersOf, type SmtpSink, startSmtpSink } from "../testing/smtp-sink";

const MINUTE = 60_000;
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(headersOf(raw))![1]!;

describe("a person's alert emails, grouped and capped", () => {
  let h: Harness;
  let smtp: SmtpSink;
  let accountId: string;
  let ana: string;
  let n = 0;
  const arrival = () => recordArrival(h, accountId, `GRPU${String(1_000_000 + ++n).slice(-7)}`);
  /** The emails the SMTP server took since the last call, after the workers' passes. */
  async function newMail(): Promise<{ subject: string; body: string; headers: string }[]> {
    await h.service.alerts.runOnce();
    await h.mail.runOnce();
    return smtp.received
      .splice(0)
      .map((m) => ({ subject: subjectOf(m.raw), body: decodedBody(m.raw), headers: headersOf(m.raw) }));
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    h = await createHarness({ config: { smtpUrl: smtp.url } });
    accountId = (await h.newAccount("Group Co")).account.id;
    ana = await personCookie(h, accountId, "ana@group.example", "member");
    const made = await asPerson(h, ana, "/v2/alert_rules", {
      method: "POST",
      json: {
        data: { attributes: { name: "Arrivals", kind: "vessel_arrived", channels: ["email", "in_app"] } },
      },
    });
    expect(made.status).toBe(201);
    await h.service.alerts.runOnce();
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  it("sends the first at once and groups the next 10 minutes' into one email at the window's end", async () => {
    await arrival();
    const first = await newMail();
    expect(first.map((m) => m.subject)).toEqual(["Vessel arrived: GRPU1000001 at Los Angeles"]);

    h.clock.advance(2 * MINUTE);
    await arrival();
    h.clock.advance(3 * MINUTE);
    await arrival();
    expect(await newMail()).toEqual([]);
    const waiting = (await (await asPerson(h, ana, "/v2/alert_deliveries?filter[channel]=email")).json()) as {
      data: { attributes: { status: string; title: string } }[];
    };
    expect(waiting.data.map((d) => d.attributes.status)).toEqual(["grouped", "grouped", "sent"]);
    // The bell did not wait.
    const bell = (await (await asPerson(h, ana, "/v2/notifications")).json()) as { meta: { unread: number } };
    expect(bell.meta.unread).toBe(3);

    h.clock.advance(5 * MINUTE - 1_000);
    expect(await newMail()).toEqual([]);
    h.clock.advance(1_000);
    const grouped = await newMail();
    expect(grouped.map((m) => m.subject)).toEqual([
      "2 alerts: Vessel arrived: GRPU1000002 at Los Angeles and 1 more",
    ]);
    expect(grouped[0]!.body).toContain("2 alerts in Group Co:");
    expect(grouped[0]!.body).toContain("Vessel arrived: GRPU1000003 at Los Angeles");
    // All of one rule: the email names it and keeps its one-click unsubscribe, as a single alert's does.
    expect(grouped[0]!.body).toContain(
      "your alert rule “Arrivals” (Vessel arrived) in Group Co matched within minutes of each other",
    );
    expect(grouped[0]!.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(grouped[0]!.headers).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost\/alerts\/unsubscribe\?rule=/m,
    );
    expect(grouped[0]!.body).toContain(
      "Stop these emails for this rule: http://localhost/alerts/unsubscribe?rule=",
    );
  });

  it("lists at most the hourly cap by name, counts the rest, and says so in the history", async () => {
    // 11 minutes after the grouped email: its window is over, so these go at once, as one email; 3 were listed
    // this hour, so 17 are listed now and 8 counted.
    h.clock.advance(11 * MINUTE);
    for (let i = 0; i < 25; i++) await arrival();
    // One pass raised them all (each arrival's own pass); the first went alone, the others waited for its window.
    const burst = [...(await newMail())];
    h.clock.advance(10 * MINUTE);
    burst.push(...(await newMail()));
    // (Raised at the same instant, the 24 have no order among themselves: any of them may come first.)
    expect(burst.map((m) => m.subject)).toEqual([
      "Vessel arrived: GRPU1000004 at Los Angeles",
      expect.stringMatching(/^24 alerts: Vessel arrived: GRPU\d{7} at Los Angeles and 23 more$/),
    ]);
    const listedBefore = 3 + 1;
    const room = ALERT_EMAIL_HOURLY_CAP - listedBefore;
    const body = burst[1]!.body;
    expect(body.match(/^Vessel arrived: GRPU/gm)).toHaveLength(room);
    expect(body).toContain(
      `And ${24 - room} more (you had ${ALERT_EMAIL_HOURLY_CAP} alerts by email in the last hour`,
    );
    expect(body).toContain("http://localhost/notifications");

    const history = (await (
      await asPerson(h, ana, "/v2/alert_deliveries?filter[channel]=email&page[size]=100")
    ).json()) as { data: { attributes: { counted_only: boolean } }[] };
    expect(history.data.filter((d) => d.attributes.counted_only)).toHaveLength(24 - room);

    // The cap is spent: the next window's alert is only counted.
    h.clock.advance(5 * MINUTE);
    await arrival();
    h.clock.advance(10 * MINUTE);
    const counted = await newMail();
    expect(counted.map((m) => m.subject)).toEqual(["1 more alert in Group Co"]);
    expect(counted[0]!.body).toContain("And 1 more (you had");
    expect(counted[0]!.body).not.toContain("Vessel arrived:");
  });

  it("sends single alerts again once the hour has passed", async () => {
    h.clock.advance(61 * MINUTE);
    await arrival();
    const mail = await newMail();
    expect(mail.map((m) => m.subject)).toEqual([
      `Vessel arrived: GRPU${String(1_000_000 + n).slice(-7)} at Los Angeles`,
    ]);
    expect(mail[0]!.body).toContain("Stop these emails for this rule");
  });
});
