// Unit tests of the mapping between the API's sort keys (the URL) and the table's sorting state (the headers).
import { describe, expect, it } from "vitest";
import { sortKeysOf, sortParamOf } from "../../../api/triage";
import type { DataColumn } from "./columns";
import { ariaSortOf, sortingOf, sortKeysOfSorting } from "./sorting";

const columns: DataColumn<{ id: string }>[] = [
  { id: "bol", header: "Bill of lading", cell: (r) => r.id, sortField: "bill_of_lading_number" },
  { id: "eta", header: "ETA", cell: () => null, sortField: "pod_eta_at" },
  { id: "line", header: "Line", cell: () => null },
];

describe("sortingOf / sortKeysOfSorting", () => {
  it("maps API fields to the columns that sort by them, keeping order and direction", () => {
    expect(sortingOf(sortKeysOf("-pod_eta_at,bill_of_lading_number"), columns)).toEqual([
      { id: "eta", desc: true },
      { id: "bol", desc: false },
    ]);
  });
  it("leaves out fields no column sorts by, and a field named twice", () => {
    expect(sortingOf(sortKeysOf("created_at,pod_eta_at,-pod_eta_at"), columns)).toEqual([
      { id: "eta", desc: false },
    ]);
  });
  it("spells a header's sorting as the API's sort parameter", () => {
    const keys = sortKeysOfSorting(
      [
        { id: "bol", desc: true },
        { id: "eta", desc: false },
      ],
      columns,
    );
    expect(sortParamOf(keys)).toBe("-bill_of_lading_number,pod_eta_at");
  });
  it("drops columns that do not sort", () => {
    expect(sortKeysOfSorting([{ id: "line", desc: false }], columns)).toEqual([]);
  });
  it("round-trips", () => {
    const param = "-pod_eta_at,bill_of_lading_number";
    expect(sortParamOf(sortKeysOfSorting(sortingOf(sortKeysOf(param), columns), columns))).toBe(param);
  });
});

describe("ariaSortOf", () => {
  const sorting = [
    { id: "eta", desc: true },
    { id: "bol", desc: false },
  ];
  it("gives the first key's direction", () => {
    expect(ariaSortOf("eta", true, sorting)).toBe("descending");
    expect(ariaSortOf("eta", true, [{ id: "eta", desc: false }])).toBe("ascending");
  });
  it("says none for other sortable columns, even a secondary key, and nothing for unsortable ones", () => {
    expect(ariaSortOf("bol", true, sorting)).toBe("none");
    expect(ariaSortOf("bol", true, [])).toBe("none");
    expect(ariaSortOf("line", false, sorting)).toBeUndefined();
  });
});
