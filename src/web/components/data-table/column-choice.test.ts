// Unit tests of which columns show: defaults, the browser's kept choice, and the URL's `columns`, which wins.
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../testing/memory-storage";
import {
  columnsParamOf,
  parseColumnsParam,
  readColumnChoice,
  visibilityOf,
  visibleColumnsParam,
  writeColumnChoice,
} from "./column-choice";
import type { DataColumn } from "./columns";

const cell = () => null;
const columns: DataColumn<unknown>[] = [
  { id: "bol", header: "Bill of lading", cell },
  { id: "eta", header: "ETA", cell, hideable: true },
  { id: "tags", header: "Tags", cell, hideable: true, hiddenByDefault: true },
  { id: "line", header: "Line", cell, hideable: true },
];

describe("visibilityOf", () => {
  it("shows the defaults when nothing is chosen", () => {
    expect(visibilityOf(columns, {}, undefined)).toEqual({ eta: true, tags: false, line: true });
  });
  it("follows the browser's choice over the defaults", () => {
    expect(visibilityOf(columns, { tags: true, eta: false }, undefined)).toEqual({
      eta: false,
      tags: true,
      line: true,
    });
  });
  it("lets the URL decide alone, ignoring unknown ids and never hiding the main column", () => {
    expect(visibilityOf(columns, { eta: true, line: true }, "tags,nonsense")).toEqual({
      eta: false,
      tags: true,
      line: false,
    });
    expect(columnsParamOf(columns, visibilityOf(columns, {}, "tags"))).toBe("bol,tags");
  });
});

describe("columns parameter", () => {
  it("parses a comma-separated list leniently", () => {
    expect(parseColumnsParam(" eta, ,tags,")).toEqual(["eta", "tags"]);
  });
  it("lists the visible columns in the table's order", () => {
    expect(columnsParamOf(columns, { eta: true, tags: true, line: false })).toBe("bol,eta,tags");
  });
  it("never names a control column (the rows' checkboxes), which always shows", () => {
    const withBoxes: DataColumn<unknown>[] = [
      { id: "select", header: "Select", cell, control: true },
      ...columns,
    ];
    expect(columnsParamOf(withBoxes, { eta: true, tags: false, line: true })).toBe("bol,eta,line");
    expect(visibilityOf(withBoxes, {}, "eta")).not.toHaveProperty("select");
  });
});

describe("the kept choice", () => {
  it("is kept per table", () => {
    const store = memoryStorage();
    writeColumnChoice("shipments", { tags: true }, store);
    expect(readColumnChoice("shipments", store)).toEqual({ tags: true });
    expect(readColumnChoice("webhooks", store)).toEqual({});
  });
  it("reads as no choice when what is kept is not one", () => {
    const store = memoryStorage();
    store.setItem("boxtrack:columns:shipments", "not json");
    expect(readColumnChoice("shipments", store)).toEqual({});
    store.setItem("boxtrack:columns:shipments", '["eta"]');
    expect(readColumnChoice("shipments", store)).toEqual({});
    store.setItem("boxtrack:columns:shipments", '{"eta": false, "tags": "yes"}');
    expect(readColumnChoice("shipments", store)).toEqual({ eta: false });
  });
  it("gives saved views what the browser shows now, or what the URL says", () => {
    const store = memoryStorage();
    writeColumnChoice("shipments", { line: false }, store);
    expect(visibleColumnsParam("shipments", columns, undefined, store)).toBe("bol,eta");
    expect(visibleColumnsParam("shipments", columns, "line", store)).toBe("bol,line");
  });
});
