// The proof of the polling path, end to end and over real sockets: the sandbox's DCSA publisher as the
// carrier, a carrier connection made through POST /v2/carrier_connections (internal, API key), the service's
// HttpDcsaClient, the DCSA adapter, the engine, and what /v2 then serves. A number tracked through the connection
// reads as the sandbox would have given it (compared with another account that tracks the same number without a
// connection, and with the sandbox's own lookup at the publisher's anchor), except where DCSA cannot say it:
//
// - by design, DCSA T&T has no code for what the terminal reports (vessel_berthed, available, holds, fees, last
//   free days, pickup appointments): those lines and fields come only with the sandbox's own adapter;
// - every raw event's `original_event` is the DCSA code and its words ("DISC Discharged"), which is how a reader
//   tells that the data came through DCSA.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dcsaSandboxAnchors } from "../db/schema";
import { createDcsaWorld, type DcsaWorld } from "../testing/dcsa-world";
import { findSandboxBillOfLading } from "../testing/sandbox-shipments";
import { TEST_NOW } from "../testing/service-harness";
import type { CarrierSnapshot, RequestType } from "../tracking/carrier-adapter";
import { DCSA_CODE_ROWS } from "../tracking/dcsa/event-codes";
import { sandboxNumber } from "../tracking/sandbox/network";

const DAY = 86_400_000;
/** Milestones DCSA can express: the code table's rows. Every other one is the terminal's, not the carrier's. */
const DCSA_MILESTONES = new Set<string>(DCSA_CODE_ROWS.map((r) => r.milestone));

interface Doc<A> {
  data: {
    id: string;
    attributes: A;
    relationships?: Record<string, { data: { id: string } | null }>;
  }[];
}
interface RawLine {
  event: string | null;
  original_event: string;
  timestamp: string | null;
  estimated: boolean;
  location_locode: string | null;
  vessel_imo: string | null;
  vessel_name: string | null;
  voyage_number: string | null;
}
interface TransportLine {
  event: string;
  timestamp: string | null;
  location_locode: string | null;
  voyage_number: string | null;
}

let world: DcsaWorld;
let connected: { id: string; key: string };
let plain: { id: string; key: string };

const requestedAt = new Date(TEST_NOW);
const has = (s: CarrierSnapshot, names: string[]) =>
  s.containers.some((c) => c.events.some((e) => !e.estimated && names.includes(e.event ?? "")));
/** The cases: each kind of number, and journeys with a transshipment and with rail, as the sandbox offers them. */
const CASES: {
  label: string;
  requestType: RequestType;
  number: string;
  afterDays: number;
  /** Actual milestones the case is about, which the DCSA path must show. */
  shows: string[];
}[] = [
  {
    label: "a bill of lading",
    requestType: "bill_of_lading",
    number: sandboxNumber("MAEU", 11),
    afterDays: 12,
    shows: ["vessel_loaded"],
  },
  {
    label: "a booking",
    requestType: "booking_number",
    number: sandboxNumber("MAEU", 12, "booking_number"),
    afterDays: 12,
    shows: ["vessel_loaded"],
  },
  {
    label: "a container",
    requestType: "container",
    number: sandboxNumber("MAEU", 13, "container"),
    afterDays: 12,
    shows: ["full_in"],
  },
  {
    label: "a bill of lading with a transshipment",
    requestType: "bill_of_lading",
    number: findSandboxBillOfLading("MAEU", requestedAt, 30 * DAY, (s) =>
      has(s, ["transshipment_discharged", "transshipment_departed"]),
    ),
    afterDays: 30,
    shows: ["transshipment_discharged", "transshipment_departed"],
  },
  {
    label: "a bill of lading moved on by rail",
    requestType: "bill_of_lading",
    // One without a transshipment, so that it is not the case above's shipment too.
    number: findSandboxBillOfLading(
      "MAEU",
      requestedAt,
      45 * DAY,
      (s) => has(s, ["rail_departed", "rail_arrived"]) && !has(s, ["transshipment_discharged"]),
    ),
    afterDays: 45,
    shows: ["rail_departed", "rail_arrived"],
  },
];

beforeAll(async () => {
  world = await createDcsaWorld();
  const a = await world.h.newAccount("Connected forwarder");
  const b = await world.h.newAccount("Sandbox forwarder");
  connected = { id: a.account.id, key: a.apiKey };
  plain = { id: b.account.id, key: b.apiKey };
  await world.connect(connected.key, { scac: "MAEU" });
}, 120_000);
afterAll(() => world.close());

async function json<T>(key: string, path: string): Promise<T> {
  const response = await world.request(key, path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function trackingRequest(key: string, id: string) {
  return json<{
    data: {
      attributes: { status: string; failed_reason: string | null };
      relationships: { tracked_object: { data: { id: string } | null } };
    };
  }>(key, `/v2/tracking_requests/${id}`);
}

/** What a client reads of the shipment a request became: its dates, and per container its lines. */
async function whatTheApiServes(key: string, trackingRequestId: string) {
  const tr = await trackingRequest(key, trackingRequestId);
  expect(["created", "tracking_stopped"]).toContain(tr.data.attributes.status);
  const shipmentId = tr.data.relationships.tracked_object.data!.id;
  const shipment = await json<{
    data: {
      attributes: Record<string, unknown>;
      relationships: { containers: { data: { id: string }[] } };
    };
  }>(key, `/v2/shipments/${shipmentId}`);
  const boxes = [];
  for (const { id } of shipment.data.relationships.containers.data) {
    const box = await json<{ data: { attributes: { number: string } } }>(key, `/v2/containers/${id}`);
    const raw = await json<Doc<RawLine>>(key, `/v2/containers/${id}/raw_events`);
    const transport = await json<Doc<TransportLine>>(key, `/v2/containers/${id}/transport_events`);
    boxes.push({
      id,
      number: box.data.attributes.number,
      raw: raw.data.map((d) => d.attributes),
      transport: transport.data.map((d) => ({
        ...d.attributes,
        vessel: d.relationships?.vessel?.data?.id ?? null,
      })),
    });
  }
  boxes.sort((x, y) => x.number.localeCompare(y.number));
  const a = shipment.data.attributes;
  const dates = {
    pol_etd_at: a.pol_etd_at,
    pol_atd_at: a.pol_atd_at,
    pod_eta_at: a.pod_eta_at,
    pod_ata_at: a.pod_ata_at,
    destination_eta_at: a.destination_eta_at,
    destination_ata_at: a.destination_ata_at,
  };
  return { shipmentId, dates, boxes, attributes: a };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** The milestone of a transport event, an estimate's (`container.transport.estimated.…`) included. */
const milestoneOf = (event: string) => event.replace(/^container\.transport\.(estimated\.)?/, "");
/** Raw events name the inland arrival as the hosted API does; the code table by the milestone. */
const bareName = (event: string | null) =>
  event === "arrived_at_destination" ? "arrived_at_inland_destination" : (event ?? "");
/** A raw line as the two paths can both tell it. */
const comparable = (r: RawLine) => ({
  event: r.event,
  timestamp: r.timestamp,
  estimated: r.estimated,
  location_locode: r.location_locode,
  vessel_imo: r.vessel_imo,
  vessel_name: r.vessel_name,
  voyage_number: r.voyage_number,
});

describe("a tracking request through a DCSA carrier connection to the sandbox publisher", () => {
  for (const c of CASES) {
    it(`turns ${c.label} into the shipment the sandbox gives, read through DCSA`, async () => {
      const viaDcsa = await world.track(connected.key, c.requestType, c.number, "MAEU");
      const viaSandbox = await world.track(plain.key, c.requestType, c.number, "MAEU");
      expect((await trackingRequest(connected.key, viaDcsa)).data.attributes.status).toBe("pending");
      await world.engine.runUntilIdle();
      expect((await trackingRequest(connected.key, viaDcsa)).data.attributes.status).toBe("created");
      world.h.clock.advance(c.afterDays * DAY);
      await world.engine.runUntilIdle();

      const dcsa = await whatTheApiServes(connected.key, viaDcsa);
      const direct = await whatTheApiServes(plain.key, viaSandbox);

      // The publisher anchored the reference at its first request; the sandbox's own answer for that moment.
      const [anchor] = await world.h.db
        .select()
        .from(dcsaSandboxAnchors)
        .where(eq(dcsaSandboxAnchors.reference, c.number));
      expect(anchor).toBeDefined();
      const expected = world.sandbox.lookupNow(
        {
          requestType: c.requestType,
          number: c.number,
          scac: "MAEU",
          requestedAt: anchor!.anchoredAt,
        },
        world.h.clock.now(),
      );
      if (expected.outcome !== "found") throw new Error(`the sandbox does not find ${c.number}`);
      const s = expected.snapshot;

      if (c.requestType === "container") {
        // By design: DCSA's equipmentReference filter answers that box's events only, where the sandbox answers
        // the whole shipment it travels in; the box itself reads the same.
        expect(dcsa.boxes.map((b) => b.number)).toEqual([c.number]);
        direct.boxes = direct.boxes.filter((b) => b.number === c.number);
      } else expect(dcsa.boxes.map((b) => b.number)).toEqual(s.containers.map((b) => b.number).sort());
      expect(dcsa.boxes.map((b) => b.number)).toEqual(direct.boxes.map((b) => b.number));
      expect(dcsa.dates).toEqual({
        pol_etd_at: iso(s.polEtd),
        pol_atd_at: iso(s.polAtd),
        pod_eta_at: iso(s.podEta),
        pod_ata_at: iso(s.podAta),
        destination_eta_at: iso(s.destinationEta),
        destination_ata_at: iso(s.destinationAta),
      });
      expect(dcsa.dates).toEqual(direct.dates);
      expect(dcsa.attributes.bill_of_lading_number).toBe(direct.attributes.bill_of_lading_number);

      const actual = dcsa.boxes.flatMap((b) => b.raw.filter((r) => !r.estimated).map((r) => r.event));
      expect(actual).toEqual(expect.arrayContaining(c.shows));
      for (const [i, box] of dcsa.boxes.entries()) {
        const other = direct.boxes[i]!;
        // Transport events: names, times, places, vessels; only the terminal's milestones are the sandbox's alone.
        const transport = (lines: typeof box.transport) =>
          lines.map(({ event, timestamp, location_locode, voyage_number, vessel }) => ({
            event,
            timestamp,
            location_locode,
            voyage_number,
            vessel,
          }));
        expect(transport(box.transport)).toEqual(
          transport(other.transport.filter((t) => DCSA_MILESTONES.has(milestoneOf(t.event)))),
        );
        // Raw events: the same lines where DCSA has a code for them…
        expect(box.raw.map(comparable)).toEqual(
          other.raw.filter((r) => DCSA_MILESTONES.has(bareName(r.event))).map(comparable),
        );
        // …each told in DCSA's words: the code, then its description.
        for (const line of box.raw) {
          const codes = DCSA_CODE_ROWS.filter((r) => r.milestone === bareName(line.event)).map((r) => r.code);
          expect(codes, JSON.stringify(line)).toContain(line.original_event.slice(0, 4));
          expect(line.original_event).toMatch(/^[A-Z]{4} \S/);
        }
        // The sandbox's own words are not DCSA's.
        expect(other.raw.some((r) => /^[A-Z]{4} /.test(r.original_event))).toBe(false);
      }
    });
  }
});
