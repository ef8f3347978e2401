// Unit tests of the shipments CSV's rows: each date in its own port's local time with the zone named, lists joined,
// empty values left empty.
import { describe, expect, it } from "vitest";
import { shipmentFixture } from "../../testing/shipment-fixture";
import { SHIPMENT_CSV_FIELDS, shipmentCsvRow } from "./export-rows";

const rowOf = (shipment = shipmentFixture()) =>
  Object.fromEntries(SHIPMENT_CSV_FIELDS.map((f, i) => [f, shipmentCsvRow(shipment)[i]]));

describe("shipmentCsvRow", () => {
  it("writes each date in its port's zone, with the offset, and names the zones", () => {
    const row = rowOf(
      shipmentFixture({
        pol_atd_at: "2026-10-20T02:00:00.000Z",
        pod_eta_at: "2026-11-27T16:30:00.000Z",
        last_free_day_at: "2026-12-02T08:00:00.000Z",
        destination_timezone: "America/Chicago",
        destination_eta_at: "2026-12-05T18:00:00.000Z",
      }),
    );
    expect(row.pol_timezone).toBe("Asia/Shanghai");
    expect(row.pol_atd_at).toBe("2026-10-20T10:00:00+08:00");
    expect(row.pod_timezone).toBe("America/Los_Angeles");
    expect(row.pod_eta_at).toBe("2026-11-27T08:30:00-08:00");
    expect(row.last_free_day_at).toBe("2026-12-02T00:00:00-08:00");
    expect(row.destination_timezone).toBe("America/Chicago");
    expect(row.destination_eta_at).toBe("2026-12-05T12:00:00-06:00");
    expect(row.created_at).toBe("2026-11-01T00:00:00Z");
  });

  it("joins reference numbers and tags, counts containers, and leaves unknowns empty", () => {
    const shipment = shipmentFixture({
      ref_numbers: ["PO 1", "PO 2"],
      tags: ["urgent", "reefer, cold"],
      containers_by_phase: { at_port: 1, picked_up: 1 },
    });
    shipment.relationships.containers.data = [
      { id: "c-1", type: "container" },
      { id: "c-2", type: "container" },
    ];
    expect(rowOf(shipment)).toMatchObject({
      bill_of_lading_number: "MEDU1234567",
      ref_numbers: "PO 1; PO 2",
      tags: "urgent; reefer, cold",
      containers: 2,
      status: "1 at port · 1 picked up",
      customer_name: null,
      pod_ata_at: null,
      destination_timezone: "UTC",
    });
  });

  it("has a value for every field", () => {
    expect(shipmentCsvRow(shipmentFixture())).toHaveLength(SHIPMENT_CSV_FIELDS.length);
  });

  it("writes our predicted arrival and its window in the port's clock beside the line's ETA, with the reason", () => {
    const row = rowOf(
      shipmentFixture({
        pod_eta_at: "2026-11-27T16:30:00.000Z",
        pod_predicted_arrival_at: "2026-11-28T18:00:00.000Z",
        pod_predicted_arrival_window: {
          earliest_at: "2026-11-28T06:00:00.000Z",
          latest_at: "2026-11-29T12:00:00.000Z",
        },
        pod_predicted_arrival_reason: "EVER ACE is sailing 14.2 kn with 410 nm to go (1.2 days).",
      }),
    );
    expect(row).toMatchObject({
      pod_eta_at: "2026-11-27T08:30:00-08:00",
      pod_predicted_arrival_at: "2026-11-28T10:00:00-08:00",
      pod_predicted_arrival_earliest_at: "2026-11-27T22:00:00-08:00",
      pod_predicted_arrival_latest_at: "2026-11-29T04:00:00-08:00",
      pod_predicted_arrival_reason: "EVER ACE is sailing 14.2 kn with 410 nm to go (1.2 days).",
    });
    expect(rowOf()).toMatchObject({ pod_predicted_arrival_at: null, pod_predicted_arrival_reason: null });
  });
});

describe("shipmentCsvRow's last free day", () => {
  it("is written in the zone of the place whose calendar counts it (a rail ramp's: inland), which it names", () => {
    const row = rowOf(
      shipmentFixture({
        pod_timezone: "America/Los_Angeles",
        destination_timezone: "America/Chicago",
        last_free_day_at: "2026-11-26T06:00:00.000Z",
        last_free_day_timezone: "America/Chicago",
      }),
    );
    expect(row.last_free_day_at).toBe("2026-11-26T00:00:00-06:00");
    expect(row.last_free_day_timezone).toBe("America/Chicago");
  });

  it("falls back to the port's zone, and leaves both empty when no box waits", () => {
    const port = rowOf(shipmentFixture({ last_free_day_at: "2026-12-02T08:00:00.000Z" }));
    expect(port.last_free_day_timezone).toBe("America/Los_Angeles");
    const gone = rowOf(
      shipmentFixture({ last_free_day_at: null, last_free_day_timezone: "America/Chicago" }),
    );
    expect(gone.last_free_day_at).toBeNull();
    expect(gone.last_free_day_timezone).toBeNull();
  });
});
