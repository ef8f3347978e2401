// Unit tests of the containers list's columns: which show for a `columns` param, the param for a choice, sort fields.
import { describe, expect, it } from "vitest";
import { CONTAINER_SORT_FIELDS } from "../../../api/triage";
import { CONTAINER_COLUMNS, columnsParamOf, visibleColumns } from "./containers-columns";
import { lfdTone } from "./lfd-cell";
import { CONTAINER_COLUMN_IDS } from "./search";

const ids = (param: string) => visibleColumns(param).map((c) => c.id);

describe("containers columns", () => {
  it("define every column id once, in the list's order, each sortable one by an API sort field", () => {
    expect(CONTAINER_COLUMNS.map((c) => c.id)).toEqual([...CONTAINER_COLUMN_IDS]);
    for (const column of CONTAINER_COLUMNS) {
      if (column.sortField) expect(CONTAINER_SORT_FIELDS).toContain(column.sortField);
    }
    // Every date column the list shows sorts.
    for (const id of ["lfd", "eta", "discharged"]) {
      expect(CONTAINER_COLUMNS.find((c) => c.id === id)?.sortField).toBeDefined();
    }
  });

  it("show the defaults without a param, and the named ones (with the number, which cannot be hidden) with one", () => {
    expect(ids("")).toEqual([
      "number",
      "status",
      "holds",
      "lfd",
      "availability",
      "pod",
      "eta",
      "vessel",
      "shipment",
      "tags",
    ]);
    expect(ids("lfd,customer")).toEqual(["number", "lfd", "customer"]);
    expect(ids("number")).toEqual(["number"]);
  });

  it("write no param for the defaults, and never an empty one for fewer columns", () => {
    expect(columnsParamOf(ids(""))).toBe("");
    expect(columnsParamOf(["number", "lfd", "eta"])).toBe("number,lfd,eta");
    expect(columnsParamOf([])).toBe("number");
    expect(ids(columnsParamOf(["lfd", "customer"]))).toEqual(["number", "lfd", "customer"]);
  });
});

describe("lfdTone", () => {
  it("marks passed and today as overdue, the next two days as soon", () => {
    expect([-3, -1, 0, 1, 2, 3].map(lfdTone)).toEqual([
      "overdue",
      "overdue",
      "overdue",
      "soon",
      "soon",
      "later",
    ]);
  });
});
