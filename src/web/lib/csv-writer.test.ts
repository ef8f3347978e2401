// Unit tests of the CSV writer: byte order mark, CRLF, RFC 4180 quoting, formula escaping, the file name.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CsvWriter } from "./csv-writer";
import { exportFileName } from "./export-file-name";

/** The file's bytes as text, keeping the BOM (Blob.text() drops it, as every UTF-8 decoder does by default). */
async function fileText(blob: Blob): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await blob.arrayBuffer());
}

describe("CsvWriter", () => {
  it("starts with a UTF-8 byte order mark and ends every line with CRLF", async () => {
    const writer = new CsvWriter(["number", "tags"]);
    writer.write([["MSCU1234567", "a"]]);
    writer.write([["TGHU7654321", "b"]]);
    const blob = writer.toBlob();
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await fileText(blob)).toBe("\uFEFFnumber,tags\r\nMSCU1234567,a\r\nTGHU7654321,b\r\n");
    expect(blob.type).toBe("text/csv;charset=utf-8");
    expect(writer.rows).toBe(2);
  });

  it("quotes commas, quotes and line breaks, doubling quotes, and reads back to the same values", async () => {
    const awkward = ["Acme, Inc.", 'The "big" one', "line one\nline two", "crlf\r\nhere", "plain"];
    const writer = new CsvWriter(["a", "b", "c", "d", "e"]);
    writer.write([awkward]);
    const text = await fileText(writer.toBlob());
    expect(text).toBe(
      '\uFEFFa,b,c,d,e\r\n"Acme, Inc.","The ""big"" one","line one\nline two","crlf\r\nhere",plain\r\n',
    );
    const parsed = Papa.parse<string[]>(text.slice(1), { newline: "\r\n" });
    expect(parsed.data[1]).toEqual(awkward);
  });

  it("writes empty values as empty fields and keeps non-ASCII text", async () => {
    const writer = new CsvWriter(["name", "value"]);
    writer.write([
      ["Zoë Ünal — 上海", null],
      ["", true],
    ]);
    expect(await fileText(writer.toBlob())).toBe("\uFEFFname,value\r\nZoë Ünal — 上海,\r\n,true\r\n");
  });

  it("defuses values a spreadsheet would run as formulas", async () => {
    const writer = new CsvWriter(["tag"]);
    writer.write([['=HYPERLINK("http://evil")'], ["@SUM(A1)"]]);
    const text = await fileText(writer.toBlob());
    expect(text).toContain("'=HYPERLINK");
    expect(text).toContain("'@SUM(A1)");
  });
});

describe("exportFileName", () => {
  it("names the file after the view and the day", () => {
    expect(exportFileName("LFD within 2 days", "2026-11-25", "csv")).toBe("lfd-within-2-days-2026-11-25.csv");
    expect(exportFileName("Müller / Savannah!", "2026-11-25", "csv")).toBe("muller-savannah-2026-11-25.csv");
    expect(exportFileName("???", "2026-11-25", "xlsx")).toBe("export-2026-11-25.xlsx");
  });
});
