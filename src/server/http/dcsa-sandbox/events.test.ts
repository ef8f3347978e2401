// GET /dcsa/sandbox/{scac}/v2/events and /v2/events/{eventID}: every answer held to the DCSA T&T 2.2 yaml by a
// real validator, paging followed to the end, the anchor kept across a restart, the optional API key.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { validateDcsaResponse } from "../../testing/dcsa-openapi";
import { headersOf } from "../../testing/dcsa-publisher-openapi";
import { createDcsaSandboxHarness, type DcsaSandboxHarness } from "../../testing/dcsa-sandbox-harness";
import { findSandboxBillOfLading, sandbox } from "../../testing/sandbox-shipments";
import { TEST_NOW } from "../../testing/service-harness";
import type { DcsaEvent } from "../../tracking/dcsa/types";
import { sandboxNumber } from "../../tracking/sandbox/network";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// One database for the file (opening one costs seconds); each test asks about its own references.
let harness: DcsaSandboxHarness;
beforeAll(async () => {
  harness = await createDcsaSandboxHarness();
}, 120_000);
afterAll(() => harness.close());
beforeEach(() => harness.h.clock.set(TEST_NOW));

async function setUp(options: { apiKey?: string } = {}) {
  return options.apiKey ? harness.restart(options) : harness;
}

/** Requests a page and checks status, body and headers against the yaml. */
async function getValid(s: DcsaSandboxHarness, path: string, operation: string, init?: RequestInit) {
  const response = await s.request(path, init);
  const body: unknown = response.status === 204 ? null : await response.json();
  expect(validateDcsaResponse(operation, response.status, body, headersOf(response))).toEqual([]);
  return { status: response.status, body, headers: response.headers };
}

const EVENTS = "GET /v2/events";

describe("GET /dcsa/sandbox/{scac}/v2/events", () => {
  it("answers a bill of lading's events for several lines, valid against the yaml", async () => {
    const s = await setUp();
    for (const scac of ["MAEU", "MSCU", "COSU", "HLCU", "CMDU"]) {
      const number = sandboxNumber(scac, 3);
      const { status, body, headers } = await getValid(
        s,
        `/dcsa/sandbox/${scac}/v2/events?transportDocumentReference=${number}`,
        EVENTS,
      );
      expect(status).toBe(200);
      const events = body as DcsaEvent[];
      expect(events.length).toBeGreaterThan(3);
      expect(events.map((e) => e.eventType)).toEqual(expect.arrayContaining(["TRANSPORT", "EQUIPMENT"]));
      for (const e of events)
        expect(e.documentReferences).toContainEqual({
          documentReferenceType: "TRD",
          documentReferenceValue: number,
        });
      expect(headers.get("API-Version")).toBe("2.2.0");
      expect(headers.get("Current-Page")).toMatch(/^http:\/\/localhost\/dcsa\/sandbox\/.+\/v2\/events\?/);
      expect(headers.get("Next-Page")).toBeNull();
    }
  });

  it("pages with limit and cursor to the end, every page valid, and the pages make the whole list", async () => {
    const s = await setUp();
    const number = findSandboxBillOfLading(
      "MSCU",
      new Date(TEST_NOW),
      0,
      (snap) => snap.containers.length >= 3,
    );
    const whole = await getValid(
      s,
      `/dcsa/sandbox/MSCU/v2/events?transportDocumentReference=${number}`,
      EVENTS,
    );
    const all = whole.body as DcsaEvent[];
    expect(all.length).toBeGreaterThan(12);
    const pages: DcsaEvent[][] = [];
    let next: string | null = `/dcsa/sandbox/MSCU/v2/events?transportDocumentReference=${number}&limit=5`;
    let lastPage: string | null = null;
    while (next) {
      const page = await getValid(s, next, EVENTS);
      if (pages.length === 0) lastPage = page.headers.get("Last-Page");
      if (pages.length > 0) expect(page.headers.get("Prev-Page")).not.toBeNull();
      expect(page.headers.get("First-Page")).not.toBeNull();
      pages.push(page.body as DcsaEvent[]);
      next = page.headers.get("Next-Page");
      // The world moves on while the client pages: the cursor keeps the listing's moment.
      s.h.clock.advance(DAY);
      if (!next) expect(page.headers.get("Current-Page")).toBe(lastPage);
    }
    expect(pages.every((p) => p.length <= 5)).toBe(true);
    expect(pages.length).toBe(Math.ceil(all.length / 5));
    expect(pages.flat()).toEqual(all);
  });

  it("answers [] for a reference the line does not know, and for no reference at all", async () => {
    const s = await setUp();
    for (const query of [
      "transportDocumentReference=NOPE0000",
      "carrierBookingReference=12",
      "",
      "limit=1",
    ]) {
      const { status, body } = await getValid(s, `/dcsa/sandbox/MAEU/v2/events?${query}`, EVENTS);
      expect(status).toBe(200);
      expect(body).toEqual([]);
    }
  });

  it("refuses an invalid query with 400 in the yaml's error shape", async () => {
    const s = await setUp();
    const number = sandboxNumber("MAEU", 1);
    for (const query of [
      `transportDocumentReference=${number}&limit=0`,
      `transportDocumentReference=${number}&limit=many`,
      `transportDocumentReference=${number}&eventType=SHIPMENT,PARCEL`,
      `transportDocumentReference=${number}&cursor=not-a-cursor`,
      `transportDocumentReference=${"X".repeat(21)}`,
    ]) {
      const { status, body } = await getValid(s, `/dcsa/sandbox/MAEU/v2/events?${query}`, EVENTS);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        statusCode: 400,
        httpMethod: "GET",
        errors: [{ reason: "invalidQuery" }],
      });
    }
  });

  it("filters by eventType, equipment event code and box", async () => {
    const s = await setUp();
    const number = findSandboxBillOfLading(
      "CMDU",
      new Date(TEST_NOW),
      0,
      (snap) => snap.containers.length >= 2,
    );
    const base = `/dcsa/sandbox/CMDU/v2/events?transportDocumentReference=${number}`;
    const transport = (await getValid(s, `${base}&eventType=TRANSPORT`, EVENTS)).body as DcsaEvent[];
    expect(transport.length).toBeGreaterThan(0);
    expect(new Set(transport.map((e) => e.eventType))).toEqual(new Set(["TRANSPORT"]));
    const loads = (await getValid(s, `${base}&equipmentEventTypeCode=LOAD`, EVENTS)).body as DcsaEvent[];
    expect(
      loads.filter((e) => e.eventType === "EQUIPMENT").every((e) => e.equipmentEventTypeCode === "LOAD"),
    ).toBe(true);
    const snapshot = sandbox.lookupNow(
      { requestType: "bill_of_lading", number, scac: "CMDU", requestedAt: new Date(TEST_NOW) },
      new Date(TEST_NOW),
    );
    if (snapshot.outcome !== "found") throw new Error("expected a shipment");
    const box = snapshot.snapshot.containers[1]?.number as string;
    const one = (await getValid(s, `${base}&equipmentReference=${box}`, EVENTS)).body as DcsaEvent[];
    const boxes = new Set(one.flatMap((e) => (e.eventType === "EQUIPMENT" ? [e.equipmentReference] : [])));
    expect(boxes).toEqual(new Set([box]));
  });

  it("answers a booking as its own reference, with BKG among the document references", async () => {
    const s = await setUp();
    const booking = sandboxNumber("MAEU", 7, "booking_number");
    const { body } = await getValid(
      s,
      `/dcsa/sandbox/MAEU/v2/events?carrierBookingReference=${booking}`,
      EVENTS,
    );
    const events = body as DcsaEvent[];
    expect(events.length).toBeGreaterThan(0);
    for (const e of events)
      expect(e.documentReferences).toContainEqual({
        documentReferenceType: "BKG",
        documentReferenceValue: booking,
      });
  });

  it("anchors a reference at its first request: a restarted service answers the same world", async () => {
    const s = await setUp();
    const number = sandboxNumber("HLCU", 11);
    const path = `/dcsa/sandbox/HLCU/v2/events?transportDocumentReference=${number}`;
    await getValid(s, path, EVENTS);
    s.h.clock.advance(10 * DAY);
    const before = (await getValid(s, path, EVENTS)).body as DcsaEvent[];
    const restarted = await s.restart();
    const after = (await getValid(restarted, path, EVENTS)).body as DcsaEvent[];
    expect(after).toEqual(before);
    // And it is the world planned from the first request, not from the restart.
    const planned = sandbox.lookupNow(
      { requestType: "bill_of_lading", number, scac: "HLCU", requestedAt: new Date(TEST_NOW) },
      s.h.clock.now(),
    );
    if (planned.outcome !== "found") throw new Error("expected a shipment");
    const departed = planned.snapshot.polAtd ?? planned.snapshot.polEtd;
    expect(
      after.some(
        (e) =>
          e.eventType === "TRANSPORT" &&
          e.transportEventTypeCode === "DEPA" &&
          e.eventDateTime === departed?.toISOString(),
      ),
    ).toBe(true);
  });

  it("dates estimates when they were made: a later request gives the same eventCreatedDateTime, never in the future", async () => {
    const s = await setUp();
    const number = findSandboxBillOfLading("MAEU", new Date(TEST_NOW), 2 * HOUR, (snap) =>
      snap.containers.some((c) => c.events.filter((e) => e.estimated).length > 3),
    );
    const path = `/dcsa/sandbox/MAEU/v2/events?transportDocumentReference=${number}`;
    const first = (await getValid(s, path, EVENTS)).body as DcsaEvent[];
    s.h.clock.advance(2 * HOUR);
    const later = (await getValid(s, path, EVENTS)).body as DcsaEvent[];
    const created = new Map(first.map((e) => [e.eventID, e.eventCreatedDateTime]));
    const estimates = later.filter((e) => e.eventClassifierCode === "EST" && created.has(e.eventID));
    expect(estimates.length).toBeGreaterThan(0);
    for (const e of later)
      expect(Date.parse(e.eventCreatedDateTime)).toBeLessThanOrEqual(s.h.clock.now().getTime());
    for (const e of estimates) {
      const before = first.find((f) => f.eventID === e.eventID);
      // Unchanged estimates keep their creation; one that moved was made in between.
      if (before?.eventDateTime === e.eventDateTime)
        expect(e.eventCreatedDateTime).toBe(before.eventCreatedDateTime);
      else expect(Date.parse(e.eventCreatedDateTime)).toBeGreaterThan(Date.parse(TEST_NOW));
    }
  });

  it("answers 404 in the DCSA error shape for a SCAC the sandbox does not have", async () => {
    const s = await setUp();
    const { status, body } = await getValid(
      s,
      "/dcsa/sandbox/ZZZZ/v2/events?transportDocumentReference=X1",
      EVENTS,
    );
    expect(status).toBe(404);
    expect(body).toMatchObject({ statusCode: 404, errors: [{ reason: "notFound" }] });
  });

  it("asks for DCSA_SANDBOX_API_KEY in an API-Key header when the service has one", async () => {
    const s = await setUp({ apiKey: "sandbox-key-1" });
    const path = `/dcsa/sandbox/MAEU/v2/events?transportDocumentReference=${sandboxNumber("MAEU", 2)}`;
    const refused: Record<string, string>[] = [
      {},
      { "API-Key": "wrong" },
      { Authorization: "Token sandbox-key-1" },
    ];
    for (const headers of refused) {
      const { status, body } = await getValid(s, path, EVENTS, { headers });
      expect(status).toBe(401);
      expect(JSON.stringify(body)).not.toContain("sandbox-key-1");
    }
    const ok = await getValid(s, path, EVENTS, { headers: { "API-Key": "sandbox-key-1" } });
    expect(ok.status).toBe(200);
    expect((ok.body as unknown[]).length).toBeGreaterThan(0);
  });

  it("is open without a key when the service has none", async () => {
    const s = await setUp();
    const { status } = await getValid(
      s,
      `/dcsa/sandbox/MAEU/v2/events?transportDocumentReference=${sandboxNumber("MAEU", 2)}`,
      EVENTS,
    );
    expect(status).toBe(200);
  });
});

describe("GET /dcsa/sandbox/{scac}/v2/events/{eventID}", () => {
  const ONE = "GET /v2/events/{eventID}";

  it("answers an event by its id, also after a restart (found through the anchors)", async () => {
    const s = await setUp();
    const number = sandboxNumber("COSU", 5);
    const list = (
      await getValid(s, `/dcsa/sandbox/COSU/v2/events?transportDocumentReference=${number}`, EVENTS)
    ).body as DcsaEvent[];
    const wanted = list[Math.floor(list.length / 2)] as DcsaEvent;
    const one = await getValid(s, `/dcsa/sandbox/COSU/v2/events/${wanted.eventID}`, ONE);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(wanted);
    const again = await getValid(await s.restart(), `/dcsa/sandbox/COSU/v2/events/${wanted.eventID}`, ONE);
    expect(again.body).toEqual(wanted);
  });

  it("answers 404 for an id it does not know and 400 for one that is not a UUID", async () => {
    const s = await setUp();
    const unknown = await getValid(
      s,
      "/dcsa/sandbox/COSU/v2/events/6f1c2d3e-0000-4000-8000-000000000000",
      ONE,
    );
    expect(unknown.status).toBe(404);
    const bad = await getValid(s, "/dcsa/sandbox/COSU/v2/events/not-an-id", ONE);
    expect(bad.status).toBe(400);
  });
});
