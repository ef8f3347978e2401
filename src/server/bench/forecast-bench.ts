// Benchmark of the arrival forecaster at scale (`npm run bench:forecast`): how long one pass over every shipment
// still coming takes in the database DATABASE_URL names (seed it first: `npm run seed -- --shipments 100000`),
// the first (every prediction new, with its first row of history) and one a day later (after a day of events:
// every prediction worked out again, and its daily row of history written). Issue 33's goal: ≤ 60 s on
// PostgreSQL for the 100,000-shipment account. Prints the passes' wall-clock and CPU time, and what they wrote.
import { performance } from "node:perf_hooks";
import { count, isNotNull, sql } from "drizzle-orm";
import { DAY } from "../../api/durations";
import { ManualClock } from "../clock";
import { openDatabase } from "../db/connection";
import { loadReferenceData } from "../db/reference-data";
import { arrivalPredictions, shipments } from "../db/schema";
import { createLogger } from "../logger";
import { createArrivalForecaster } from "../tracking/eta/forecaster";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("npm run bench:forecast needs DATABASE_URL: a database seeded with npm run seed");
  process.exit(2);
}
const database = await openDatabase({ url });
const { db } = database;
try {
  const reference = await loadReferenceData(db);
  const [{ coming } = { coming: 0 }] = await db
    .select({ coming: count() })
    .from(shipments)
    .where(sql`pod_ata_at is null and pod_eta_at is not null and line_tracking_stopped_at is null`);
  const [{ all } = { all: 0 }] = await db.select({ all: count() }).from(shipments);
  console.log(`${all.toLocaleString("en-US")} shipments, ${coming.toLocaleString("en-US")} still coming`);
  // A fresh start: no predictions yet, as after the migration.
  await db.delete(arrivalPredictions);
  await db.execute(sql`update shipments set pod_predicted_arrival_at = null, pod_predicted_arrival_p10_at = null,
    pod_predicted_arrival_p90_at = null, pod_predicted_arrival_reason = null, pod_predicted_at = null
    where pod_predicted_at is not null`);
  const clock = new ManualClock(new Date());
  const forecaster = createArrivalForecaster({ db, reference, clock, logger: createLogger("silent") });
  const pass = async (label: string) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const written = await forecaster.runOnce();
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const [{ rows } = { rows: 0 }] = await db.select({ rows: count() }).from(arrivalPredictions);
    const [{ shown } = { shown: 0 }] = await db
      .select({ shown: count() })
      .from(shipments)
      .where(isNotNull(shipments.podPredictedArrivalAt));
    console.log(
      `${label}: ${seconds.toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU in this process; ${written.toLocaleString("en-US")} predictions written, ${shown.toLocaleString("en-US")} shown, ${rows.toLocaleString("en-US")} rows of history`,
    );
  };
  await pass("first pass");
  clock.advance(DAY);
  await pass("a day later");
  await pass("again at once (nothing moved)");
} finally {
  await database.close();
}
