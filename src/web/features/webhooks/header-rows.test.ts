// Unit tests of the custom-header rows: stable keys, blank rows left out, and which row each sent header is.
import { describe, expect, it } from "vitest";
import { addRow, headersFromRows, removeRow, rowsFromHeaders, updateRow } from "./header-rows";

describe("header rows", () => {
  it("start from the webhook's headers, one row each, and add empty rows with new keys", () => {
    const rows = rowsFromHeaders([
      { name: "Authorization", value: "Bearer x" },
      { name: "X-Env", value: "test" },
    ]);
    expect(rows.map((r) => r.key)).toEqual([1, 2]);
    const more = addRow(removeRow(rows, 1));
    expect(more).toEqual([
      { key: 2, name: "X-Env", value: "test" },
      { key: 3, name: "", value: "" },
    ]);
    // A key is never reused while its row exists, even after removals.
    expect(addRow(more).at(-1)?.key).toBe(4);
    expect(addRow([]).map((r) => r.key)).toEqual([1]);
  });

  it("change one row only", () => {
    const rows = addRow(addRow([]));
    expect(updateRow(rows, 2, { name: "X-A" })).toEqual([
      { key: 1, name: "", value: "" },
      { key: 2, name: "X-A", value: "" },
    ]);
  });

  it("send filled rows with trimmed names, and say which row each header came from", () => {
    const rows = [
      { key: 1, name: " X-A ", value: " 1 " },
      { key: 2, name: "", value: "  " },
      { key: 5, name: "X-B", value: "" },
      { key: 7, name: "", value: "orphan" },
    ];
    expect(headersFromRows(rows)).toEqual({
      headers: [
        { name: "X-A", value: " 1 " },
        { name: "X-B", value: "" },
        { name: "", value: "orphan" },
      ],
      keys: [1, 5, 7],
    });
  });
});
