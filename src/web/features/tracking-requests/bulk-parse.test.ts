// Unit tests of reading many tracking requests from pasted lines or a CSV file.
import { describe, expect, it } from "vitest";
import { MAX_BULK_ROWS, parseBulkInput, readRequestType, readyRows, splitReferences } from "./bulk-parse";

describe("readRequestType", () => {
  it("reads short names, full names and the API's own values, in any case", () => {
    expect(readRequestType("bol")).toBe("bill_of_lading");
    expect(readRequestType("BL")).toBe("bill_of_lading");
    expect(readRequestType("Bill of Lading")).toBe("bill_of_lading");
    expect(readRequestType("bill_of_lading")).toBe("bill_of_lading");
    expect(readRequestType("booking")).toBe("booking_number");
    expect(readRequestType("Booking Number")).toBe("booking_number");
    expect(readRequestType("booking_number")).toBe("booking_number");
    expect(readRequestType(" Container ")).toBe("container");
    expect(readRequestType("container number")).toBe("container");
  });

  it("does not guess at anything else", () => {
    expect(readRequestType("")).toBeNull();
    expect(readRequestType("truck")).toBeNull();
    expect(readRequestType("MAEU123")).toBeNull();
  });
});

describe("splitReferences", () => {
  it("splits on ; and |, trims, and drops empty and repeated references", () => {
    expect(splitReferences("PO-1; PO-2|SO-3 ;; PO-1|")).toEqual(["PO-1", "PO-2", "SO-3"]);
    expect(splitReferences("")).toEqual([]);
  });
});

describe("parseBulkInput", () => {
  it("reads comma-separated lines without a header", () => {
    const result = parseBulkInput("bol, maeu123456789, maeu, PO-1;PO-2\nbooking,254896321,MSCU\n");
    expect(result.header).toBe(false);
    expect(result.rows).toEqual([
      {
        line: 1,
        cells: ["bol", "maeu123456789", "maeu", "PO-1;PO-2"],
        requestType: "bill_of_lading",
        number: "MAEU123456789",
        scac: "MAEU",
        refNumbers: ["PO-1", "PO-2"],
        problems: [],
      },
      {
        line: 2,
        cells: ["booking", "254896321", "MSCU"],
        requestType: "booking_number",
        number: "254896321",
        scac: "MSCU",
        refNumbers: [],
        problems: [],
      },
    ]);
  });

  it("skips a header line, and follows the column order it gives", () => {
    const plain = parseBulkInput("Type,Number,SCAC,References\ncontainer,MSCU1234566,MSCU,A|B");
    expect(plain.header).toBe(true);
    expect(plain.rows).toHaveLength(1);
    expect(plain.rows[0]).toMatchObject({ line: 2, requestType: "container", refNumbers: ["A", "B"] });

    const reordered = parseBulkInput("scac;x,request_number,request_type\nMAEU,MAEU1,bill of lading");
    // "scac;x" names no column, so only two are named: number and type.
    expect(reordered.header).toBe(true);
    expect(reordered.rows[0]).toMatchObject({ requestType: "bill_of_lading", number: "MAEU1", scac: "" });

    const byName = parseBulkInput("Shipping line,Number,Type,Refs\nMAEU,MAEU1,bol,R1");
    expect(byName.rows[0]).toMatchObject({
      requestType: "bill_of_lading",
      number: "MAEU1",
      scac: "MAEU",
      refNumbers: ["R1"],
      problems: [],
    });
  });

  it("does not take a first data row for a header", () => {
    const result = parseBulkInput("bol,NUMBER1,SCAC\n");
    expect(result.header).toBe(false);
    expect(result.rows[0]?.problems).toEqual([]);
  });

  it("reads tab-separated cells pasted from a spreadsheet", () => {
    const result = parseBulkInput("BOL\tMAEU1\tMAEU\tR 1;R 2\r\nContainer\tMSCU1234566\tMSCU\r\n");
    expect(readyRows(result).map((r) => [r.requestType, r.number, r.scac, r.refNumbers])).toEqual([
      ["bill_of_lading", "MAEU1", "MAEU", ["R 1", "R 2"]],
      ["container", "MSCU1234566", "MSCU", []],
    ]);
  });

  it("reads lines separated by spaces, extra words being references", () => {
    const result = parseBulkInput("bol MAEU1 MAEU PO-1 PO-2\ncontainer  MSCU1234566   MSCU");
    expect(result.rows.map((r) => [r.requestType, r.number, r.scac, r.refNumbers])).toEqual([
      ["bill_of_lading", "MAEU1", "MAEU", ["PO-1", "PO-2"]],
      ["container", "MSCU1234566", "MSCU", []],
    ]);
  });

  it("reads quoted CSV fields with commas, doubled quotes and line breaks", () => {
    const result = parseBulkInput(
      '"bol","MAEU1","MAEU","PO, ""1""|PO-2"\n"booking","BK\n1","MSCU"\nbol,X,ONEY',
    );
    expect(result.rows[0]).toMatchObject({ line: 1, refNumbers: ['PO, "1"', "PO-2"] });
    // A line break inside quotes is part of the field; spaces in numbers are dropped.
    expect(result.rows[1]).toMatchObject({ line: 2, number: "BK1" });
    expect(result.rows[2]).toMatchObject({ line: 4, number: "X", scac: "ONEY" });
  });

  it("ignores a byte order mark, blank lines and # comments", () => {
    const result = parseBulkInput("\uFEFFtype,number,scac\n\n# from the ops sheet\nbol,A1,MAEU\n  \n");
    expect(result.header).toBe(true);
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]?.line).toBe(4);
  });

  it("keeps rows it cannot send, saying why, naming the row and column", () => {
    const result = parseBulkInput(["truck,A1,MAEU", "bol,,MAEU", "bol,A4,MAERSK", "bol,A5,MA1U"].join("\n"));
    expect(result.rows.map((r) => r.problems)).toEqual([
      [
        "Row 1, column type: “truck” is not a type: write bol, booking or container (or the full names), or leave it empty.",
      ],
      ["Row 2, column number: The number is missing."],
      ["Row 3, column scac: “MAERSK” is not a SCAC: a SCAC is four letters."],
      ["Row 4, column scac: “MA1U” is not a SCAC: a SCAC is four letters."],
    ]);
    expect(readyRows(result)).toEqual([]);
  });

  it("reads bare numbers, and numbers with their SCAC, leaving the type and line to be inferred", () => {
    const result = parseBulkInput("MAEU993231055\n254896321, MSCU, PO-1\n,A2,MAEU\nbol,A3,");
    expect(result.rows.map((r) => [r.requestType, r.number, r.scac, r.refNumbers, r.problems])).toEqual([
      [null, "MAEU993231055", "", [], []],
      [null, "254896321", "MSCU", ["PO-1"], []],
      [null, "A2", "MAEU", [], []],
      ["bill_of_lading", "A3", "", [], []],
    ]);
  });

  it("reads a lone word as a number, saying what is wrong with it, and the hosted API's test numbers as numbers", () => {
    const result = parseBulkInput("TEST-TR-SUCCEEDED\nHELLO\ntest-tr-failed TEST\nbol");
    expect(result.rows.map((r) => [r.requestType, r.number, r.scac, r.problems])).toEqual([
      [null, "TEST-TR-SUCCEEDED", "", []],
      [
        null,
        "HELLO",
        "",
        [
          "Row 2, column number: “HELLO” is not a bill of lading, booking or container number: each of those has digits.",
        ],
      ],
      [null, "TEST-TR-FAILED", "TEST", []],
      ["bill_of_lading", "", "", ["Row 4, column number: The number is missing."]],
    ]);
    // With its type and line given, the line's format check says what is wrong with it (bulk-resolve.ts).
    expect(parseBulkInput("bol,NOPE,MAEU").rows[0]?.problems).toEqual([]);
  });

  it("reads nothing from empty input", () => {
    expect(parseBulkInput("")).toEqual({ rows: [], header: false, truncated: 0 });
    expect(parseBulkInput(" \n\n\t\n")).toEqual({ rows: [], header: false, truncated: 0 });
  });

  it(`reads at most ${MAX_BULK_ROWS} rows and says how many were left out`, () => {
    const lines = Array.from({ length: MAX_BULK_ROWS + 5 }, (_, i) => `bol,N${i},MAEU`).join("\n");
    const result = parseBulkInput(lines);
    expect(result.rows).toHaveLength(MAX_BULK_ROWS);
    expect(result.truncated).toBe(5);
  });
});
