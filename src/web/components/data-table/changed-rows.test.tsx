// Unit test of the shared table's highlight of rows a live update changed: only those rows are marked (the mark
// that styles.css tints and fades), and a table given no changed rows marks none.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DataColumn } from "./columns";
import { DataTable } from "./data-table";

interface Row {
  id: string;
  name: string;
}
const columns: DataColumn<Row>[] = [{ id: "name", header: "Name", cell: (row) => row.name }];
const rows: Row[] = [
  { id: "a", name: "Alpha" },
  { id: "b", name: "Bravo" },
  { id: "c", name: "Charlie" },
];

/** The names of the rows the table marks as changed. */
function markedRows(changed?: ReadonlySet<string>): string[] {
  const html = renderToStaticMarkup(
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      caption="Test"
      changedRowIds={changed}
    />,
  );
  return [...html.matchAll(/<tr[^>]*data-changed[^>]*>.*?<td[^>]*>([^<]*)/g)].map((m) => m[1] ?? "");
}

describe("rows a live update changed", () => {
  it("are marked, and only they", () => {
    expect(markedRows(new Set(["b"]))).toEqual(["Bravo"]);
    expect(markedRows(new Set(["a", "c", "zz"]))).toEqual(["Alpha", "Charlie"]);
  });

  it("say so in words too, not only with a tint", () => {
    const html = renderToStaticMarkup(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        caption="Test"
        changedRowIds={new Set(["b"])}
      />,
    );
    expect(html.match(/updated since you looked/g)).toHaveLength(1);
    expect(html.indexOf("updated since you looked")).toBeGreaterThan(html.indexOf("Bravo"));
    expect(html.indexOf("updated since you looked")).toBeLessThan(html.indexOf("Charlie"));
  });

  it("are none when the table is told of none", () => {
    expect(markedRows()).toEqual([]);
    expect(markedRows(new Set())).toEqual([]);
  });
});
