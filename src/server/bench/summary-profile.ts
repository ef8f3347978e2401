// Times each count of GET /v2/containers/summary on its own (and, on PostgreSQL, prints its plan with EXPLAIN
// ANALYZE), against the configured database: where the summary's time goes.
import { sql } from "drizzle-orm";
import { filterParamsOf, type ListFilters } from "../../api/triage";
import { openDatabase } from "../db/connection";
import { countContainers } from "../db/containers";
import { containerListCondition } from "../db/list-filters";
import { loadReferenceData } from "../db/reference-data";
import { containers } from "../db/schema";
import { parseListFilters } from "../http/list-query";

const url = process.env.DATABASE_URL;
const { db, close } = await openDatabase(url ? { url } : { dataDir: process.env.DATA_DIR! });
const reference = await loadReferenceData(db);
// The account named, or the one with the most containers.
const accountId =
  process.argv[2] ??
  (
    (await db.execute(
      sql`select account_id from containers group by 1 order by count(*) desc limit 1`,
    )) as unknown as { rows: { account_id: string }[] }
  ).rows[0]!.account_id;
const clock = { now: new Date() };
const counts: [string, ListFilters][] = [
  ["available", { available: "true" }],
  ["on_hold", { on_hold: "true" }],
  ["lfd passed", { lfd: "passed" }],
  ["lfd today", { lfd: "today" }],
  ["lfd within 2 days", { lfd: "within_2_days" }],
  ["eta slipped", { eta_changed: "24", status: "new,on_ship" }],
];
for (const [name, filters] of counts) {
  const spec = parseListFilters(filterParamsOf(filters), reference);
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < Number(process.env.REPEAT ?? 7); i++) {
    const t = performance.now();
    n = await countContainers(db, accountId, spec, clock);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(20)} ${String(n).padStart(7)}  median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms`,
  );
  if (process.env.EXPLAIN) {
    const q = db
      .select({ n: sql`count(*)` })
      .from(containers)
      .where(containerListCondition(accountId, spec, clock));
    const plan = (await db.execute(sql`explain (analyze, buffers) ${q}`)) as unknown as {
      rows: Record<string, string>[];
    };
    console.log(plan.rows.map((r) => Object.values(r)[0]).join("\n"));
  }
}
await close();
