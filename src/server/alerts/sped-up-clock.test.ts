// Service test of alert email under a service clock running ahead of real time (a sped-up demo's): the mail worker
// sends by real time, so an alert's email is due at once in real time, not when real time catches the clock up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordArrival } from "../testing/alert-fixtures";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";
import { headersOf, type SmtpSink, startSmtpSink } from "../testing/smtp-sink";

describe("alerts on a clock ahead of real time", () => {
  let h: Harness;
  let smtp: SmtpSink;
  let accountId: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    h = await createHarness({ config: { smtpUrl: smtp.url } });
    accountId = (await h.newAccount("Fast Clock Co")).account.id;
    const ana = await personCookie(h, accountId, "ana@fast.example", "member");
    const made = await asPerson(h, ana, "/v2/alert_rules", {
      method: "POST",
      json: { data: { attributes: { name: "Arrivals", kind: "vessel_arrived", channels: ["email"] } } },
    });
    expect(made.status).toBe(201);
    await h.service.alerts.runOnce();
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  it("emails an alert at once though the service clock reads two days ahead", async () => {
    h.clock.set(new Date(Date.now() + 2 * 86_400_000));
    await recordArrival(h, accountId, "FASU1234565");
    await h.mail.runOnce();
    expect(smtp.received.map((m) => /^Subject: (.*)$/m.exec(headersOf(m.raw))![1])).toEqual([
      "Vessel arrived: FASU1234565 at Los Angeles",
    ]);
  });
});
