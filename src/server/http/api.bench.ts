// Benchmarks of the hot read paths on the embedded database with a large account: `npm run bench`.
import { sql } from "drizzle-orm";
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
  // Spread the triage columns as a real account has them: ports, lines, ETAs, last free days, holds, statuses.
  await h.db.execute(sql`update shipments set
      port_of_discharge_id = (select id from ports where locode = (array['USSAV','USNYC','USLAX','DEHAM'])[1 + abs(hashtext(id::text)) % 4]),
      shipping_line_id = (select id from shipping_lines where scac = (array['MAEU','MSCU','CMDU'])[1 + abs(hashtext(bill_of_lading_number)) % 3]),
      pod_eta_at = now() + (abs(hashtext(id::text)) % 2000 - 1000) * interval '1 hour'
    where account_id = ${created.account.id}`);
  await h.db.execute(sql`update containers set
      pickup_lfd_terminal = case when abs(hashtext(id::text)) % 3 = 0 then null
        else now() + (abs(hashtext(number)) % 240 - 120) * interval '1 hour' end,
      holds_at_pod_terminal = case when abs(hashtext(number)) % 20 = 0 then holds_at_pod_terminal else '[]'::jsonb end,
      pod_discharged_at = now() - interval '1 day'
    where account_id = ${created.account.id}`);
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

// Sorted and filtered lists against the unfiltered first page they should match in time (the response cache is off
// in this harness: every request is database work).
describe(`/v2 triage lists, ${SHIPMENTS} shipments in one account (PGlite)`, () => {
  bench("GET /v2/containers (first page, unfiltered)", () => ok("/v2/containers"));
  bench("GET /v2/containers?sort=last_free_day_at&filter[lfd]=within_2_days", () =>
    ok("/v2/containers?sort=last_free_day_at&filter[lfd]=within_2_days"),
  );
  bench("GET /v2/containers?sort=-pod_eta_at&filter[port_of_discharge]=USSAV", () =>
    ok("/v2/containers?sort=-pod_eta_at&filter[port_of_discharge]=USSAV"),
  );
  bench("GET /v2/containers?filter[on_hold]=true&sort=last_free_day_at", () =>
    ok("/v2/containers?filter[on_hold]=true&sort=last_free_day_at"),
  );
  bench("GET /v2/shipments (first page, unfiltered)", () => ok("/v2/shipments"));
  bench("GET /v2/shipments?sort=pod_eta_at&filter[shipping_line]=MAEU", () =>
    ok("/v2/shipments?sort=pod_eta_at&filter[shipping_line]=MAEU"),
  );
  bench("GET /v2/shipments?q=savannah (port name)", () => ok("/v2/shipments?q=savannah"));
  bench("GET /v2/containers/summary", () => ok("/v2/containers/summary"));
});
