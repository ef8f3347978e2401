// Unit tests of the lists' spreadsheets: a time is a date cell reading the place's clock with the zone beside it,
// the sheet has the columns shown in the list's order, and a shipment becomes a row per container when asked. The
// sheet goes through the real writer (write-excel-file) and back through a maintained reader (read-excel-file),
// which reads a date cell as a Date only when the file marks it as one.
import { readSheet } from "read-excel-file/node";
import { describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { CONTAINER_COLUMNS } from "../features/containers/containers-columns";
import { CONTAINER_SHEET_COLUMNS } from "../features/containers/sheet-columns";
import {
  CONTAINER_ROW_COLUMNS,
  SHIPMENT_SHEET_COLUMNS,
  shipmentSheetRows,
} from "../features/shipments/sheet-columns";
import { SHIPMENT_COLUMNS } from "../features/shipments/shipment-columns";
import { containerFixture } from "../testing/container-fixture";
import { shipmentFixture } from "../testing/shipment-fixture";
import { dayIn, type SheetColumn, sheetColumnsFor, sheetOf, wallClock } from "./spreadsheet";

/** The sheet as a spreadsheet program would read it back. */
async function roundTrip<R>(columns: readonly SheetColumn<R>[], rows: readonly R[]) {
  const { data, widths } = sheetOf(columns, rows);
  const buffer = await writeXlsxFile(data, { columns: widths, stickyRowsCount: 1 }).toBuffer();
  return readSheet(buffer);
}

describe("wallClock and dayIn", () => {
  it("give the place's own clock and calendar day, whatever the instant's offset", () => {
    expect(wallClock("2026-11-20T20:00:00Z", "America/Los_Angeles").toISOString()).toBe(
      "2026-11-20T12:00:00.000Z",
    );
    expect(wallClock("2026-11-20T20:00:00Z", "Asia/Shanghai").toISOString()).toBe("2026-11-21T04:00:00.000Z");
    // Past midnight in Shanghai, still the 20th in Los Angeles.
    expect(dayIn("2026-11-20T17:00:00Z", "Asia/Shanghai").toISOString()).toBe("2026-11-21T00:00:00.000Z");
    expect(dayIn("2026-11-20T17:00:00Z", "America/Los_Angeles").toISOString()).toBe(
      "2026-11-20T00:00:00.000Z",
    );
    // A zone the browser does not know is read as UTC, as everywhere else.
    expect(wallClock("2026-11-20T20:00:00Z", "Not/AZone").toISOString()).toBe("2026-11-20T20:00:00.000Z");
  });
});

describe("the shipments sheet", () => {
  const shipment = shipmentFixture({
    bill_of_lading_number: "MAEU123456789",
    ref_numbers: ["PO-1", "PO-2"],
    pod_eta_at: "2026-11-27T16:30:00.000Z",
    pod_timezone: "America/Los_Angeles",
    last_free_day_at: "2026-12-02T08:00:00.000Z",
    last_free_day_timezone: null,
  });

  it("has a column (or two) for every column of the list", () => {
    for (const column of SHIPMENT_COLUMNS)
      expect(SHIPMENT_SHEET_COLUMNS[column.id]?.length).toBeGreaterThan(0);
    for (const column of CONTAINER_COLUMNS)
      expect(CONTAINER_SHEET_COLUMNS[column.id]?.length).toBeGreaterThan(0);
  });

  it("writes the columns shown in the list's order, times as date cells of the port's clock with the zone beside", async () => {
    const columns = sheetColumnsFor(["bill_of_lading", "eta", "last_free_day"], SHIPMENT_SHEET_COLUMNS);
    const [header, row] = await roundTrip(columns, shipmentSheetRows(shipment, [], false));
    expect(header).toEqual([
      "Bill of lading",
      "Reference numbers",
      "ETA",
      "ETA time zone",
      "Original ETA",
      "Original ETA time zone",
      "Last free day",
      "Last free day time zone",
    ]);
    expect(row?.slice(0, 4)).toEqual([
      "MAEU123456789",
      "PO-1; PO-2",
      // 16:30 UTC is 08:30 in Los Angeles: the cell reads 08:30, and is a date (read back as a Date).
      new Date("2026-11-27T08:30:00.000Z"),
      "America/Los_Angeles",
    ]);
    expect(row?.[6]).toEqual(new Date("2026-12-02T00:00:00.000Z"));
    expect(row?.[7]).toBe("America/Los_Angeles");
  });

  it("gives each container its own row with its number and status when asked, and a shipment with none its one row", async () => {
    const boxes = [
      containerFixture({ number: "MSKU1234565", current_status: "available" }, "c-1"),
      containerFixture({ number: "MSKU7654321", current_status: "picked_up" }, "c-2"),
    ];
    const withBoxes = {
      ...shipment,
      relationships: {
        ...shipment.relationships,
        containers: { data: boxes.map((b) => ({ id: b.id, type: "container" as const })) },
      },
    };
    const columns = [
      ...sheetColumnsFor(["bill_of_lading"], SHIPMENT_SHEET_COLUMNS),
      ...CONTAINER_ROW_COLUMNS,
    ];
    // Another shipment's container on the same page is not this shipment's.
    const included = [...boxes, containerFixture({ number: "ZZZU0000000" }, "c-9")];
    const rows = await roundTrip(columns, shipmentSheetRows(withBoxes, included, true));
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ["Bill of lading", "Reference numbers", "Container", "Container status"],
      ["MAEU123456789", "PO-1; PO-2", "MSKU1234565", "Available for pickup"],
      ["MAEU123456789", "PO-1; PO-2", "MSKU7654321", "Picked up"],
    ]);
    expect(shipmentSheetRows(shipment, [], true)).toEqual([{ shipment, container: null }]);
  });
});

describe("the containers sheet", () => {
  it("writes our predicted arrival and its reason beside the line's ETA, in the port's clock", async () => {
    const box = containerFixture(
      {
        number: "MSKU1234565",
        pod_eta_at: "2026-11-27T16:30:00.000Z",
        pod_predicted_arrival_at: "2026-11-28T20:00:00.000Z",
        pod_predicted_arrival_reason: "EVER ACE is sailing 14.2 kn with 1,075 nm to go (3.2 days).",
        pod_timezone: "America/Los_Angeles",
      },
      "c-1",
    );
    const columns = sheetColumnsFor(["eta"], CONTAINER_SHEET_COLUMNS);
    const [header, row] = await roundTrip(columns, [box]);
    expect(header).toEqual([
      "ETA",
      "ETA time zone",
      "Arrived",
      "Arrived time zone",
      "Our predicted arrival",
      "Our predicted arrival time zone",
      "Why we predict it",
    ]);
    // 20:00 UTC is noon in Los Angeles.
    expect(row?.slice(4)).toEqual([
      new Date("2026-11-28T12:00:00.000Z"),
      "America/Los_Angeles",
      "EVER ACE is sailing 14.2 kn with 1,075 nm to go (3.2 days).",
    ]);
  });
});
