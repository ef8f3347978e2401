// Benchmarks of the free time lists for a forwarder at scale (testing/large-fleet.ts, about 20,000 containers by
// default): `sort=-charges` and `filter[charges]=at_risk` against the unfiltered first page they should answer
// close to, and the attention summary. `npx vitest bench --run src/server/http/free-time.bench.ts`, on PGlite, or on
// PostgreSQL with TEST_DATABASE_URL; BENCH_SHIPMENTS changes the size (every fifth shipment has two containers).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { rowsOf } from "../db/raw-rows";
import { buildLargeFleet } from "../testing/large-fleet";
import { createHarness, type Harness } from "../testing/service-harness";

const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 16_700);
let h: Harness;
let key: string;

beforeAll(async () => {
  h = await createHarness();
  const account = await h.newAccount("Large Forwarder");
  key = account.apiKey;
  const fleet = await buildLargeFleet(h.db, account.account.id, { shipments: SHIPMENTS, vessels: 200 });
  // The clocks free time reads: the boxes waiting at the terminal discharged 0 to 11 days ago, a fifth of those
  // done picked up 1 to 9 days ago and not yet returned, the rest of those done returned.
  await h.db.execute(sql`update containers c set
      equipment_length = 40,
      pod_discharged_at = case
        when c.current_status = 'available' then now() - (abs(hashtext(c.number)) % 12) * interval '1 day'
        when c.current_status = 'empty_returned' then now() - interval '30 days' end,
      pod_full_out_at = case when c.current_status = 'empty_returned'
        then now() - (1 + abs(hashtext(c.number)) % 9) * interval '1 day' end,
      empty_terminated_at = case when c.current_status = 'empty_returned' and abs(hashtext(c.id::text)) % 5 <> 0
        then now() - interval '12 hours' end
    where c.account_id = ${account.account.id}`);
  await h.db.execute(sql`analyze`);
  const [row] = rowsOf<{ n: number }>(
    await h.db.execute(sql`select count(*)::int as n from containers
      where account_id = ${account.account.id} and pod_discharged_at is not null and empty_terminated_at is null`),
  );
  console.log(`${fleet.containers} containers, ${row?.n} of them with a clock that may run`);
}, 1_800_000);
afterAll(() => h.close());

async function ok(path: string) {
  const response = await h.request(key, path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  await response.arrayBuffer();
}

describe(`free time lists, ${SHIPMENTS} shipments in one account`, () => {
  bench("GET /v2/containers (first page, unfiltered)", () => ok("/v2/containers"));
  bench("GET /v2/containers?sort=-charges (first page)", () => ok("/v2/containers?sort=-charges"));
  bench("GET /v2/containers?filter[charges]=at_risk", () => ok("/v2/containers?filter[charges]=at_risk"));
  bench("GET /v2/containers/summary", () => ok("/v2/containers/summary"));
});
