// Unit tests of global search's results: where a term matches (punctuation ignored), how results rank and group,
// which vessels and ports are offered, and what opening each leads to.
import { describe, expect, it } from "vitest";
import type { Container, ContainerAttributes } from "../../../api/containers";
import type { Shipment, ShipmentAttributes } from "../../../api/shipments";
import {
  findTerm,
  flatHits,
  HITS_PER_KIND,
  markedParts,
  RANK,
  type SearchSources,
  searchGroups,
} from "./results";

// Search reads attributes and ids only; the rest of a resource does not matter here.
function shipment(id: string, attributes: Partial<ShipmentAttributes>): Shipment {
  return {
    id,
    type: "shipment",
    attributes: {
      bill_of_lading_number: "MEDU0000000",
      normalized_number: "MEDU0000000",
      ref_numbers: [],
      tags: [],
      shipping_line_scac: "MSCU",
      shipping_line_name: "Mediterranean Shipping Company",
      shipping_line_short_name: "MSC",
      customer_name: null,
      port_of_lading_locode: "CNSHA",
      port_of_lading_name: "Shanghai",
      port_of_discharge_locode: "USSAV",
      port_of_discharge_name: "Savannah",
      destination_locode: null,
      destination_name: null,
      pod_vessel_name: null,
      pod_vessel_imo: null,
      ...attributes,
    },
  } as unknown as Shipment;
}

function container(id: string, attributes: Partial<ContainerAttributes>): Container {
  return {
    id,
    type: "container",
    attributes: {
      number: "MSCU0000000",
      ref_numbers: [],
      tags: [],
      current_status: "on_ship",
      bill_of_lading_number: "MEDU0000000",
      customer_name: null,
      port_of_discharge_locode: "USSAV",
      port_of_discharge_name: "Savannah",
      pod_vessel_name: null,
      pod_vessel_imo: null,
      ...attributes,
    },
  } as unknown as Container;
}

const none: SearchSources = { shipments: [], containers: [], fleet: [], ports: [] };

describe("findTerm", () => {
  it("finds the term ignoring case, and ranks where it stands", () => {
    expect(findTerm("MSCU1234567", "mscu1234567")).toEqual({ start: 0, end: 11, rank: RANK.exact });
    expect(findTerm("MSCU1234567", "mscu12")).toEqual({ start: 0, end: 6, rank: RANK.prefix });
    expect(findTerm("Port of Savannah", "sav")).toEqual({ start: 8, end: 11, rank: RANK.wordStart });
    expect(findTerm("MSCU1234567", "234")).toEqual({ start: 5, end: 8, rank: RANK.inside });
    expect(findTerm("MSCU1234567", "XYZ")).toBeNull();
    expect(findTerm("MSCU1234567", "  ")).toBeNull();
  });

  it("ignores spaces and dashes that the number was typed or stored with", () => {
    expect(findTerm("MSCU1234567", "MSCU 123-4567")).toEqual({ start: 0, end: 11, rank: RANK.exact });
    expect(findTerm("PO-4471-A", "4471a")).toEqual({ start: 3, end: 9, rank: RANK.wordStart });
    expect(markedParts({ text: "PO-4471-A", match: [3, 9] })).toEqual({
      before: "PO-",
      match: "4471-A",
      after: "",
    });
  });
});

describe("searchGroups", () => {
  it("groups by kind, names each kind, and puts the kind with the best match first", () => {
    const groups = searchGroups(
      {
        ...none,
        shipments: [
          shipment("s1", { bill_of_lading_number: "MEDU1234567", normalized_number: "MEDU1234567" }),
        ],
        containers: [container("c1", { number: "MSCU1234567", bill_of_lading_number: "MEDU1234567" })],
      },
      "MSCU1234567",
    );
    expect(groups.map((g) => g.label)).toEqual(["Containers", "Shipments"]);
    const [containers, shipments] = groups;
    expect(containers?.hits[0]?.title).toEqual({ text: "MSCU1234567", match: [0, 11] });
    // The shipment was found by its container's number, which it does not show: kept, unmarked, ranked last.
    expect(shipments?.hits[0]?.rank).toBe(RANK.unseen);
    expect(shipments?.hits[0]?.title.match).toBeNull();
  });

  it("orders each kind exact, then starts with, then a word starting with, then anywhere", () => {
    const groups = searchGroups(
      {
        ...none,
        containers: [
          container("inside", { number: "TGHU7MSCU12" }),
          container("prefix", { number: "MSCU1200001" }),
          container("exact", { number: "MSCU12" }),
        ],
      },
      "mscu12",
    );
    expect(flatHits(groups).map((h) => h.target)).toEqual([
      { kind: "container", id: "exact" },
      { kind: "container", id: "prefix" },
      { kind: "container", id: "inside" },
    ]);
  });

  it("shows the field that matched when it is not the title: a reference number, a customer", () => {
    const [group] = searchGroups(
      {
        ...none,
        shipments: [
          shipment("s1", { bill_of_lading_number: "MEDU7654321", ref_numbers: ["PO-88231"] }),
          shipment("s2", { bill_of_lading_number: "MEDU7654322", customer_name: "Acme PO Imports" }),
        ],
      },
      "PO-88231",
    );
    const [first, second] = group?.hits ?? [];
    expect(first?.detail).toEqual({ text: "Reference PO-88231", match: [10, 18] });
    expect(first?.title.match).toBeNull();
    expect(first?.rank).toBe(RANK.exact);
    // Not a visible match: its usual summary (line, route, customer).
    expect(second?.detail).toEqual({ text: "MSC · Shanghai → Savannah · Acme PO Imports", match: null });
  });

  it("offers vessels by name or IMO: on the map when they carry containers now, else their shipments", () => {
    const groups = searchGroups(
      {
        ...none,
        fleet: [
          { id: "v1", name: "EVER GIVEN", imo: "9811000", nextPortName: "Rotterdam" },
          { id: "v2", name: "MAERSK EVERETT", imo: "9000001", nextPortName: null },
          { id: "v3", name: "CMA CGM MARCO POLO", imo: "9454436", nextPortName: null },
        ],
        shipments: [shipment("s1", { pod_vessel_name: "EVERGREEN STAR", pod_vessel_imo: null })],
      },
      "ever",
    );
    const vessels = groups.find((g) => g.kind === "vessel");
    expect(vessels?.hits.map((h) => [h.title.text, h.target])).toEqual([
      ["EVER GIVEN", { kind: "vessel", id: "v1" }],
      ["EVERGREEN STAR", { kind: "vessel_shipments", vessel: "EVERGREEN STAR" }],
      ["MAERSK EVERETT", { kind: "vessel", id: "v2" }],
    ]);
    expect(vessels?.hits[0]?.detail.text).toBe("IMO 9811000 · to Rotterdam");

    const byImo = flatHits(
      searchGroups(
        { ...none, fleet: [{ id: "v1", name: "EVER GIVEN", imo: "9811000", nextPortName: null }] },
        "9811000",
      ),
    );
    expect(byImo[0]?.detail).toEqual({ text: "IMO 9811000", match: [4, 11] });
  });

  it("offers ports by name or UN/LOCODE, once each, opening the shipments discharging there", () => {
    const groups = searchGroups(
      {
        ...none,
        ports: [{ code: "USSAV", name: "Savannah", countryCode: "US" }],
        shipments: [shipment("s1", {}), shipment("s2", {})],
        containers: [container("c1", {})],
      },
      "savannah",
    );
    const ports = groups.find((g) => g.kind === "port");
    expect(ports?.hits).toHaveLength(1);
    expect(ports?.hits[0]?.target).toEqual({ kind: "port", locode: "USSAV" });
    expect(ports?.hits[0]?.detail.text).toBe("USSAV · US · shipments discharging here");

    const byCode = flatHits(
      searchGroups({ ...none, ports: [{ code: "USSAV", name: "Savannah", countryCode: "US" }] }, "ussav"),
    );
    expect(byCode.map((h) => h.detail.match)).toEqual([[10, 15]]);
    // A port the shipment names but that does not match is not offered.
    expect(
      searchGroups({ ...none, shipments: [shipment("s1", {})] }, "MEDU").some((g) => g.kind === "port"),
    ).toBe(false);
  });

  it("puts the port or vessel itself before the shipments and containers related to it", () => {
    const sources: SearchSources = {
      ...none,
      ports: [{ code: "USSAV", name: "Savannah", countryCode: "US" }],
      fleet: [{ id: "v1", name: "EVER GIVEN", imo: "9811000", nextPortName: null }],
      shipments: [shipment("s1", { pod_vessel_name: "EVER GIVEN" })],
      containers: [container("c1", { pod_vessel_name: "EVER GIVEN" })],
    };
    expect(searchGroups(sources, "USSAV").map((g) => g.kind)).toEqual(["port", "shipment", "container"]);
    expect(searchGroups(sources, "ever given").map((g) => g.kind)).toEqual([
      "vessel",
      "shipment",
      "container",
    ]);
    // The shipments name the vessel without its IMO: still one vessel, the fleet's, on the map.
    expect(searchGroups(sources, "ever given")[0]?.hits.map((h) => h.target)).toEqual([
      { kind: "vessel", id: "v1" },
    ]);
    const [, shipments] = searchGroups(sources, "USSAV");
    expect(shipments?.hits[0]?.detail).toEqual({ text: "Discharge at USSAV", match: [13, 18] });
    expect(shipments?.hits[0]?.rank).toBe(RANK.inside);
  });

  it("shows at most a few of each kind, and nothing for an empty term", () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      container(`c${i}`, { number: `MSCU12${String(i).padStart(5, "0")}` }),
    );
    const [group] = searchGroups({ ...none, containers: many }, "MSCU12");
    expect(group?.hits).toHaveLength(HITS_PER_KIND);
    expect(searchGroups({ ...none, containers: many }, "  ")).toEqual([]);
  });
});
