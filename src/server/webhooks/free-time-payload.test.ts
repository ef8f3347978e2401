// A webhook notification's container carries its demurrage and detention counted as `GET /v2/containers/{id}`
// counts them at the moment of the fan-out: the account's own tariffs (or the published ones), the service's now.
// One batch spans two accounts, one with a negotiated tariff of its own, so each is counted with its own tariffs.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnTariff } from "../db/free-time-tariffs";
import { portId, terminalId } from "../db/reference-data";
import { accountEvents, containers, transportEvents, webhookNotifications } from "../db/schema";
import { createWebhook } from "../db/webhooks";
import { createLogger } from "../logger";
import { generateWebhookSecret } from "../net/webhook-signing";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { fanOutAccountEvents } from "./fan-out";

const EVENT = "container.transport.vessel_discharged";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/**
 * An account whose one box (MAEU, 40 ft dry, at Los Angeles) was discharged on 10 November, with a webhook for
 * discharges and the discharge recorded but not yet fanned out.
 */
async function dischargedBox(name: string) {
  const { account, apiKey } = await h.newAccount(name);
  const { shipment, containers: boxes } = await insertShipment(h.db, account.id);
  const box = boxes[0]!;
  const discharged = new Date("2026-11-10T18:00:00Z");
  // No last free day reported: the tariffs' own counts apply.
  await h.db
    .update(containers)
    .set({ podDischargedAt: discharged, lfdLine: null, lfdTerminal: null, lfdRail: null })
    .where(eq(containers.id, box.id));
  const webhook = await createWebhook(
    h.db,
    account.id,
    {
      url: "https://example.com/hooks",
      events: [EVENT],
      active: true,
      headers: [],
      secret: generateWebhookSecret(),
    },
    h.clock.now(),
  );
  const [te] = await h.db
    .insert(transportEvents)
    .values({
      accountId: account.id,
      shipmentId: shipment.id,
      containerId: box.id,
      event: EVENT,
      timestamp: discharged,
      locationId: portId("USLAX"),
      terminalId: terminalId("USLAX", "APM Terminals", "APMT"),
      createdAt: h.clock.now(),
    })
    .returning();
  await h.db.insert(accountEvents).values({
    accountId: account.id,
    event: EVENT,
    referenceType: "transport_event",
    referenceId: te!.id,
    shipmentId: shipment.id,
    containerId: box.id,
    createdAt: h.clock.now(),
  });
  return { account, apiKey, box, webhook };
}

// biome-ignore lint/suspicious/noExplicitAny: the delivered body is read loosely, as a receiver would.
type Doc = any;

async function deliveredContainer(webhookId: string): Promise<Doc> {
  const [row] = await h.db
    .select({ body: webhookNotifications.body })
    .from(webhookNotifications)
    .where(eq(webhookNotifications.webhookId, webhookId));
  const body = JSON.parse(row!.body);
  return body.included.find((r: Doc) => r.type === "container");
}

describe("free time in webhook payloads", () => {
  it("counts a discharged box's demurrage with its account's tariffs at the fan-out's now, as the API does", async () => {
    const published = await dischargedBox("Published Tariffs Co");
    const negotiated = await dischargedBox("Negotiated Tariffs Co");
    // Three free days, then 100 a day, 200 from the third charged day.
    await createOwnTariff(
      h.db,
      negotiated.account.id,
      {
        scac: "MAEU",
        portLocode: null,
        terminal: null,
        equipmentLength: null,
        equipmentType: null,
        kind: "demurrage",
        countsFrom: "discharge",
        freeDays: 3,
        currency: "EUR",
        tiers: [
          { from_day: 1, per_day: 100 },
          { from_day: 3, per_day: 200 },
        ],
      },
      h.clock.now(),
    );
    // Both accounts' events in one batch.
    const result = await fanOutAccountEvents({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      logger: createLogger("error", () => {}),
    });
    expect(result.dispatched).toBeGreaterThanOrEqual(2);

    // 04:00 on 20 November in Los Angeles: day 11 at the terminal.
    const own = await deliveredContainer(negotiated.webhook.id);
    expect(own.id).toBe(negotiated.box.id);
    expect(own.attributes.demurrage).toMatchObject({
      tariff_source: "account",
      currency: "EUR",
      status: "running",
      free_days: 3,
      last_free_day: "2026-11-12",
      days_used: 11,
      days_charged: 8,
      charges_so_far: 1400,
      charges_tomorrow: 1600,
    });
    const theirs = await deliveredContainer(published.webhook.id);
    expect(theirs.attributes.demurrage).toMatchObject({
      tariff_source: "published",
      currency: "USD",
      days_used: 11,
      days_charged: 7,
      charges_so_far: 1920,
    });
    // Not yet picked up: the detention clock is there, counted from pickup, not started.
    expect(theirs.attributes.detention).not.toBeNull();

    // The same numbers as the API gives at that moment.
    for (const [box, delivered] of [
      [negotiated, own],
      [published, theirs],
    ] as const) {
      const response = await h.request(box.apiKey, `/v2/containers/${box.box.id}`);
      const read = (await response.json()).data.attributes;
      expect(delivered.attributes.demurrage).toEqual(read.demurrage);
      expect(delivered.attributes.detention).toEqual(read.detention);
    }
  });
});
