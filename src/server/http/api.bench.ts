// Benchmarks of the hot read paths on the embedded database with a large account: `npm run bench`.
import { afterAll, beforeAll, bench, describe } from "vitest";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

const SHIPMENTS = 3000;
let h: Harness;
let key: string;
let someId: string;

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Bench Co");
  key = created.apiKey;
  for (let i = 0; i < SHIPMENTS; i++) {
    const { shipment } = await insertShipment(h.db, created.account.id, {
      containerNumbers: [
        `MSKU${String(1_000_000 + i * 3).slice(-7)}`,
        `MSKU${String(1_000_001 + i * 3).slice(-7)}`,
      ],
      refNumbers: [`PO-${i}`],
    });
    if (i === SHIPMENTS / 2) someId = shipment.id;
  }
}, 300_000);
afterAll(() => h.close());

async function ok(path: string) {
  const response = await h.request(key, path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  await response.arrayBuffer();
}

describe(`/v2 reads, ${SHIPMENTS} shipments in one account (PGlite)`, () => {
  bench("GET /v2/shipments (first page of 30)", () => ok("/v2/shipments"));
  bench("GET /v2/shipments?page[number]=90", () => ok("/v2/shipments?page[number]=90"));
  bench("GET /v2/shipments?q=PO-1500 (search)", () => ok("/v2/shipments?q=PO-1500"));
  bench("GET /v2/shipments/{id}?include=containers,port_of_discharge", () =>
    ok(`/v2/shipments/${someId}?include=containers,port_of_discharge`),
  );
  bench("GET /v2/containers?page[size]=100", () => ok("/v2/containers?page[size]=100"));
});
