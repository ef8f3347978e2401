// Unit tests of the containers list's columns: ids and sort fields, and what the shared table shows of them by
// default and for a `columns` param (the shape saved views keep).
import { describe, expect, it } from "vitest";
import { CONTAINER_SORT_FIELDS } from "../../../api/triage";
import { columnsParamOf, visibilityOf } from "../../components/data-table/column-choice";
import { CONTAINER_COLUMNS } from "./containers-columns";

/** The ids of the columns shown for a `columns` param (undefined: the defaults). */
const shown = (param: string | undefined) =>
  columnsParamOf(CONTAINER_COLUMNS, visibilityOf(CONTAINER_COLUMNS, {}, param)).split(",");

describe("containers columns", () => {
  it("have unique ids, and sort by API sort fields, every date column among them", () => {
    const ids = CONTAINER_COLUMNS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const column of CONTAINER_COLUMNS) {
      if (column.sortField) expect(CONTAINER_SORT_FIELDS).toContain(column.sortField);
    }
    for (const id of ["lfd", "eta", "discharged"]) {
      expect(CONTAINER_COLUMNS.find((c) => c.id === id)?.sortField).toBeDefined();
    }
  });

  it("show the defaults without a param, and the named ones (with the number, which cannot be hidden) with one", () => {
    expect(shown(undefined)).toEqual([
      "number",
      "status",
      "holds",
      "lfd",
      "availability",
      "detention",
      "charges",
      "pod",
      "eta",
      "vessel",
      "shipment",
      "tags",
    ]);
    expect(shown("lfd,customer")).toEqual(["number", "lfd", "customer"]);
    expect(shown("number")).toEqual(["number"]);
    // A link written before the list moved onto the shared table reads the same.
    expect(shown("number,lfd,eta,nonsense")).toEqual(["number", "lfd", "eta"]);
  });
});
