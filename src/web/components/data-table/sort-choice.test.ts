// Unit tests of the cards' "Sort by" choice: its options, the option a URL's order shows, and back to sort keys.
import { describe, expect, it } from "vitest";
import type { DataColumn } from "./columns";
import { sortKeysOfValue, sortOptionsOf, sortValueOf } from "./sort-choice";

const COLUMNS: DataColumn<unknown>[] = [
  { id: "number", header: "Number", sortField: "number", cell: () => null },
  { id: "customer", header: "Customer", cell: () => null },
  { id: "created", header: "Created", sortField: "created_at", sortDescFirst: true, cell: () => null },
];

describe("sortOptionsOf", () => {
  it("offers the default order and each sortable column both ways, its first-click direction first", () => {
    expect(sortOptionsOf(COLUMNS).map((o) => o.value)).toEqual([
      "",
      "number:asc",
      "number:desc",
      "created:desc",
      "created:asc",
    ]);
    expect(sortOptionsOf(COLUMNS)[3]?.label).toBe("Created, descending");
  });
});

describe("sortValueOf and sortKeysOfValue", () => {
  it("show the order's first key and turn a choice back into the API's keys", () => {
    const keys = [
      { field: "created_at", descending: true },
      { field: "number", descending: false },
    ];
    expect(sortValueOf(keys, COLUMNS)).toBe("created:desc");
    expect(sortKeysOfValue("created:desc", COLUMNS)).toEqual([{ field: "created_at", descending: true }]);
    expect(sortKeysOfValue("number:asc", COLUMNS)).toEqual([{ field: "number", descending: false }]);
  });

  it("read an order no column shows, or a choice that is not an option, as the default order", () => {
    expect(sortValueOf([], COLUMNS)).toBe("");
    expect(sortValueOf([{ field: "eta", descending: false }], COLUMNS)).toBe("");
    expect(sortKeysOfValue("", COLUMNS)).toEqual([]);
    expect(sortKeysOfValue("customer:asc", COLUMNS)).toEqual([]);
    expect(sortKeysOfValue("number:sideways", COLUMNS)).toEqual([]);
  });
});
