// The scale seeder against a real database, read back through the /v2 API: totals, includes, pages and search,
// a second run that changes nothing, and sandbox shipments the tracking engine refreshes like its own.
import { and, count, eq, isNotNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshAboardColumns } from "../../db/cargo-aboard";
import { accountEvents, accounts, containers, shipments, transportEvents } from "../../db/schema";
import { createLogger } from "../../logger";
import { createHarness, type Harness } from "../../testing/service-harness";
import { TrackingEngine } from "../../tracking/engine";
import { ABOARD_EVENTS } from "../../tracking/journey";
import { SandboxCarrierNetwork } from "../../tracking/sandbox/network";
import { type SeedOptions, type SeedResult, seedScaleAccount } from "./seed-account";

let h: Harness;
let seeded: SeedResult;
let seededAt: Date;

const options = (overrides: Partial<SeedOptions> = {}): SeedOptions => ({
  shipments: 200,
  sandbox: 8,
  trackedShare: 0.1,
  account: "Scale Test Co",
  seed: "service-test",
  replace: false,
  journeys: 20,
  chunkSize: 70,
  now: seededAt,
  ...overrides,
});

interface ListBody {
  data: {
    id: string;
    type: string;
    attributes: Record<string, unknown>;
    relationships: Record<string, unknown>;
  }[];
  included?: { id: string; type: string; attributes: Record<string, unknown> }[];
  meta: { size: number; total: number };
}

async function list(key: string, path: string): Promise<ListBody> {
  const response = await h.request(key, path);
  expect(response.status).toBe(200);
  return (await response.json()) as ListBody;
}

beforeAll(async () => {
  h = await createHarness();
  seededAt = h.clock.now();
  seeded = await seedScaleAccount(h.db, options());
});

afterAll(async () => {
  await h?.close();
});

describe("npm run seed", () => {
  it("builds the account with its shipments, containers, events and requests", () => {
    const c = seeded.counts;
    expect(seeded.skipped).toBe(false);
    expect(c.shipments).toBe(200);
    expect(c.tracked).toBe(20);
    expect(c.engineTracked).toBe(8);
    expect(c.containers).toBeGreaterThan(300);
    expect(c.transportEvents).toBeGreaterThan(c.containers * 7);
    expect(c.rawEvents).toBeGreaterThanOrEqual(c.transportEvents);
    expect(c.trackingRequests.created).toBe(20);
    expect(c.trackingRequests.tracking_stopped).toBe(180);
    expect(c.trackingRequests.failed).toBeGreaterThan(0);
  });

  it("sets the containers aboard a vessel as their stored carrier lines define them", async () => {
    const aboard = () =>
      h.db
        .select({ id: containers.id, vessel: containers.aboardVesselId, port: containers.aboardPortId })
        .from(containers)
        .where(eq(containers.accountId, seeded.accountId))
        .orderBy(containers.id);
    const seededAboard = await aboard();
    expect(seededAboard.some((c) => c.vessel !== null && c.port !== null)).toBe(true);
    await refreshAboardColumns(h.db, seeded.accountId, ABOARD_EVENTS);
    expect(await aboard()).toEqual(seededAboard);
  });

  it("answers the API with exact totals, includes and deep container pages", async () => {
    const first = await list(seeded.apiKey, "/v2/shipments?include=containers,port_of_discharge");
    expect(first.meta.total).toBe(200);
    expect(first.data).toHaveLength(30);
    const types = new Set(first.included?.map((r) => r.type));
    expect(types).toContain("container");
    expect(types).toContain("port");
    const last = await list(seeded.apiKey, "/v2/shipments?page[number]=7");
    expect(last.data).toHaveLength(20);

    const total = seeded.counts.containers;
    const page = Math.ceil(total / 100);
    const containers = await list(seeded.apiKey, `/v2/containers?page[size]=100&page[number]=${page}`);
    expect(containers.meta.total).toBe(total);
    expect(containers.data).toHaveLength(total - (page - 1) * 100);

    const box = containers.data[0]!;
    const events = await list(seeded.apiKey, `/v2/containers/${box.id}/transport_events?page[size]=100`);
    const [stored] = await h.db
      .select({ n: count() })
      .from(transportEvents)
      .where(eq(transportEvents.containerId, box.id));
    expect(events.meta.total).toBe(stored!.n);
    expect(events.meta.total).toBeGreaterThan(0);
  });

  it("makes the customers parties, each shipment's customer its party and its customer_name the party's", async () => {
    const parties = await list(seeded.apiKey, "/v2/parties?page[size]=100");
    expect(parties.meta.total).toBeGreaterThan(10);
    const byId = new Map(parties.data.map((p) => [p.id, p.attributes.company_name]));
    const counted = parties.data.reduce((sum, p) => sum + Number(p.attributes.shipments_count), 0);
    const shipmentsPage = await list(seeded.apiKey, "/v2/shipments?page[size]=100");
    let withCustomer = 0;
    for (const s of shipmentsPage.data) {
      const customer = (s.relationships.customer as { data: { id: string } | null }).data;
      expect(s.attributes.customer_name ?? null).toBe(customer ? byId.get(customer.id) : null);
      if (customer) withCustomer++;
    }
    expect(withCustomer).toBeGreaterThan(50);
    // Every seeded shipment with a customer is counted by its party (the sandbox shipments have none).
    const named = await h.db
      .select({ n: count() })
      .from(shipments)
      .where(and(eq(shipments.accountId, seeded.accountId), isNotNull(shipments.customerName)));
    expect(counted).toBe(named[0]?.n);
  });

  it("finds shipments by container number, reference and bill of lading", async () => {
    const shipmentsPage = await list(seeded.apiKey, "/v2/shipments?include=containers&page[size]=100");
    const withRef = shipmentsPage.data.find((s) => (s.attributes.ref_numbers as string[]).length > 0)!;
    const ref = (withRef.attributes.ref_numbers as string[])[0]!;
    expect((await list(seeded.apiKey, `/v2/shipments?q=${ref}`)).data.map((s) => s.id)).toEqual([withRef.id]);
    const bill = shipmentsPage.data[5]!;
    const number = bill.attributes.bill_of_lading_number as string;
    expect((await list(seeded.apiKey, `/v2/shipments?q=${number}`)).data.map((s) => s.id)).toContain(bill.id);
    const container = shipmentsPage.included!.find((r) => r.type === "container")!;
    const containerNumber = container.attributes.number as string;
    const byContainer = await list(seeded.apiKey, `/v2/shipments?q=${containerNumber}`);
    expect(byContainer.data.length).toBeGreaterThan(0);
    const owner = shipmentsPage.data.find((s) =>
      JSON.stringify(s.relationships.containers).includes(container.id),
    )!;
    expect(byContainer.data.map((s) => s.id)).toContain(owner.id);
    const boxes = await list(seeded.apiKey, `/v2/containers?q=${containerNumber}`);
    expect(boxes.data.map((c) => c.id)).toContain(container.id);
  });

  it("refreshes a sandbox shipment as the engine's own: no change at the seeding moment, news later", async () => {
    const network = new SandboxCarrierNetwork();
    const engine = new TrackingEngine({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      leaseClock: h.clock,
      adapters: [network],
      positions: network,
      logger: createLogger("silent"),
    });
    const id = seeded.sandboxShipmentIds[0]!;
    await h.db.update(shipments).set({ nextRefreshAt: h.clock.now() }).where(eq(shipments.id, id));
    expect(await engine.refreshDueShipments()).toBe(1);
    // Writing what the seeder wrote again changes nothing: the seeder stored exactly what the writer would.
    const [events] = await h.db
      .select({ n: count() })
      .from(accountEvents)
      .where(eq(accountEvents.accountId, seeded.accountId));
    expect(events!.n).toBe(0);
    const [after] = await h.db.select().from(shipments).where(eq(shipments.id, id));
    expect(after!.lineTrackingLastSucceededAt).toEqual(h.clock.now());
    expect(after!.nextRefreshAt!.getTime()).toBeGreaterThan(h.clock.now().getTime());

    // The synthetic shipments are not the engine's: none is due, ever.
    const [due] = await h.db
      .select({ n: count() })
      .from(shipments)
      .where(and(eq(shipments.accountId, seeded.accountId), isNotNull(shipments.nextRefreshAt)));
    expect(due!.n).toBe(8);

    h.clock.advance(20 * 86_400_000);
    await engine.runUntilIdle();
    const [later] = await h.db.select().from(shipments).where(eq(shipments.id, id));
    expect(later!.lineTrackingLastSucceededAt).toEqual(h.clock.now());
    // Three weeks on, the boxes of eight shipments have moved: the engine recorded what happened.
    const [news] = await h.db
      .select({ n: count() })
      .from(accountEvents)
      .where(
        and(
          eq(accountEvents.accountId, seeded.accountId),
          like(accountEvents.event, "container.transport.%"),
        ),
      );
    expect(news!.n).toBeGreaterThan(0);
  });

  it("finds the account finished on a second run, and rebuilds it without duplicates when asked", async () => {
    const again = await seedScaleAccount(h.db, options());
    expect(again.skipped).toBe(true);
    expect(again.accountId).toBe(seeded.accountId);
    expect((await list(again.apiKey, "/v2/shipments")).meta.total).toBeGreaterThanOrEqual(200);

    const rebuilt = await seedScaleAccount(h.db, options({ replace: true }));
    expect(rebuilt.skipped).toBe(false);
    expect(rebuilt.accountId).toBe(seeded.accountId);
    expect(rebuilt.counts.shipments).toBe(200);
    expect(rebuilt.counts.containers).toBe(seeded.counts.containers);
    expect((await list(seeded.apiKey, "/v2/shipments")).meta.total).toBe(200);
    const named = await h.db.select().from(accounts).where(eq(accounts.companyName, "Scale Test Co"));
    expect(named).toHaveLength(1);
  });
});
