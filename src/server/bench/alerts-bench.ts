// Alerts benchmark (`npm run bench:alerts`): how soon a recorded change is an alert in the bell and an email the SMTP
// server accepted, and how long the morning summaries of many people at the same local time take to reach it.
//
// One account with `--people` people, each with 5 rules (each person's scoped to one of 20 tags, so that a change
// tells a twentieth of them; one rule in five also emails), a real SMTP server on loopback (smtp-server), and the
// service's own workers running as in production (alerts, mail). Changes are recorded at `--rate` per second, each
// committed as the engine commits one (outbox row, fan-out into the log); the bell latency is the time until the
// alert row is visible, the mail latency until the SMTP server took a person's first message (the others of the next
// 10 minutes are grouped: the service clock is then moved past the window, and the time until every grouped email
// was taken is measured). Then `--summaries` people are made
// due at the same instant and the time until the server took every summary is measured. RSS is sampled throughout.
// TEST_DATABASE_URL runs it on a PostgreSQL server; PGlite otherwise.
import { parseArgs } from "node:util";
import { inArray } from "drizzle-orm";
import { createAlertRule } from "../db/alerts";
import { insertOutbox } from "../db/outbox";
import { addMember, createUser } from "../db/people";
import { alerts, members } from "../db/schema";
import { createHarness, insertShipment } from "../testing/service-harness";
import { startSmtpSink } from "../testing/smtp-sink";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    people: { type: "string", default: "200" },
    changes: { type: "string", default: "200" },
    rate: { type: "string", default: "20" },
    summaries: { type: "string", default: "1000" },
  },
});
const PEOPLE = Number(values.people);
const CHANGES = Number(values.changes);
const RATE = Number(values.rate);
const SUMMARIES = Number(values.summaries);
const TAGS = 20;

const percentile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? NaN;
const figures = (xs: number[]) =>
  `p50 ${percentile(xs, 0.5).toFixed(0)} ms, p99 ${percentile(xs, 0.99).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms over ${xs.length}`;

let rssPeak = 0;
const rssTimer = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 100);

/** When the SMTP server took each message, by subject. */
const accepted = new Map<string, number>();
const smtp = await startSmtpSink();
const watchSmtp = setInterval(() => {
  for (const message of smtp.received.splice(0)) {
    const subject = /^Subject: (.*)$/m.exec(message.raw)?.[1]?.trim() ?? "";
    accepted.set(`${subject}#${accepted.size}`, performance.now());
  }
}, 5);
const h = await createHarness({ config: { smtpUrl: smtp.url } });
try {
  const { account } = await h.newAccount("Alerts Bench Co");
  const now = h.clock.now();
  const started = performance.now();
  const people: string[] = [];
  for (let i = 0; i < Math.max(PEOPLE, SUMMARIES); i += 1) {
    const user = await createUser(h.db, {
      email: `p${i}@bench.example`,
      name: `Person ${i}`,
      emailVerified: true,
      now,
    });
    await addMember(h.db, account.id, user.id, "member", now);
    people.push(user.id);
  }
  const kinds = [
    "vessel_arrived",
    "vessel_departed",
    "vessel_discharged",
    "hold_added",
    "available_for_pickup",
  ];
  for (const [i, userId] of people.slice(0, PEOPLE).entries()) {
    for (const [k, kind] of kinds.entries()) {
      const channels = k === 0 ? ["in_app", "email"] : ["in_app"];
      await createAlertRule(
        h.db,
        account.id,
        userId,
        {
          name: kind,
          kind,
          threshold: null,
          holdName: null,
          scope: { type: "tags", tags: [`t${i % TAGS}`] },
          channels,
        },
        50,
        now,
      );
    }
  }
  const boxes = [];
  for (let i = 0; i < CHANGES; i += 1) {
    const { shipment, containers } = await insertShipment(h.db, account.id, {
      containerNumbers: [`BNCU${String(1_000_000 + i).slice(-7)}`],
      tags: [`t${i % TAGS}`],
    });
    boxes.push({ shipmentId: shipment.id, containerId: containers[0]!.id, number: containers[0]!.number });
  }
  console.log(
    `Set up ${people.length} people (${PEOPLE} with ${kinds.length} rules), ${CHANGES} containers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // The workers as in production: the alerts worker reads the log, the mail worker sends.
  await h.service.alerts.runOnce();
  h.service.alerts.start();
  h.mail.start();

  const committed = new Map<string, number>();
  const seen = new Map<string, number>();
  const watchAlerts = setInterval(async () => {
    const ids = [...committed.keys()].filter((id) => !seen.has(id));
    if (ids.length === 0) return;
    const rows = await h.db
      .selectDistinct({ containerId: alerts.containerId })
      .from(alerts)
      .where(inArray(alerts.containerId, ids));
    const at = performance.now();
    for (const r of rows) if (r.containerId && !seen.has(r.containerId)) seen.set(r.containerId, at);
  }, 10);

  for (const box of boxes) {
    const tick = performance.now();
    await insertOutbox(h.db, [
      {
        accountId: account.id,
        shipmentId: box.shipmentId,
        containerId: box.containerId,
        createdAt: h.clock.now(),
        event: "container.transport.vessel_arrived",
        referenceType: "transport_event",
        referenceId: box.containerId,
      },
    ]);
    await h.service.webhookDelivery.fanOut();
    committed.set(box.containerId, performance.now());
    h.service.alerts.wake();
    const wait = 1000 / RATE - (performance.now() - tick);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const deadline = performance.now() + 60_000;
  // A person's first alert email goes at once; the others of the next 10 minutes wait for the window's end.
  const told = new Set<number>();
  for (let i = 0; i < CHANGES; i++) told.add(i % TAGS);
  const expectedMails = told.size * (PEOPLE / TAGS);
  while ((seen.size < CHANGES || accepted.size < expectedMails) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  clearInterval(watchAlerts);
  const bell = boxes.flatMap((b) =>
    seen.has(b.containerId) ? [seen.get(b.containerId)! - committed.get(b.containerId)!] : [],
  );
  const mailLatency: number[] = [];
  for (const [key, at] of accepted) {
    const number = /(BNCU\d{7})/.exec(key)?.[1];
    const box = boxes.find((b) => b.number === number);
    if (box) mailLatency.push(at - committed.get(box.containerId)!);
  }
  console.log(`Change committed → in-app alert visible: ${figures(bell)} (${seen.size}/${CHANGES} changes)`);
  console.log(
    `Change committed → email accepted by the SMTP server: ${figures(mailLatency)} (${mailLatency.length}/${expectedMails} people's first emails)`,
  );

  // The grouped emails: the window ends (the service clock moves on), and each person's others go as one.
  const groupedExpected =
    PEOPLE - [...Array(TAGS).keys()].filter((t) => CHANGES <= t + TAGS).length * (PEOPLE / TAGS);
  const firsts = accepted.size;
  const grouped = () => accepted.size - firsts;
  h.clock.advance(10 * 60_000);
  const windowEnd = performance.now();
  h.service.alerts.wake();
  while (grouped() < groupedExpected && performance.now() - windowEnd < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(
    `Window's end → grouped emails accepted: ${grouped()}/${groupedExpected} people's, the last ${((performance.now() - windowEnd) / 1000).toFixed(1)} s after it`,
  );

  // Morning summaries: everyone due at the same instant.
  accepted.clear();
  await h.db
    .update(members)
    .set({ summaryTimeZone: "UTC", summaryNextAt: h.clock.now() })
    .where(inArray(members.userId, people.slice(0, SUMMARIES)));
  const summaryStart = performance.now();
  await h.service.summaries.runOnce();
  const queued = performance.now() - summaryStart;
  while (
    [...accepted.keys()].filter((k) => k.startsWith("Morning summary")).length < SUMMARIES &&
    performance.now() - summaryStart < 180_000
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const summaryTaken = [...accepted.entries()]
    .filter(([k]) => k.startsWith("Morning summary"))
    .map(([, at]) => at - summaryStart);
  console.log(
    `Morning summaries for ${SUMMARIES} people at the same time: queued in ${(queued / 1000).toFixed(1)} s, ${summaryTaken.length} accepted by the SMTP server, the last ${(Math.max(...summaryTaken) / 1000).toFixed(1)} s after they were due`,
  );
  console.log(
    `Process RSS peak: ${(rssPeak / 1024 / 1024).toFixed(0)} MB (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite, in this process"})`,
  );
} finally {
  clearInterval(rssTimer);
  clearInterval(watchSmtp);
  await h.service.alerts.stop();
  await h.mail.stop();
  await h.close();
  await smtp.close();
}
