// Unit tests of global search's results: where a term matches (punctuation ignored), how the API's ranked results
// group by kind, what each says, what opening each leads to, and that a hosted API's answer works too.
import { describe, expect, it } from "vitest";
import {
  type FoundResult,
  findTerm,
  flatHits,
  HITS_PER_KIND,
  markedParts,
  RANK,
  searchGroups,
} from "./results";

function result(type: string, id: string, attributes: Partial<FoundResult["attributes"]>): FoundResult {
  return { id, type, attributes: { number: "MSCU0000000", ref_numbers: [], ...attributes } };
}

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
  it("groups by kind, names each kind, in the order of the API's ranking", () => {
    const groups = searchGroups(
      [
        result("cargo", "c1", { number: "MSCU1234567", status: "available", scac: "MSCU" }),
        result("shipment", "s1", { number: "MEDU1234567", ref_numbers: ["MSCU1234567-B"] }),
        result("cargo", "c2", { number: "MSCU1234568" }),
        result("tracking_request", "t1", { number: "MSCU12345", status: "pending", scac: "MSCU" }),
      ],
      "MSCU1234567",
    );
    expect(groups.map((g) => g.label)).toEqual(["Containers", "Shipments", "Tracking requests"]);
    expect(groups[0]?.hits.map((h) => h.target)).toEqual([
      { kind: "container", id: "c1" },
      { kind: "container", id: "c2" },
    ]);
    expect(groups[0]?.hits[0]?.title).toEqual({ text: "MSCU1234567", match: [0, 11] });
    expect(groups[0]?.hits[0]?.detail).toEqual({ text: "Available for pickup · MSCU", match: null });
    // The shipment was found by a reference: that is its second line, marked.
    expect(groups[1]?.hits[0]?.detail).toEqual({ text: "Reference MSCU1234567-B", match: [10, 21] });
    expect(groups[2]?.hits[0]?.target).toEqual({ kind: "tracking_request", id: "t1" });
    expect(groups[2]?.hits[0]?.detail.text).toBe("MSCU · pending");
  });

  it("says what a shipment is when what matched is its title", () => {
    const [group] = searchGroups(
      [
        result("shipment", "s1", {
          number: "MEDU7654321",
          scac: "MSCU",
          port_of_lading_name: "Shanghai",
          port_of_discharge_name: "Savannah",
          containers_count: 2,
          tracking_stopped: true,
        }),
      ],
      "7654321",
    );
    expect(group?.hits[0]?.title).toEqual({ text: "MEDU7654321", match: [4, 11] });
    expect(group?.hits[0]?.detail).toEqual({
      text: "MSCU · Shanghai → Savannah · 2 containers · tracking stopped",
      match: null,
    });
  });

  it("offers vessels on the map, by name or IMO", () => {
    const found = [result("vessel", "v1", { number: "9811000", name: "EVER GIVEN" })];
    const [byName] = flatHits(searchGroups(found, "ever"));
    expect(byName).toMatchObject({
      kind: "vessel",
      title: { text: "EVER GIVEN", match: [0, 4] },
      detail: { text: "IMO 9811000 · on the map", match: null },
      target: { kind: "vessel", id: "v1" },
    });
    const [byImo] = flatHits(searchGroups(found, "9811000"));
    expect(byImo?.detail).toEqual({ text: "IMO 9811000", match: [4, 11] });
  });

  it("offers ports by name or UN/LOCODE, opening the shipments discharging there", () => {
    const found = [result("port", "p1", { number: "USSAV", name: "Savannah" })];
    const [byName] = searchGroups(found, "savannah");
    expect(byName?.label).toBe("Ports");
    expect(byName?.hits[0]?.target).toEqual({ kind: "port", locode: "USSAV" });
    expect(byName?.hits[0]?.detail.text).toBe("USSAV · shipments discharging here");
    expect(flatHits(searchGroups(found, "ussav")).map((h) => h.detail.match)).toEqual([[10, 15]]);
  });

  it("reads a hosted API's answer: no names, no links, kinds it does not know left out", () => {
    const hosted: FoundResult[] = [
      { id: "s1", type: "shipment", attributes: { number: "MEDUA1234567" } },
      { id: "c1", type: "cargo", attributes: { number: "MSCU1234567", status: null } },
      { id: "x1", type: "document", attributes: { number: "MEDUA1234567" } },
    ];
    const groups = searchGroups(hosted, "MEDUA");
    expect(groups.map((g) => g.kind)).toEqual(["shipment", "cargo"]);
    expect(groups[1]?.hits[0]?.detail).toEqual({ text: "", match: null });
  });

  it("shows at most a few of each kind, and nothing for an empty term", () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      result("cargo", `c${i}`, { number: `MSCU12${String(i).padStart(5, "0")}` }),
    );
    const [group] = searchGroups(many, "MSCU12");
    expect(group?.hits).toHaveLength(HITS_PER_KIND);
    expect(group?.hits.map((h) => h.key)).toEqual([
      "cargo-c0",
      "cargo-c1",
      "cargo-c2",
      "cargo-c3",
      "cargo-c4",
    ]);
    expect(searchGroups(many, "  ")).toEqual([]);
  });
});
