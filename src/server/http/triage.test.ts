// Service tests: sorting and filtering GET /v2/shipments and GET /v2/containers (src/api/triage.ts), the search
// of both, the copies of shipment columns on containers that keep them sorted, and another account's rows never
// listed.
import { eq, inArray } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTAINER_SORT_FIELDS, SHIPMENT_SORT_FIELDS } from "../../api/triage";
import { shippingLineId } from "../db/reference-data";
import { containers, shipments, vessels } from "../db/schema";
import { PLACES_LISTED, searchPlaces } from "../db/search-places";
import { createHarness, type Harness } from "../testing/service-harness";
import { at, buildTriageFixture, type FixtureShipment, type TriageFixture } from "../testing/triage-fixture";

let h: Harness;
let key: string;
let f: TriageFixture;

beforeAll(async () => {
  h = await createHarness();
  const mine = await h.newAccount("Triage Co");
  const other = await h.newAccount("Other Triage Co");
  key = mine.apiKey;
  f = await buildTriageFixture(h.db, mine.account.id, other.account.id);
});
afterAll(() => h.close());

interface Doc {
  data: { id: string; attributes: Record<string, unknown> }[];
  meta: { total: number };
  links: Record<string, string | undefined>;
  errors?: { source: { parameter: string }; detail: string }[];
}

async function get(path: string): Promise<Doc> {
  const response = await h.request(key, path);
  const body = (await response.json()) as Doc;
  expect(response.status, `${path}: ${JSON.stringify(body.errors)}`).toBe(200);
  // Never another account's row.
  for (const row of body.data) expect(f.otherIds.has(row.id), `${path} listed ${row.id}`).toBe(false);
  return body;
}

/** Every page of a list at this page size, by number, and the total each page gave. */
async function allPages(path: string, size = 2): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = -1;
  for (let n = 1; n < 50; n++) {
    const joiner = path.includes("?") ? "&" : "?";
    const doc = await get(`${path}${joiner}page[size]=${size}&page[number]=${n}`);
    total = doc.meta.total;
    ids.push(...doc.data.map((d) => d.id));
    if (!doc.links.next) break;
  }
  return { ids, total };
}

const shipmentsOf = () => Object.values(f.s);
const containersOf = () => shipmentsOf().flatMap((s) => s.containers.map((c) => ({ c, s: s.shipment })));

type Value = number | string | boolean | null;
const time = (d: Date | null | undefined) => (d ? d.getTime() : null);
const earliest = (a: Date | null, b: Date | null) =>
  a && b ? Math.min(a.getTime(), b.getTime()) : (time(a) ?? time(b));

/** What each sort field orders a shipment by, read from the fixture (not from the columns the service keeps). */
function shipmentValue(s: FixtureShipment, field: string): Value {
  const r = s.shipment;
  switch (field) {
    // Only shipments still coming have a next arrival: those arrived come last.
    case "next_arrival":
      return r.podAtaAt ? null : time(r.podEtaAt);
    case "pod_eta_at":
      return time(r.podEtaAt);
    case "pod_ata_at":
      return time(r.podAtaAt);
    case "destination_eta_at":
      return time(r.destinationEtaAt);
    case "destination_ata_at":
      return time(r.destinationAtaAt);
    case "pol_etd_at":
      return time(r.polEtdAt);
    case "pol_atd_at":
      return time(r.polAtdAt);
    case "created_at":
      return time(r.createdAt);
    case "updated_at":
      return time(r.updatedAt);
    case "bill_of_lading_number":
      return r.billOfLadingNumber;
    case "pod_predicted_arrival_at":
      return time(r.podPredictedArrivalAt);
    case "last_free_day_at": {
      // Only boxes still waiting at the terminal count (the fixture's are at the port, none went inland).
      const waiting = s.containers.filter(
        (c) => (c.podDischargedAt ?? c.podArrivedAt) !== null && c.podFullOutAt === null,
      );
      const days = waiting.map((c) => earliest(c.lfdTerminal, c.lfdLine)).filter((d) => d !== null);
      return days.length ? Math.min(...days) : null;
    }
  }
  throw new Error(field);
}

function containerValue(
  x: {
    c: FixtureShipment["containers"][number];
    s: FixtureShipment["shipment"];
  },
  field: string,
) {
  switch (field) {
    case "last_free_day_at":
      return earliest(x.c.lfdTerminal, x.c.lfdLine);
    case "created_at":
      return time(x.c.createdAt);
    case "updated_at":
      return time(x.c.updatedAt);
    case "pod_discharged_at":
      return time(x.c.podDischargedAt);
    case "number":
      return x.c.number;
    // Ascending puts available containers first.
    case "available_for_pickup":
      return x.c.availableForPickup === null ? null : x.c.availableForPickup ? 0 : 1;
  }
  return shipmentValue({ shipment: x.s, containers: [] }, field);
}

/** The order the contract promises: by each key, values before missing ones in either direction; then newest first. */
function expectedOrder<T>(
  rows: T[],
  keys: { field: string; descending: boolean }[],
  value: (row: T, field: string) => Value,
  tie: (row: T) => { at: number; id: string },
): T[] {
  return [...rows].sort((a, b) => {
    for (const k of keys) {
      const va = value(a, k.field);
      const vb = value(b, k.field);
      if (va === vb) continue;
      if (va === null) return 1;
      if (vb === null) return -1;
      const cmp = va < vb ? -1 : 1;
      return k.descending ? -cmp : cmp;
    }
    const ta = tie(a);
    const tb = tie(b);
    if (ta.at !== tb.at) return tb.at - ta.at;
    return ta.id < tb.id ? 1 : -1;
  });
}

const shipmentOrder = (keys: { field: string; descending: boolean }[]) =>
  expectedOrder(shipmentsOf(), keys, shipmentValue, (s) => ({
    at: s.shipment.createdAt.getTime(),
    id: s.shipment.id,
  })).map((s) => s.shipment.id);

const containerOrder = (keys: { field: string; descending: boolean }[]) =>
  expectedOrder(containersOf(), keys, containerValue, (x) => ({
    at: x.c.createdAt.getTime(),
    id: x.c.id,
  })).map((x) => x.c.id);

describe("sort", () => {
  for (const field of SHIPMENT_SORT_FIELDS) {
    for (const descending of [false, true]) {
      const sort = descending ? `-${field}` : field;
      it(`orders shipments by ${sort}, missing values last, ties newest first, across pages`, async () => {
        const { ids, total } = await allPages(`/v2/shipments?sort=${sort}`);
        expect(total).toBe(6);
        expect(ids).toEqual(shipmentOrder([{ field, descending }]));
      });
    }
  }

  // `charges` ranks by the free time rule, not by a value of the fixture: free-time-lists.test.ts checks it.
  for (const field of CONTAINER_SORT_FIELDS.filter((f) => f !== "charges")) {
    for (const descending of [false, true]) {
      const sort = descending ? `-${field}` : field;
      it(`orders containers by ${sort}, missing values last, ties newest first, across pages`, async () => {
        const { ids, total } = await allPages(`/v2/containers?sort=${sort}`, 3);
        expect(total).toBe(9);
        expect(ids).toEqual(containerOrder([{ field, descending }]));
      });
    }
  }

  it("orders by several keys, the later ones within ties of the earlier", async () => {
    const keys = [
      { field: "pod_eta_at", descending: true },
      { field: "number", descending: true },
    ];
    expect((await allPages("/v2/containers?sort=-pod_eta_at,-number", 4)).ids).toEqual(containerOrder(keys));
    const shipmentKeys = [
      { field: "pod_ata_at", descending: false },
      { field: "bill_of_lading_number", descending: true },
    ];
    expect((await allPages("/v2/shipments?sort=pod_ata_at,-bill_of_lading_number", 4)).ids).toEqual(
      shipmentOrder(shipmentKeys),
    );
  });

  it("pages a sorted list by number, with links that keep the sort and every filter", async () => {
    const doc = await get("/v2/containers?sort=-pod_eta_at&filter[status]=available,new&page[size]=2");
    expect(doc.meta.total).toBe(6);
    expect(doc.links.next).toBe(
      "http://localhost/v2/containers?sort=-pod_eta_at&filter[status]=available,new&page[size]=2&page[number]=2",
    );
    expect(doc.links.last).toContain(
      "sort=-pod_eta_at&filter[status]=available,new&page[size]=2&page[number]=3",
    );
    expect(doc.links.next).not.toContain("page[after]");
    const cursor = await h.request(
      key,
      "/v2/shipments?sort=pod_eta_at&page[after]=MjAyNi0xMS0yMFQxMTozMDowMC4wMDBaXzE",
    );
    expect(cursor.status).toBe(400);
    expect((await cursor.json()).errors[0].source.parameter).toBe("page[after]");
  });

  it("answers an unknown field with a 400 that names it and lists the allowed ones", async () => {
    for (const [path, fields] of [
      ["/v2/shipments?sort=pod_eta_at,-colour", SHIPMENT_SORT_FIELDS],
      ["/v2/containers?sort=--number", CONTAINER_SORT_FIELDS],
      ["/v2/shipments?sort=number", SHIPMENT_SORT_FIELDS],
    ] as const) {
      const response = await h.request(key, path);
      expect(response.status, path).toBe(400);
      const [error] = (await response.json()).errors;
      expect(error.source).toEqual({ parameter: "sort" });
      expect(error.detail).toMatch(/'(-?colour|-number|number)'/);
      expect(error.detail).toContain(fields.join(", "));
    }
  });

  it("keeps the default order, keyset links and all, without a sort", async () => {
    const doc = await get("/v2/containers?page[size]=2");
    expect(doc.links.next).toContain("page[after]=");
    expect(doc.data.map((d) => d.id)).toEqual(containerOrder([]).slice(0, 2));
  });
});

/** The ids a filter should find: containers, and the shipments that hold one of them. */
function expectIds(pick: (x: ReturnType<typeof containersOf>[number]) => boolean) {
  const found = containersOf().filter(pick);
  return {
    containers: found.map((x) => x.c.id).sort(),
    shipments: [...new Set(found.map((x) => x.s.id))].sort(),
  };
}

const c = (s: keyof TriageFixture["s"], i = 0) => f.s[s].containers[i]!.id;

/** The journey phase a status means for a box still at the port (the fixture's have not gone inland). */
const PHASE_OF_STATUS: Record<string, string> = {
  new: "awaiting_departure",
  on_ship: "on_water",
  available: "at_port",
  not_available: "at_port",
  grounded: "at_port",
  awaiting_inland_transfer: "at_port",
  loaded: "on_rail",
  on_rail: "on_rail",
  picked_up: "picked_up",
  off_dock: "picked_up",
  delivered: "picked_up",
  dropped: "picked_up",
  empty_returned: "empty_returned",
};
const phaseOf = (x: ReturnType<typeof containersOf>[number]) => PHASE_OF_STATUS[x.c.currentStatus];
/** Not yet arrived at the port of discharge, ETA from the fixture's now to `hours` later. */
const arrivingWithin = (x: ReturnType<typeof containersOf>[number], hours: number) =>
  x.s.podAtaAt === null &&
  x.s.podEtaAt !== null &&
  x.s.podEtaAt.getTime() >= at(0).getTime() &&
  x.s.podEtaAt.getTime() < at(hours).getTime();

describe("filters", () => {
  async function both(query: string) {
    const [cs, ss] = await Promise.all([
      allPages(`/v2/containers?${query}`, 100),
      allPages(`/v2/shipments?${query}`, 100),
    ]);
    expect(cs.total, query).toBe(cs.ids.length);
    expect(ss.total, query).toBe(ss.ids.length);
    return { containers: [...cs.ids].sort(), shipments: [...ss.ids].sort() };
  }

  const cases: [string, (x: ReturnType<typeof containersOf>[number]) => boolean][] = [
    ["filter[status]=available", (x) => x.c.currentStatus === "available"],
    ["filter[status]=picked_up,new", (x) => ["picked_up", "new"].includes(x.c.currentStatus)],
    ["filter[on_hold]=true", (x) => [c("savannah"), c("losAngeles")].includes(x.c.id)],
    ["filter[on_hold]=false", (x) => ![c("savannah"), c("losAngeles")].includes(x.c.id)],
    ["filter[hold]=CUSTOMS", (x) => x.c.id === c("savannah")],
    ["filter[hold]=usda,nothing", (x) => x.c.id === c("losAngeles")],
    ["filter[available]=true", (x) => x.c.availableForPickup === true],
    ["filter[available]=false", (x) => x.c.availableForPickup !== true],
    [
      "filter[lfd_before]=2026-11-21T00:00:00Z",
      (x) => (earliest(x.c.lfdTerminal, x.c.lfdLine) ?? 1e15) < Date.parse("2026-11-21"),
    ],
    [
      "filter[lfd_after]=2026-11-21",
      (x) => (earliest(x.c.lfdTerminal, x.c.lfdLine) ?? 0) >= Date.parse("2026-11-21"),
    ],
    ["filter[lfd]=passed", (x) => [c("shanghai"), c("sameEta")].includes(x.c.id)],
    ["filter[lfd]=today", (x) => x.c.id === c("losAngeles")],
    ["filter[lfd]=within_2_days", (x) => x.c.id === c("savannah")],
    [
      "filter[eta_before]=2026-11-20T12:00:00%2B00:00",
      (x) => (x.s.podEtaAt?.getTime() ?? 1e15) < at(0).getTime(),
    ],
    ["filter[eta_after]=2026-11-22", (x) => (x.s.podEtaAt?.getTime() ?? 0) >= Date.parse("2026-11-22")],
    [
      "filter[port_of_discharge]=ussav",
      (x) => [f.s.savannah.shipment.id, f.s.later.shipment.id].includes(x.s.id),
    ],
    [
      "filter[port_of_discharge]=CNSHA,USSAV",
      (x) => [f.s.savannah, f.s.later, f.s.shanghai].some((s) => s.shipment.id === x.s.id),
    ],
    ["filter[port_of_discharge]=XXZZZ", () => false],
    [
      "filter[shipping_line]=MSCU",
      (x) => [f.s.losAngeles.shipment.id, f.s.sameEta.shipment.id].includes(x.s.id),
    ],
    ["filter[tags]=urgent", (x) => x.s.tags.includes("urgent")],
    ["filter[tags]=reefer,nothing", (x) => x.s.tags.includes("reefer")],
    ["filter[customer]=ACME%20corp", (x) => x.s.customerName?.toLowerCase() === "acme corp"],
    ["filter[tracking_stopped]=true", (x) => x.s.lineTrackingStoppedAt !== null],
    ["filter[tracking_stopped]=false", (x) => x.s.lineTrackingStoppedAt === null],
    [
      "filter[tracking_stopped_reason]=no_updates_at_line,booking_cancelled",
      (x) => x.s.id === f.s.losAngeles.shipment.id,
    ],
    ["filter[eta_changed]=24", (x) => [f.s.savannah.shipment.id, f.s.shanghai.shipment.id].includes(x.s.id)],
    ["filter[eta_changed]=30.5", (x) => x.s.id === f.s.savannah.shipment.id],
    // Savannah is predicted 26 hours after the line's ETA; `later` earlier than it (and stopped).
    ["filter[predicted_late]=25.5", (x) => x.s.id === f.s.savannah.shipment.id],
    ["filter[predicted_late]=26", () => false],
    ["filter[phase]=at_port", (x) => phaseOf(x) === "at_port"],
    ["filter[phase]=on_water,picked_up", (x) => ["on_water", "picked_up"].includes(phaseOf(x)!)],
    ["filter[phase]=awaiting_departure", (x) => phaseOf(x) === "awaiting_departure"],
    ["filter[arriving_within_days]=2", (x) => arrivingWithin(x, 48)],
    ["filter[arriving_within_days]=7", (x) => arrivingWithin(x, 7 * 24)],
  ];
  for (const [query, pick] of cases) {
    it(`${query} lists the matching containers, and the shipments one of whose containers matches`, async () => {
      const expected = expectIds(pick);
      expect(await both(query)).toEqual(expected);
    });
  }

  it("filter[vessel] takes an IMO or a whole name in any case", async () => {
    const expected = expectIds((x) => x.s.id === f.s.savannah.shipment.id);
    expect(await both(`filter[vessel]=${f.vessel.imo}`)).toEqual(expected);
    expect(await both(`filter[vessel]=${encodeURIComponent(f.vessel.name.toLowerCase())}`)).toEqual(expected);
    expect(await both("filter[vessel]=TRIAGE")).toEqual(expectIds(() => false));
  });

  it("lists a line's shipments by ETA either way, those without one last, newest first among equals", async () => {
    // Read through the (account, line, ETA) index: the same rows, in the same order, as the sort defines.
    const line = shippingLineId("MSCU");
    const ofLine = shipmentsOf()
      .map((x) => x.shipment)
      .filter((x) => x.shippingLineId === line);
    expect(ofLine.length).toBeGreaterThan(1);
    const newestFirst = (a: (typeof ofLine)[number], b: (typeof ofLine)[number]) =>
      b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
    for (const descending of [false, true]) {
      const expected = [...ofLine].sort((a, b) => {
        const [x, y] = [time(a.podEtaAt), time(b.podEtaAt)];
        if (x === y) return newestFirst(a, b);
        if (x === null || y === null) return x === null ? 1 : -1;
        return descending ? y - x : x - y;
      });
      const doc = await get(
        `/v2/shipments?filter[shipping_line]=MSCU&sort=${descending ? "-" : ""}pod_eta_at`,
      );
      expect(doc.data.map((d) => d.id)).toEqual(expected.map((x) => x.id));
      expect(doc.meta.total).toBe(ofLine.length);
    }
  });

  it("filter[port_of_discharge] takes a port id too", async () => {
    const id = f.s.shanghai.shipment.portOfDischargeId!;
    expect(await both(`filter[port_of_discharge]=${id}`)).toEqual(
      expectIds((x) => x.s.id === f.s.shanghai.shipment.id),
    );
  });

  it("combines filters (AND), with a sort; on shipments, one container must match all container filters", async () => {
    const ids = await both("filter[port_of_discharge]=USSAV&filter[on_hold]=true&sort=-pod_eta_at");
    expect(ids).toEqual(expectIds((x) => x.c.id === c("savannah")));
    // Los Angeles has a container on hold and a picked-up one, but none both.
    const none = await both("filter[on_hold]=true&filter[status]=picked_up");
    expect(none).toEqual({ containers: [], shipments: [] });
    const sorted = await get(
      "/v2/containers?filter[status]=available&filter[tags]=urgent,reefer&sort=last_free_day_at",
    );
    expect(sorted.data.map((d) => d.id)).toEqual([c("savannah")]);
    const lfd = await get("/v2/containers?filter[lfd]=passed&sort=-last_free_day_at");
    expect(lfd.data.map((d) => d.id)).toEqual([c("sameEta"), c("shanghai")]);
  });

  it("counts filter[lfd] by the service clock and the port's calendar", async () => {
    h.clock.set(at(24)); // 2026-11-21 in every port of the fixture
    try {
      expect((await both("filter[lfd]=today")).containers).toEqual([c("savannah")]);
      expect((await both("filter[lfd]=passed")).containers).toEqual(
        [c("shanghai"), c("sameEta"), c("losAngeles")].sort(),
      );
    } finally {
      h.clock.set(at(0));
    }
  });

  it("answers each bad value with a 400 that names its parameter", async () => {
    for (const [query, parameter] of [
      ["filter[status]=sailing", "filter[status]"],
      ["filter[on_hold]=yes", "filter[on_hold]"],
      ["filter[available]=1", "filter[available]"],
      ["filter[lfd_before]=tomorrow", "filter[lfd_before]"],
      ["filter[lfd_after]=2026-13-45", "filter[lfd_after]"],
      ["filter[lfd_before]=2026-02-30", "filter[lfd_before]"],
      ["filter[lfd]=soon", "filter[lfd]"],
      ["filter[eta_before]=2026-11-20T12:00:00", "filter[eta_before]"],
      ["filter[eta_after]=1e9", "filter[eta_after]"],
      ["filter[port_of_discharge]=Savannah", "filter[port_of_discharge]"],
      ["filter[shipping_line]=MAEU1", "filter[shipping_line]"],
      ["filter[tracking_stopped]=maybe", "filter[tracking_stopped]"],
      ["filter[tracking_stopped_reason]=bored", "filter[tracking_stopped_reason]"],
      ["filter[eta_changed]=0", "filter[eta_changed]"],
      ["filter[eta_changed]=-5", "filter[eta_changed]"],
      ["filter[eta_changed]=a%20day", "filter[eta_changed]"],
      ["filter[predicted_late]=0", "filter[predicted_late]"],
      ["filter[predicted_late]=late", "filter[predicted_late]"],
      ["filter[phase]=sailing", "filter[phase]"],
      ["filter[arriving_within_days]=0", "filter[arriving_within_days]"],
      ["filter[arriving_within_days]=366", "filter[arriving_within_days]"],
      ["filter[arriving_within_days]=1.5", "filter[arriving_within_days]"],
      ["filter[arriving_within_days]=next%20week", "filter[arriving_within_days]"],
    ] as const) {
      for (const list of ["shipments", "containers"]) {
        const response = await h.request(key, `/v2/${list}?${query}`);
        expect(response.status, `${list}?${query}`).toBe(400);
        const [error] = (await response.json()).errors;
        expect(error.source).toEqual({ parameter });
        expect(error.detail).toContain(parameter);
      }
    }
  });

  it("takes one last-free-day window, and says so", async () => {
    const response = await h.request(key, "/v2/containers?filter[lfd]=passed,today");
    expect(response.status).toBe(400);
    const [error] = (await response.json()).errors;
    expect(error.detail).toBe(
      "filter[lfd] must be one of passed, today, within_2_days (got 'passed,today').",
    );
  });

  it("names each shipment's containers by phase, and a box at the inland ramp as there", async () => {
    const doc = await get("/v2/shipments?page[size]=100");
    for (const s of shipmentsOf()) {
      const expected: Record<string, number> = {};
      for (const box of s.containers) {
        const phase = PHASE_OF_STATUS[box.currentStatus]!;
        expected[phase] = (expected[phase] ?? 0) + 1;
      }
      const row = doc.data.find((d) => d.id === s.shipment.id)!;
      expect(row.attributes.containers_by_phase, s.shipment.billOfLadingNumber).toEqual(expected);
    }
    // A box available at the ramp it went on to by rail is at the rail ramp, not at the port.
    const box = f.s.savannah.containers[0]!;
    await h.db
      .update(containers)
      .set({ indAtaAt: at(-1) })
      .where(eq(containers.id, box.id));
    try {
      expect((await both("filter[phase]=at_rail_ramp")).containers).toEqual([box.id]);
      const one = await (await h.request(key, `/v2/shipments/${f.s.savannah.shipment.id}`)).json();
      expect(one.data.attributes.containers_by_phase).toMatchObject({ at_rail_ramp: 1 });
    } finally {
      await h.db.update(containers).set({ indAtaAt: null }).where(eq(containers.id, box.id));
    }
  });

  it("ignores an empty filter", async () => {
    expect((await get("/v2/containers?filter[status]=&filter[lfd]=")).meta.total).toBe(9);
  });
});

describe("q", () => {
  const shipmentIds = async (q: string) =>
    (await allPages(`/v2/shipments?q=${encodeURIComponent(q)}`, 100)).ids.sort();
  const containerIds = async (q: string) =>
    (await allPages(`/v2/containers?q=${encodeURIComponent(q)}`, 100)).ids.sort();
  const idsOf = (...names: (keyof TriageFixture["s"])[]) => names.map((n) => f.s[n].shipment.id).sort();

  it("finds shipments by port name and LOCODE, vessel, tag, customer, reference and container number", async () => {
    expect(await shipmentIds("savann")).toEqual(idsOf("savannah", "later"));
    expect(await shipmentIds("USSAV")).toEqual(idsOf("savannah", "later"));
    // Shanghai is the port of lading of all but one, and the port of discharge of that one.
    expect(await shipmentIds("shanghai")).toEqual(
      idsOf("savannah", "losAngeles", "shanghai", "later", "noEta", "sameEta"),
    );
    expect(await shipmentIds(f.vessel.name.slice(0, 10))).toEqual(idsOf("savannah"));
    expect(await shipmentIds("URGEN")).toEqual(idsOf("savannah", "noEta"));
    expect(await shipmentIds("acme")).toEqual(idsOf("savannah", "shanghai"));
    expect(await shipmentIds("po-triage-77")).toEqual(idsOf("savannah"));
    expect(await shipmentIds(f.s.losAngeles.containers[1]!.number)).toEqual(idsOf("losAngeles"));
  });

  it("lists what a port's name finds newest first, as the unfiltered list, and counts it", async () => {
    const found = shipmentsOf()
      .map((x) => x.shipment)
      .filter((x) => idsOf("savannah", "losAngeles", "shanghai", "later", "noEta", "sameEta").includes(x.id))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    const doc = await get("/v2/shipments?q=Shanghai");
    expect(doc.data.map((d) => d.id)).toEqual(found.map((x) => x.id));
    expect(doc.meta.total).toBe(found.length);
  });

  it("finds a shipment's containers on /v2/containers by its bill of lading, or any term that finds it", async () => {
    const bl = f.s.later.shipment.billOfLadingNumber;
    expect(await containerIds(bl)).toEqual(f.s.later.containers.map((x) => x.id).sort());
    expect(await containerIds("Beta LLC")).toEqual(f.s.losAngeles.containers.map((x) => x.id).sort());
    expect(await containerIds(f.s.noEta.containers[0]!.number.slice(2))).toEqual([c("noEta")]);
  });

  it("counts each match once, as many as it lists, page by page", async () => {
    // A term alone is counted from indexes (a union of reads), a page is listed by the list's condition: the two
    // must agree, a shipment whose port of lading and of discharge both match counted once.
    const terms = ["savann", "USSAV", "shanghai", "usla", f.vessel.name.slice(0, 10), "URGEN", "acme"];
    for (const q of [...terms, f.s.losAngeles.containers[1]!.number, f.s.later.shipment.billOfLadingNumber]) {
      for (const list of ["shipments", "containers"]) {
        const { ids, total } = await allPages(`/v2/${list}?q=${encodeURIComponent(q)}`);
        expect(new Set(ids).size, `${list}?q=${q}`).toBe(ids.length);
        expect(total, `${list}?q=${q}`).toBe(ids.length);
        expect(ids.length, `${list}?q=${q}`).toBeGreaterThan(0);
      }
    }
  });

  it("counts a shipment that a port and its own values both find once, and one found by its values alone", async () => {
    // The count of a term that names a place adds up parts that cannot overlap (db/list-filters.ts): a tag that
    // holds the port's name, on a shipment of that port and on one of another port, must be counted once each.
    const tag = (name: keyof TriageFixture["s"], tags: string[]) =>
      h.request(key, `/v2/shipments/${f.s[name].shipment.id}`, {
        method: "PATCH",
        json: { data: { attributes: { tags } } },
      });
    const before = {
      savannah: f.s.savannah.shipment.tags ?? [],
      losAngeles: f.s.losAngeles.shipment.tags ?? [],
    };
    expect((await tag("savannah", [...before.savannah, "savannah run"])).status).toBe(200);
    expect((await tag("losAngeles", [...before.losAngeles, "via savannah"])).status).toBe(200);
    try {
      expect(await shipmentIds("savann")).toEqual(idsOf("savannah", "later", "losAngeles"));
      for (const list of ["shipments", "containers"]) {
        const { ids, total } = await allPages(`/v2/${list}?q=savann`);
        expect(total, list).toBe(ids.length);
      }
    } finally {
      await tag("savannah", before.savannah);
      await tag("losAngeles", before.losAngeles);
    }
  });

  it("finds by a term that names more vessels than it lists, through the vessels table instead of a list of ids", async () => {
    // More vessels named alike than PLACES_LISTED: the statement reads the vessels table itself.
    const added = await h.db
      .insert(vessels)
      .values(
        Array.from({ length: PLACES_LISTED + 1 }, (_, i) => ({
          name: `PLACESTEST ${String(i).padStart(3, "0")}`,
          mmsi: `9${String(i).padStart(8, "0")}`,
        })),
      )
      .returning({ id: vessels.id });
    const savannah = f.s.savannah.shipment;
    await h.db.update(shipments).set({ podVesselId: added[7]!.id }).where(eq(shipments.id, savannah.id));
    try {
      const places = await searchPlaces(h.db, "placestest");
      // The statement carries the term, not hundreds of ids.
      expect(new PgDialect().sqlToQuery(places.vessels.ids).params).toEqual(["%placestest%"]);
      expect(new PgDialect().sqlToQuery((await searchPlaces(h.db, "savann")).ports.ids).params).toHaveLength(
        1,
      );
      expect(await shipmentIds("placestest")).toEqual(idsOf("savannah"));
      expect(await containerIds("placestest")).toEqual(f.s.savannah.containers.map((x) => x.id).sort());
      for (const list of ["shipments", "containers"]) {
        const { ids, total } = await allPages(`/v2/${list}?q=placestest`);
        expect(total, list).toBe(ids.length);
      }
    } finally {
      await h.db
        .update(shipments)
        .set({ podVesselId: savannah.podVesselId })
        .where(eq(shipments.id, savannah.id));
      await h.db.delete(vessels).where(
        inArray(
          vessels.id,
          added.map((v) => v.id),
        ),
      );
    }
  });

  it("finds by a term of one or two characters a tag or customer that is the term whole, in any case", async () => {
    // "a" is part of nearly every port's name and so of every shipment; "ac" starts Acme Corp's name: a term too
    // short to look for in part finds only what it is whole.
    const id = f.s.noEta.shipment.id;
    const edit = (attributes: object) =>
      h.request(key, `/v2/shipments/${id}`, { method: "PATCH", json: { data: { attributes } } });
    expect((await edit({ tags: ["urgent", "Q4"], customer_name: "HP" })).status).toBe(200);
    try {
      for (const q of ["q4", "Q4", " Q4 ", "hp", "Hp"]) {
        expect(await shipmentIds(q), q).toEqual([id]);
        expect(await containerIds(q), q).toEqual(f.s.noEta.containers.map((x) => x.id).sort());
      }
      for (const q of ["a", "A", "ac", "sa", "4", "H"]) {
        for (const list of ["shipments", "containers"]) {
          const doc = await get(`/v2/${list}?q=${encodeURIComponent(q)}`);
          expect(doc.data, `${list}?q=${q}`).toEqual([]);
          expect(doc.meta.total, `${list}?q=${q}`).toBe(0);
        }
      }
      // Three characters are looked for in part again: Acme Corp's shipments.
      expect(await shipmentIds("acm")).toEqual(idsOf("savannah", "shanghai"));
      // Combined with a filter, and counted as listed.
      const stopped = await get("/v2/shipments?q=q4&filter[tracking_stopped]=false");
      expect(stopped.data.map((d) => d.id)).toEqual([id]);
      expect(stopped.meta.total).toBe(1);
      for (const list of ["shipments", "containers"]) {
        const { ids, total } = await allPages(`/v2/${list}?q=hp`);
        expect(total, list).toBe(ids.length);
      }
    } finally {
      await edit({ tags: ["urgent"], customer_name: "" });
    }
  });

  it("finds a port by its destination, and a vessel by its name as it is now", async () => {
    const id = f.s.noEta.shipment.id;
    await h.db
      .update(shipments)
      .set({ destinationId: f.s.savannah.shipment.portOfDischargeId })
      .where(eq(shipments.id, id));
    const renamed = `RENAMED ${f.vessel.name}`;
    await h.db.update(vessels).set({ name: renamed }).where(eq(vessels.id, f.vessel.id));
    try {
      expect(await shipmentIds("savann")).toEqual(idsOf("savannah", "later", "noEta"));
      expect(await containerIds("savann")).toContain(c("noEta"));
      expect(await shipmentIds("renamed triage")).toEqual(idsOf("savannah"));
      expect(await containerIds("renamed triage")).toEqual(f.s.savannah.containers.map((x) => x.id).sort());
    } finally {
      await h.db.update(shipments).set({ destinationId: null }).where(eq(shipments.id, id));
      await h.db.update(vessels).set({ name: f.vessel.name }).where(eq(vessels.id, f.vessel.id));
    }
    expect(await shipmentIds("renamed triage")).toEqual([]);
  });

  it("combines with filters and sort", async () => {
    const doc = await get("/v2/containers?q=savannah&filter[status]=new&sort=pod_eta_at");
    expect(doc.data.map((d) => d.id)).toEqual(
      [c("later", 0), c("later", 1)].sort((a, b) => (a < b ? 1 : -1)),
    );
    expect(doc.meta.total).toBe(2);
  });
});

describe("shipment columns copied to containers", () => {
  it("re-orders a shipment's containers when its ETA changes, whichever way it is written", async () => {
    const first = async () => (await get("/v2/containers?sort=pod_eta_at&page[size]=1")).data[0]!.id;
    expect(await first()).toBe(c("shanghai"));
    await h.db
      .update(shipments)
      .set({ podEtaAt: at(-100) })
      .where(eq(shipments.id, f.s.noEta.shipment.id));
    try {
      expect(await first()).toBe(c("noEta"));
      const doc = await get(`/v2/containers?sort=pod_eta_at&page[size]=1`);
      expect(doc.data[0]!.attributes.pod_eta_at).toBe(at(-100).toISOString());
    } finally {
      await h.db.update(shipments).set({ podEtaAt: null }).where(eq(shipments.id, f.s.noEta.shipment.id));
    }
    expect(await first()).toBe(c("shanghai"));
  });

  it("follows an edit of tags and customer through the API", async () => {
    const id = f.s.noEta.shipment.id;
    const edit = (attributes: object) =>
      h.request(key, `/v2/shipments/${id}`, {
        method: "PATCH",
        json: { data: { attributes } },
      });
    expect((await edit({ tags: ["urgent", "late"], customer_name: "Gamma" })).status).toBe(200);
    try {
      expect((await get("/v2/containers?filter[tags]=late")).data.map((d) => d.id)).toEqual([c("noEta")]);
      expect((await get("/v2/containers?filter[customer]=gamma")).data.map((d) => d.id)).toEqual([
        c("noEta"),
      ]);
      expect((await get("/v2/shipments?q=gamm")).data.map((d) => d.id)).toEqual([id]);
    } finally {
      await edit({ tags: ["urgent"], customer_name: "" });
    }
  });

  it("keeps a shipment's last free day the earliest of its containers' still waiting", async () => {
    const id = f.s.later.shipment.id;
    const lfd = async () =>
      (await get(`/v2/shipments?filter[tags]=&q=${f.s.later.shipment.billOfLadingNumber}`)).data[0]!
        .attributes.last_free_day_at;
    expect(await lfd()).toBeNull();
    const [a, b] = f.s.later.containers;
    // Not yet at the terminal: its day raises no alarm.
    await h.db
      .update(containers)
      .set({ lfdLine: at(50) })
      .where(eq(containers.id, a!.id));
    expect(await lfd()).toBeNull();
    const waiting = { currentStatus: "available", podArrivedAt: at(-10), podDischargedAt: at(-9) };
    await h.db.update(containers).set(waiting).where(eq(containers.id, a!.id));
    await h.db.update(containers).set(waiting).where(eq(containers.id, b!.id));
    await h.db
      .update(containers)
      .set({ lfdTerminal: at(30), lfdLine: at(90) })
      .where(eq(containers.id, b!.id));
    expect(await lfd()).toBe(at(30).toISOString());
    await h.db.update(containers).set({ lfdTerminal: null, lfdLine: null }).where(eq(containers.id, b!.id));
    expect(await lfd()).toBe(at(50).toISOString());
    // Picked up: gone from the shipment's day, which no other box sets.
    await h.db
      .update(containers)
      .set({ currentStatus: "picked_up", podFullOutAt: at(-1) })
      .where(eq(containers.id, a!.id));
    expect(await lfd()).toBeNull();
    await h.db
      .update(containers)
      .set({
        currentStatus: "new",
        podArrivedAt: null,
        podDischargedAt: null,
        podFullOutAt: null,
        lfdLine: null,
      })
      .where(inArray(containers.id, [a!.id, b!.id]));
    expect(await lfd()).toBeNull();
    expect(await h.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, id))).toHaveLength(
      1,
    );
  });
});
