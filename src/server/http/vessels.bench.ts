// Benchmarks of /v2/vessels for a forwarder at scale (testing/large-fleet.ts: 100,000 shipments, 2,000 vessels):
// `npx vitest bench --run src/server/http/vessels.bench.ts`, on PGlite, or on PostgreSQL with TEST_DATABASE_URL.
// BENCH_SHIPMENTS and BENCH_VESSELS make it smaller. The size of each answer is printed once, as sent and gzipped.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { buildLargeFleet, type LargeFleet } from "../testing/large-fleet";
import { createHarness, type Harness } from "../testing/service-harness";

const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
const VESSELS = Number(process.env.BENCH_VESSELS ?? 2000);
let h: Harness;
let key: string;
let fleet: LargeFleet;

const PATHS = {
  list: "/v2/vessels",
  page: (n: number) => `/v2/vessels?page[size]=1000&page[number]=${n}`,
  positions: "/v2/vessels?show_positions=true",
  one: () => `/v2/vessels/${fleet.vesselIds[VESSELS >> 1]}`,
};

beforeAll(async () => {
  h = await createHarness();
  const account = await h.newAccount("Large Forwarder");
  key = account.apiKey;
  const started = performance.now();
  fleet = await buildLargeFleet(h.db, account.account.id, { shipments: SHIPMENTS, vessels: VESSELS });
  console.log(
    `built ${fleet.shipments} shipments, ${fleet.containers} containers (${fleet.containersAtSea} at sea), ` +
      `${VESSELS} vessels in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  for (const path of [PATHS.list, PATHS.page(1), PATHS.positions, PATHS.one()]) {
    const started = performance.now();
    const body = Buffer.from(await (await ok(path)).arrayBuffer());
    console.log(
      `${path}: ${(body.length / 1e6).toFixed(2)} MB, ${(gzipSync(body).length / 1e6).toFixed(2)} MB gzip, ` +
        `first answer in ${(performance.now() - started).toFixed(0)} ms`,
    );
  }
}, 1_800_000);
afterAll(() => h.close());

async function ok(path: string) {
  const response = await h.request(key, path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

const options = { iterations: 5, warmupIterations: 1, time: 0 };

describe(`/v2/vessels, ${SHIPMENTS} shipments on ${VESSELS} vessels in one account`, () => {
  const read = async (path: string) => void (await (await ok(path)).arrayBuffer());
  bench("GET /v2/vessels (first page of 100, compact)", () => read(PATHS.list), options);
  bench(
    "the whole fleet as the map reads it (pages of 1000, compact)",
    async () => {
      for (let n = 1; n <= Math.ceil(VESSELS / 1000); n++) await read(PATHS.page(n));
    },
    options,
  );
  bench("GET /v2/vessels?show_positions=true (page of 100)", () => read(PATHS.positions), options);
  bench("GET /v2/vessels/{id}", async () => void (await (await ok(PATHS.one())).arrayBuffer()), options);
});
