// Service tests: listing, reading, editing, stopping and resuming shipments.
import { gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipmentSchema } from "../../api/shipments";
import { accountEvents, shipments as shipmentsTable, trackingRequests } from "../db/schema";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let key: string;
let accountId: string;

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Shipments Test Co");
  key = created.apiKey;
  accountId = created.account.id;
  for (let i = 0; i < 35; i++) await insertShipment(h.db, accountId);
});
afterAll(() => h.close());

const get = (path: string) => h.request(key, path);
const patch = (path: string, json?: unknown) => h.request(key, path, { method: "PATCH", json });

describe("GET /v2/shipments", () => {
  it("returns the first 30 shipments, newest first, with meta and page links", async () => {
    const response = await get("/v2/shipments");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data).toHaveLength(30);
    expect(body.meta).toEqual({ size: 30, total: 35 });
    const created = body.data.map((s: { attributes: { created_at: string } }) => s.attributes.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    for (const shipment of body.data) shipmentSchema.parse(shipment);
    expect(body.links.self).toBe("http://localhost/v2/shipments");
    expect(body.links.first).toBe("http://localhost/v2/shipments?page[number]=1&page[size]=30");
    expect(body.links.next).toMatch(
      /^http:\/\/localhost\/v2\/shipments\?page\[number\]=2&page\[size\]=30&page\[after\]=[\w-]+$/,
    );
    expect(body.links.last).toBe("http://localhost/v2/shipments?page[number]=2&page[size]=30");
    expect(body.links.prev).toBeUndefined();
  });

  it("walks the list by its links, a cursor in each, seeing every shipment once while new ones arrive", async () => {
    const ids = (doc: { data: { id: string }[] }) => doc.data.map((s) => s.id);
    const byNumber = [
      ...ids(await (await get("/v2/shipments?page[size]=10")).json()),
      ...ids(await (await get("/v2/shipments?page[size]=10&page[number]=2")).json()),
      ...ids(await (await get("/v2/shipments?page[size]=10&page[number]=3")).json()),
      ...ids(await (await get("/v2/shipments?page[size]=10&page[number]=4")).json()),
    ];
    const walked: string[] = [];
    let document = await (await get("/v2/shipments?page[size]=10")).json();
    walked.push(...ids(document));
    // A shipment arrives at the head of the list after the first page was read: pages by number would now
    // repeat a row; the cursors do not.
    const late = await insertShipment(h.db, accountId, { createdAt: new Date(Date.parse("2030-01-01")) });
    while (document.links.next) {
      document = await (await get(document.links.next.replace("http://localhost", ""))).json();
      walked.push(...ids(document));
    }
    expect(walked).toEqual(byNumber);
    expect(walked).not.toContain(late.shipment.id);

    // And back: prev links carry a cursor too.
    const back = await (await get(document.links.prev.replace("http://localhost", ""))).json();
    expect(back.links.prev).toContain("page[before]=");
    expect(ids(back)).toEqual(byNumber.slice(20, 30));
    await h.db.delete(shipmentsTable).where(eq(shipmentsTable.id, late.shipment.id));
  });

  it("refuses a cursor it did not give out, and two cursors at once", async () => {
    for (const [query, parameter] of [
      ["page[after]=bm90LWEtY3Vyc29y", "page[after]"],
      ["page[before]=%3Cscript%3E", "page[before]"],
      [
        "page[after]=MjAyNi0xMS0yMFQxMTozMDowMC4wMDBaX2M2YTQ0MmUzLTZkZTUtNGUyMi1iMTUwLWUyOGRjN2Q4MzdmNg&page[before]=x",
        "page[before]",
      ],
    ] as const) {
      const response = await get(`/v2/shipments?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).errors[0].source).toEqual({ parameter });
    }
  });

  it("pages: the last page holds the rest, and a page past the end is empty", async () => {
    const second = await (await get("/v2/shipments?page[number]=2")).json();
    expect(second.meta).toEqual({ size: 5, total: 35 });
    expect(second.links.next).toBeUndefined();
    expect(second.links.prev).toContain("page[number]=1");
    const beyond = await (await get("/v2/shipments?page[number]=9")).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.links.prev).toContain("page[number]=2");
  });

  it("clamps page[size] to 100 and accepts 1", async () => {
    const big = await (await get("/v2/shipments?page[size]=1000")).json();
    expect(big.data).toHaveLength(35);
    expect(big.links.current).toContain("page[size]=100");
    const one = await (await get("/v2/shipments?page[size]=1&page[number]=35")).json();
    expect(one.data).toHaveLength(1);
    expect(one.links.last).toContain("page[number]=35");
  });

  it.each([
    ["page[number]", "0"],
    ["page[number]", "-1"],
    ["page[number]", "abc"],
    ["page[size]", "0"],
    ["page[size]", "1.5"],
    ["page[size]", ""],
  ])("answers %s=%s with a 400 naming the parameter", async (name, value) => {
    const response = await get(`/v2/shipments?${name}=${value}`);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors[0]).toMatchObject({ status: "400", source: { parameter: name } });
  });

  it("searches bill of lading, reference and container numbers", async () => {
    await insertShipment(h.db, accountId, {
      billOfLading: "MAEU777000111",
      refNumbers: ["PO-SEARCH-42"],
      containerNumbers: ["TGHU8812345"],
    });
    // A reference typed without its dashes finds it too, as people copy it from an email or a spreadsheet.
    for (const q of ["777000111", "maeu777000", "PO-SEARCH", "po-search-42", "posearch42", "TGHU881"]) {
      const body = await (await get(`/v2/shipments?q=${q}`)).json();
      expect(
        body.data.map(
          (s: { attributes: { bill_of_lading_number: string } }) => s.attributes.bill_of_lading_number,
        ),
        q,
      ).toEqual(["MAEU777000111"]);
    }
    const none = await (await get("/v2/shipments?q=%25")).json();
    expect(none.meta.total).toBe(0);
  });

  it("pages a search's matches, with the tracking filter, counting each shipment once", async () => {
    // Seven shipments match "ZZQ": five by a reference, one by a container, one by both; three are stopped.
    for (let i = 0; i < 7; i++) {
      await insertShipment(h.db, accountId, {
        refNumbers: i < 6 ? [`ZZQ-${i}`] : [],
        containerNumbers: i >= 5 ? [`ZZQU${String(1_000_000 + i)}`] : undefined,
        stopped: i % 2 === 0 && i < 6,
      });
    }
    const all = await (await get("/v2/shipments?q=zzq&page[size]=3")).json();
    expect(all.meta.total).toBe(7);
    const walked = [...all.data];
    let page = all;
    while (page.links.next) {
      page = await (await get(page.links.next.replace("http://localhost", ""))).json();
      walked.push(...page.data);
    }
    expect(new Set(walked.map((s: { id: string }) => s.id)).size).toBe(7);
    const third = await (await get("/v2/shipments?q=zzq&page[size]=3&page[number]=3")).json();
    expect(third.data.map((s: { id: string }) => s.id)).toEqual(walked.slice(6).map((s) => s.id));

    const stopped = await (await get("/v2/shipments?q=zzq&filter[tracking_stopped]=true")).json();
    expect(stopped.meta.total).toBe(3);
    const tracked = await (await get("/v2/shipments?q=zzq&filter[tracking_stopped]=false")).json();
    expect(tracked.meta.total).toBe(4);
    for (const s of tracked.data) expect(s.attributes.line_tracking_stopped_at).toBeNull();
  });

  it("filters on tracking stopped", async () => {
    await insertShipment(h.db, accountId, { stopped: true, billOfLading: "MAEU555000999" });
    const stopped = await (await get("/v2/shipments?filter[tracking_stopped]=true")).json();
    expect(
      stopped.data.map(
        (s: { attributes: { bill_of_lading_number: string } }) => s.attributes.bill_of_lading_number,
      ),
    ).toContain("MAEU555000999");
    for (const s of stopped.data) expect(s.attributes.line_tracking_stopped_at).not.toBeNull();
    const active = await (await get("/v2/shipments?filter[tracking_stopped]=false&page[size]=100")).json();
    for (const s of active.data) expect(s.attributes.line_tracking_stopped_at).toBeNull();
    const bad = await get("/v2/shipments?filter[tracking_stopped]=maybe");
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].source).toEqual({ parameter: "filter[tracking_stopped]" });
  });

  it("includes related resources once each", async () => {
    const body = await (
      await get("/v2/shipments?page[size]=5&include=port_of_lading,port_of_discharge,containers")
    ).json();
    const types = body.included.map((r: { type: string }) => r.type);
    expect(types.filter((t: string) => t === "port")).toHaveLength(2);
    expect(types.filter((t: string) => t === "container").length).toBeGreaterThanOrEqual(5);
    const keys = body.included.map((r: { type: string; id: string }) => `${r.type}/${r.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("compresses the list for a client that accepts gzip, and only for it", async () => {
    const zipped = await h.request(key, "/v2/shipments", { headers: { "Accept-Encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    const body = JSON.parse(gunzipSync(bytes).toString("utf8"));
    expect(body.data).toHaveLength(30);
    const plain = await get("/v2/shipments");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(bytes.length).toBeLessThan((await plain.text()).length / 3);
  });

  it("refuses an unknown include with a 400 naming the parameter", async () => {
    const response = await get("/v2/shipments?include=containers,secrets");
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors[0].source).toEqual({ parameter: "include" });
    expect(body.errors[0].detail).toContain("secrets");
  });
});

describe("GET /v2/shipments/{id}", () => {
  it("returns the shipment with every attribute and relationship", async () => {
    const { shipment, containers } = await insertShipment(h.db, accountId, {
      containerNumbers: ["MSKU1111117", "MSKU2222220"],
    });
    const body = await (await get(`/v2/shipments/${shipment.id}`)).json();
    const parsed = shipmentSchema.parse(body.data);
    expect(parsed.attributes).toMatchObject({
      shipping_line_scac: "MAEU",
      shipping_line_name: "Maersk",
      port_of_lading_locode: "CNSHA",
      port_of_discharge_locode: "USLAX",
      pod_timezone: "America/Los_Angeles",
      pol_timezone: "Asia/Shanghai",
      destination_locode: null,
      pod_original_eta_at: "2026-11-15T14:00:00.000Z",
      line_tracking_stopped_at: null,
    });
    expect(parsed.relationships.containers.data.map((c) => c.id).sort()).toEqual(
      containers.map((c) => c.id).sort(),
    );
    expect(parsed.relationships.destination).toEqual({ data: null });
    expect(body.links.self).toBe(`/v2/shipments/${shipment.id}`);
    expect(body.included).toBeUndefined();
  });

  it("includes containers, their terminals, and ports on request", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const body = await (
      await get(`/v2/shipments/${shipment.id}?include=containers.pod_terminal,pod_terminal,port_of_discharge`)
    ).json();
    const types = body.included.map((r: { type: string }) => r.type).sort();
    expect(types).toEqual(["container", "port", "terminal"]);
    const container = body.included.find((r: { type: string }) => r.type === "container");
    expect(container.attributes.holds_at_pod_terminal).toEqual([
      { name: "customs", status: "hold", description: "CBP exam" },
    ]);
    expect(container.attributes.pickup_lfd).toBe("2026-11-24T08:00:00.000Z");
  });

  it("answers an unknown or malformed id with a 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1; drop table shipments"]) {
      const response = await get(`/v2/shipments/${encodeURIComponent(id)}`);
      expect(response.status, id).toBe(404);
      expect((await response.json()).errors[0]).toMatchObject({ status: "404", title: "Not Found" });
    }
  });
});

describe("PATCH /v2/shipments/{id}", () => {
  it("changes reference numbers, tags and customer", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const response = await patch(`/v2/shipments/${shipment.id}`, {
      data: {
        type: "shipment",
        attributes: { ref_numbers: ["PO-1", "PO-2"], tags: ["urgent"], customer_name: "Globex" },
      },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.attributes).toMatchObject({
      ref_numbers: ["PO-1", "PO-2"],
      tags: ["urgent"],
      customer_name: "Globex",
    });
    const again = await (await get(`/v2/shipments/${shipment.id}`)).json();
    expect(again.data.attributes.tags).toEqual(["urgent"]);
  });

  it("accepts an empty object and changes nothing", async () => {
    const { shipment } = await insertShipment(h.db, accountId, { tags: ["keep"] });
    for (const json of [{}, { data: {} }, { data: { attributes: {} } }]) {
      const response = await patch(`/v2/shipments/${shipment.id}`, json);
      expect(response.status).toBe(200);
      expect((await response.json()).data.attributes.tags).toEqual(["keep"]);
    }
  });

  it("accepts the JSON:API media type", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const response = await h.request(key, `/v2/shipments/${shipment.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/vnd.api+json" },
      body: JSON.stringify({ data: { attributes: { tags: ["jsonapi"] } } }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).data.attributes.tags).toEqual(["jsonapi"]);
  });

  it("refuses read-only, unknown and invalid attributes with a 422 pointing at them, and writes nothing", async () => {
    const { shipment } = await insertShipment(h.db, accountId, { tags: ["before"] });
    const cases: [unknown, string, string][] = [
      [
        { data: { attributes: { bill_of_lading_number: "X" } } },
        "/data/attributes/bill_of_lading_number",
        "read_only",
      ],
      [
        { data: { attributes: { tags: ["a"], colour: "red" } } },
        "/data/attributes/colour",
        "unknown_attribute",
      ],
      [
        { data: { attributes: { "size/colour": "red" } } },
        "/data/attributes/size~1colour",
        "unknown_attribute",
      ],
      [{ data: { attributes: { tags: "urgent" } } }, "/data/attributes/tags", "invalid"],
      [{ data: { attributes: { tags: ["a", "a"] } } }, "/data/attributes/tags", "invalid"],
      [{ data: { attributes: { ref_numbers: [""] } } }, "/data/attributes/ref_numbers/0", "invalid"],
      [{ data: { attributes: { ref_numbers: [42] } } }, "/data/attributes/ref_numbers/0", "invalid"],
    ];
    for (const [json, pointer, code] of cases) {
      const response = await patch(`/v2/shipments/${shipment.id}`, json);
      expect(response.status, pointer).toBe(422);
      const body = await response.json();
      expect(body.errors).toContainEqual(
        expect.objectContaining({ status: "422", code, source: { pointer } }),
      );
    }
    const after = await (await get(`/v2/shipments/${shipment.id}`)).json();
    expect(after.data.attributes.tags).toEqual(["before"]);
  });

  it("answers bad bodies with 400, 413 and 415", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const path = `/v2/shipments/${shipment.id}`;
    const send = (body: string, contentType = "application/json") =>
      h.request(key, path, { method: "PATCH", headers: { "content-type": contentType }, body });
    expect((await send("{not json")).status).toBe(400);
    expect((await send("[1,2]")).status).toBe(400);
    expect((await send("tags=urgent", "application/x-www-form-urlencoded")).status).toBe(415);
    const huge = JSON.stringify({ data: { attributes: { tags: ["x".repeat(1024 * 1024)] } } });
    const tooLarge = await send(huge);
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).errors[0].status).toBe("413");
  });
});

describe("stop and resume tracking", () => {
  it("stops with the user's reason and the key that did it, and resumes; both are idempotent", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const stop = await patch(`/v2/shipments/${shipment.id}/stop_tracking`);
    expect(stop.status).toBe(200);
    const stopped = (await stop.json()).data;
    expect(stopped.attributes.line_tracking_stopped_at).toBe(h.clock.now().toISOString());
    expect(stopped.attributes.line_tracking_stopped_reason).toBe("cancelled_by_user");
    // A key stopped it: no person (people.test.ts has a person's stop), the key in our extension.
    expect(stopped.relationships.line_tracking_stopped_by_user.data).toBeNull();
    expect(stopped.relationships.line_tracking_stopped_by_api_key.data).toMatchObject({ type: "api_key" });

    h.clock.advance(60_000);
    const again = (await (await patch(`/v2/shipments/${shipment.id}/stop_tracking`)).json()).data;
    expect(again.attributes.line_tracking_stopped_at).toBe(stopped.attributes.line_tracking_stopped_at);

    const withUser = await (
      await get(`/v2/shipments/${shipment.id}?include=line_tracking_stopped_by_user`)
    ).json();
    expect(withUser.included ?? []).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const resumed = (await (await patch(`/v2/shipments/${shipment.id}/resume_tracking`)).json()).data;
      expect(resumed.attributes.line_tracking_stopped_at).toBeNull();
      expect(resumed.attributes.line_tracking_stopped_reason).toBeNull();
      expect(resumed.relationships.line_tracking_stopped_by_user.data).toBeNull();
      expect(resumed.relationships.line_tracking_stopped_by_api_key.data).toBeNull();
    }
  });

  it("stops and resumes the tracking requests that made the shipment, telling subscribers once", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const other = await insertShipment(h.db, accountId);
    const request = (shipmentId: string, status: string) => ({
      accountId,
      requestType: "bill_of_lading",
      requestNumber: shipment.billOfLadingNumber,
      normalizedNumber: shipment.normalizedNumber,
      scac: "MAEU",
      status,
      shipmentId,
    });
    const [made, failed, elsewhere] = await h.db
      .insert(trackingRequests)
      .values([
        request(shipment.id, "created"),
        request(shipment.id, "failed"),
        request(other.shipment.id, "created"),
      ])
      .returning();
    const statuses = async () =>
      Promise.all(
        [made!, failed!, elsewhere!].map(async (r) => {
          const [row] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, r.id));
          return row!.status;
        }),
      );
    const stoppedEvents = () =>
      h.db
        .select()
        .from(accountEvents)
        .where(
          and(
            eq(accountEvents.event, "tracking_request.tracking_stopped"),
            eq(accountEvents.shipmentId, shipment.id),
          ),
        );

    for (let i = 0; i < 2; i++) {
      expect((await patch(`/v2/shipments/${shipment.id}/stop_tracking`)).status).toBe(200);
      expect(await statuses()).toEqual(["tracking_stopped", "failed", "created"]);
      const events = await stoppedEvents();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        accountId,
        referenceType: "tracking_request",
        referenceId: made!.id,
        createdAt: h.clock.now(),
      });
    }
    for (let i = 0; i < 2; i++) {
      expect((await patch(`/v2/shipments/${shipment.id}/resume_tracking`)).status).toBe(200);
      expect(await statuses()).toEqual(["created", "failed", "created"]);
    }
    const [resumed] = await h.db.select().from(shipmentsTable).where(eq(shipmentsTable.id, shipment.id));
    expect(resumed!.nextRefreshAt).toEqual(h.clock.now());
    expect(await stoppedEvents()).toHaveLength(1);
  });

  it("answers an unknown shipment with a 404", async () => {
    expect((await patch("/v2/shipments/00000000-0000-4000-8000-000000000000/stop_tracking")).status).toBe(
      404,
    );
    expect((await patch("/v2/shipments/nope/resume_tracking")).status).toBe(404);
  });

  it("answers a wrong method with a 405 naming the allowed ones", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const response = await h.request(key, `/v2/shipments/${shipment.id}/stop_tracking`, { method: "GET" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("PATCH");
    expect((await response.json()).errors[0].status).toBe("405");
    expect((await h.request(key, "/v2/shipments", { method: "DELETE" })).status).toBe(405);
  });
});
