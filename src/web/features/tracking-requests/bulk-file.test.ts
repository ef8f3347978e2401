// Unit tests of reading files for bulk tracking: CSV in any delimiter, and rows (as a workbook gives them) as text
// the box's parser reads back the same.
import { describe, expect, it } from "vitest";
import { csvRows, rowsToText } from "./bulk-file";
import { parseBulkInput } from "./bulk-parse";

describe("csvRows", () => {
  it("reads semicolon-separated files as European Excel writes them, and quoted fields", () => {
    expect(csvRows("\uFEFFtype;number;scac\nbol;MAEU993231055;MAEU\n")).toEqual([
      ["type", "number", "scac"],
      ["bol", "MAEU993231055", "MAEU"],
    ]);
    expect(csvRows('bol,"MAEU1","PO, 1"\n')).toEqual([["bol", "MAEU1", "PO, 1"]]);
  });
});

describe("rowsToText", () => {
  it("writes rows the box reads back as they were, numbers as written, rows numbered as in the sheet", () => {
    const text = rowsToText([
      ["Type", "Number", "SCAC", "References"],
      ["bol", "MAEU993231055", "MAEU", "PO, 1;PO 2"],
      [null, null, null, null],
      [null, 123456789012, "EGLV", null],
      [null, null],
    ]);
    const parsed = parseBulkInput(text);
    expect(parsed.header).toBe(true);
    expect(parsed.rows.map((r) => [r.requestType, r.number, r.scac, r.refNumbers])).toEqual([
      ["bill_of_lading", "MAEU993231055", "MAEU", ["PO, 1", "PO 2"]],
      [null, "123456789012", "EGLV", []],
    ]);
    // Row numbers are the sheet's: the header is row 1, the empty row 3 is skipped but counted.
    expect(parsed.rows.map((r) => r.line)).toEqual([2, 4]);
  });
});
