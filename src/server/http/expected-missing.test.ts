// Expected events missing (src/api/expected-events.ts): filter[expected_missing] on both lists finds exactly the
// boxes whose departure, arrival or availability news is overdue by the service clock, as missingEvent reads the
// API's own attributes, each just past and just short of its grace, and never for a shipment no longer tracked.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Container } from "../../api/containers";
import { DAY, HOUR } from "../../api/durations";
import { expectedEventFactsOf, type MissingEvent, missingEvent } from "../../api/expected-events";
import type { Shipment } from "../../api/shipments";
import { containers, shipments } from "../db/schema";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

type ShipmentSet = Partial<typeof shipments.$inferInsert>;
type ContainerSet = Partial<typeof containers.$inferInsert>;

describe("expected events missing", () => {
  let h: Harness;
  let key: string;
  const expected = new Map<string, MissingEvent | null>();

  beforeAll(async () => {
    h = await createHarness();
    const account = await h.newAccount("Chase Co");
    key = account.apiKey;
    const now = h.clock.now().getTime();
    const ago = (ms: number) => new Date(now - ms);
    const ahead = (ms: number) => new Date(now + ms);
    const sailed = { polEtdAt: ago(20 * DAY), polAtdAt: ago(20 * DAY), podAtaAt: null };
    const atSea: ContainerSet = { currentStatus: "on_ship", podDischargedAt: null, availabilityKnown: false };
    const cases: [string, MissingEvent | null, ShipmentSet, ContainerSet][] = [
      [
        "departure overdue",
        "departure",
        { polEtdAt: ago(25 * HOUR), polAtdAt: null, podEtaAt: ahead(20 * DAY), podAtaAt: null },
        { currentStatus: "new", podDischargedAt: null, availabilityKnown: false },
      ],
      [
        "departure not yet overdue",
        null,
        { polEtdAt: ago(23 * HOUR), polAtdAt: null, podEtaAt: ahead(20 * DAY), podAtaAt: null },
        { currentStatus: "new", podDischargedAt: null, availabilityKnown: false },
      ],
      [
        "arrival past our window",
        "arrival",
        {
          ...sailed,
          podEtaAt: ago(2 * DAY),
          podPredictedArrivalAt: ago(DAY),
          podPredictedArrivalP10At: ago(2 * DAY),
          podPredictedArrivalP90At: ago(13 * HOUR),
        },
        atSea,
      ],
      [
        "arrival inside our window's grace",
        null,
        {
          ...sailed,
          podEtaAt: ago(2 * DAY),
          podPredictedArrivalAt: ago(DAY),
          podPredictedArrivalP10At: ago(2 * DAY),
          podPredictedArrivalP90At: ago(11 * HOUR),
        },
        atSea,
      ],
      [
        "arrival a day past the line's ETA, no prediction",
        "arrival",
        { ...sailed, podEtaAt: ago(25 * HOUR) },
        atSea,
      ],
      ["arrival not yet a day past the line's ETA", null, { ...sailed, podEtaAt: ago(23 * HOUR) }, atSea],
      [
        "no availability news 3 days after discharge",
        "availability",
        { ...sailed, podEtaAt: ago(5 * DAY), podAtaAt: ago(5 * DAY) },
        {
          currentStatus: "not_available",
          podDischargedAt: ago(73 * HOUR),
          availabilityKnown: false,
          availableForPickup: null,
        },
      ],
      [
        "availability known",
        null,
        { ...sailed, podEtaAt: ago(5 * DAY), podAtaAt: ago(5 * DAY) },
        {
          currentStatus: "not_available",
          podDischargedAt: ago(4 * DAY),
          availabilityKnown: true,
          availableForPickup: false,
        },
      ],
      [
        "tracking stopped",
        null,
        {
          polEtdAt: ago(5 * DAY),
          polAtdAt: null,
          podEtaAt: ahead(20 * DAY),
          podAtaAt: null,
          lineTrackingStoppedAt: ago(HOUR),
          lineTrackingStoppedReason: "cancelled_by_user",
        },
        { currentStatus: "new", podDischargedAt: null, availabilityKnown: false },
      ],
    ];
    for (const [name, kind, shipment, box] of cases) {
      const row = await insertShipment(h.db, account.account.id, { refNumbers: [name] });
      await h.db.update(shipments).set(shipment).where(eq(shipments.id, row.shipment.id));
      await h.db.update(containers).set(box).where(eq(containers.id, row.containers[0]!.id));
      expected.set(row.containers[0]!.id, kind);
    }
  });
  afterAll(() => h.close());

  const ids = async (path: string) =>
    ((await (await h.request(key, path)).json()) as { data: { id: string }[] }).data.map((d) => d.id).sort();
  const boxesOf = (kinds: MissingEvent[]) =>
    [...expected]
      .filter(([, kind]) => kind !== null && kinds.includes(kind))
      .map(([id]) => id)
      .sort();

  it("lists each kind's boxes on /v2/containers, and any of several", async () => {
    for (const kind of ["departure", "arrival", "availability"] as const) {
      expect(await ids(`/v2/containers?filter[expected_missing]=${kind}`), kind).toEqual(boxesOf([kind]));
    }
    expect(await ids("/v2/containers?filter[expected_missing]=departure,availability")).toEqual(
      boxesOf(["departure", "availability"]),
    );
    expect((await ids("/v2/shipments?filter[expected_missing]=arrival")).length).toBe(2);
  });

  it("agrees with missingEvent over the API's own attributes", async () => {
    const now = h.clock.now().getTime();
    const listed = (await (
      await h.request(key, "/v2/containers?include=shipment&page[size]=100")
    ).json()) as { data: Container[]; included: Shipment[] };
    for (const box of listed.data) {
      const s = listed.included.find(
        (r) => r.type === "shipment" && r.id === box.relationships.shipment.data?.id,
      )!;
      const kind = missingEvent(expectedEventFactsOf(box.attributes, s.attributes), now);
      expect(kind, box.id).toBe(expected.get(box.id));
    }
  });

  it("counts them under Needs attention, with the filter that lists them", async () => {
    const summary = (await (await h.request(key, "/v2/containers/summary")).json()) as {
      data: { attributes: { expected_missing: { count: number; filters: Record<string, string> } } };
    };
    expect(summary.data.attributes.expected_missing).toMatchObject({
      count: boxesOf(["departure", "arrival", "availability"]).length,
      filters: { "filter[expected_missing]": "departure,arrival,availability" },
    });
  });

  it("refuses a kind it does not know", async () => {
    const response = await h.request(key, "/v2/containers?filter[expected_missing]=customs");
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { source: { parameter: string } }[] };
    expect(body.errors[0]!.source.parameter).toBe("filter[expected_missing]");
  });
});
