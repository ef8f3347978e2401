// The service's own memory under the alerts load (`npm run bench:alerts-rss`; PostgreSQL, from TEST_DATABASE_URL or
// DATABASE_URL, in a throwaway database): the service as `npm start` runs it, in a process of its own, tracking
// `--shipments` sandbox shipments of one account whose `--people` people have 5 alert rules each, all taking
// everything (one rule in five also emails, to an SMTP server on loopback). Its clock runs `--speed` times real time,
// so that the sandbox world moves days on while the benchmark watches: boxes sail, arrive, are discharged, held and
// released, the engine records it, and the alerts worker tells everyone. Prints the service's VmRSS at rest after the
// shipments were created and its peak while the world moved, with the alerts and emails that came.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { count, eq } from "drizzle-orm";
import pg from "pg";
import { createAccount } from "../db/accounts";
import { openDatabase } from "../db/connection";
import { alertDeliveries, alerts, mailOutbox, shipments } from "../db/schema";
import { startSmtpSink } from "../testing/smtp-sink";
import { topUpDemoShipments } from "../tracking/demo-fleet";
import { addAlertPeople, BENCH_ALERT_RULES } from "./alert-people";
import { startService } from "./service-process";

const { values } = parseArgs({
  options: {
    shipments: { type: "string", default: "2000" },
    people: { type: "string", default: "200" },
    speed: { type: "string", default: "720" },
    seconds: { type: "string", default: "120" },
    /** How long the engine may take to track the shipments (the 100,000-shipment account takes a while). */
    "create-minutes": { type: "string", default: "10" },
  },
});
const SHIPMENTS = Number(values.shipments);
const PEOPLE = Number(values.people);

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!serverUrl) throw new Error("set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server");
const name = `bench_alerts_rss_${randomBytes(6).toString("hex")}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const smtp = await startSmtpSink();
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;

const service = await startService({
  env: { ...process.env, DATABASE_URL: url.toString(), SMTP_URL: smtp.url, CLOCK_SPEED: values.speed },
  startTimeoutMs: 120_000,
  log: console.log,
});
const database = await openDatabase({ url: url.toString() });
try {
  const { db } = database;
  const now = new Date();
  const { account } = await createAccount(db, "Alerts RSS Co");
  await addAlertPeople(db, account.id, PEOPLE, "rss.example", now);
  // In batches the API could take; the service's engine turns them into shipments.
  for (let made = 0; made < SHIPMENTS; made += 1_000) {
    await topUpDemoShipments(db, account.id, now, Math.min(SHIPMENTS, made + 1_000));
  }
  const tracked = async () =>
    (await db.select({ n: count() }).from(shipments).where(eq(shipments.accountId, account.id)))[0]?.n ?? 0;
  const deadline = Date.now() + Number(values["create-minutes"]) * 60_000;
  let reported = Date.now();
  for (let n = await tracked(); n < SHIPMENTS * 0.9 && Date.now() < deadline; n = await tracked()) {
    if (Date.now() - reported >= 60_000) {
      console.log(
        `${n} of ${SHIPMENTS} shipments tracked; service RSS ${mb(service.maxRssKb())} at most so far`,
      );
      reported = Date.now();
    }
    await new Promise((r) => setTimeout(r, 2_000));
  }
  console.log(
    `${await tracked()} shipments tracked for ${PEOPLE} people with ${BENCH_ALERT_RULES.length} rules each.`,
  );
  const rest = service.maxRssKb();
  service.resetMaxRss();
  const alertsOf = async () =>
    (await db.select({ n: count() }).from(alerts).where(eq(alerts.accountId, account.id)))[0]?.n ?? 0;
  const before = await alertsOf();
  await new Promise((r) => setTimeout(r, Number(values.seconds) * 1_000));
  const mail = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, "alert"))
    .groupBy(mailOutbox.status);
  const emails = await db
    .select({ status: alertDeliveries.status, n: count() })
    .from(alertDeliveries)
    .where(eq(alertDeliveries.channel, "email"))
    .groupBy(alertDeliveries.status);
  console.log(
    `Alert emails in the mail outbox by status: ${JSON.stringify(mail)}; email deliveries by status: ${JSON.stringify(emails)}`,
  );
  console.log(
    `Service RSS: ${mb(rest)} at the peak of start-up and creating the shipments; ${mb(service.maxRssKb())} at the peak of the next ${values.seconds} s (the world moving at ${values.speed}× real time): ${(await alertsOf()) - before} alerts raised (${before} before), ${smtp.received.length} emails accepted.`,
  );
} finally {
  await database.close();
  await service.stop();
  await smtp.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
process.exit(0);
