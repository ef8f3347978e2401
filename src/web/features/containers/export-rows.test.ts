// Unit tests of the containers CSV's rows: port-local ISO dates with the zone named, holds and tags, empty values.
import { describe, expect, it } from "vitest";
import { containerFixture } from "../../testing/container-fixture";
import { CONTAINER_CSV_FIELDS, containerCsvRow } from "./export-rows";

const rowOf = (overrides: Parameters<typeof containerFixture>[0]) =>
  Object.fromEntries(
    CONTAINER_CSV_FIELDS.map((f, i) => [f, containerCsvRow(containerFixture(overrides))[i]]),
  );

describe("containerCsvRow", () => {
  it("writes dates as the port's local time with its offset, and names the zone", () => {
    const row = rowOf({
      pod_timezone: "America/New_York",
      last_free_day_at: "2026-11-27T05:00:00.000Z",
      import_deadlines: {
        pickup_lfd_terminal: "2026-11-27T05:00:00.000Z",
        pickup_lfd_rail: null,
        pickup_lfd_line: "2026-11-30T05:00:00.000Z",
      },
      pod_eta_at: "2026-07-01T16:30:00.000Z",
    });
    expect(row.last_free_day_at).toBe("2026-11-27T00:00:00-05:00");
    expect(row.terminal_last_free_day_at).toBe("2026-11-27T00:00:00-05:00");
    expect(row.line_last_free_day_at).toBe("2026-11-30T00:00:00-05:00");
    expect(row.pod_eta_at).toBe("2026-07-01T12:30:00-04:00");
    expect(row.pod_timezone).toBe("America/New_York");
  });

  it("writes UTC and says so when the port's zone is not known", () => {
    const row = rowOf({ pod_timezone: null, pod_ata_at: "2026-11-20T08:00:00.000Z" });
    expect(row.pod_ata_at).toBe("2026-11-20T08:00:00Z");
    expect(row.pod_timezone).toBe("UTC");
  });

  it("lists the holds that are on and the tags, and leaves unknowns empty", () => {
    const row = rowOf({
      on_hold: true,
      holds_at_pod_terminal: [
        { name: "customs", status: "hold", description: null },
        { name: "freight", status: "pending", description: null },
        { name: "USDA", status: "hold", description: "exam" },
      ],
      tags: ["urgent", "reefer, cold"],
      available_for_pickup: null,
      customer_name: null,
    });
    expect(row).toMatchObject({
      number: "MSKU1234565",
      status: "available",
      on_hold: true,
      holds: "customs; USDA",
      tags: "urgent; reefer, cold",
      available_for_pickup: null,
      customer_name: null,
      last_free_day_at: null,
      bill_of_lading_number: "MEDU1234567",
      shipping_line_scac: "MSCU",
    });
  });

  it("writes demurrage and detention days and amounts, and the money at risk", () => {
    const clock = {
      tariff_id: "published-maeu-demurrage-40",
      tariff_source: "published" as const,
      currency: "USD",
      counts_from: "discharge" as const,
      timezone: "America/Los_Angeles",
      started_at: "2026-11-10T18:00:00.000Z",
      stopped_at: null,
      awaiting_return: false,
      free_days_source: "tariff" as const,
    };
    const row = rowOf({
      demurrage: {
        ...clock,
        kind: "demurrage",
        status: "running",
        free_days: 4,
        last_free_day: "2026-11-13",
        days_used: 11,
        days_left: 0,
        days_charged: 7,
        charges_so_far: 1920,
        charges_tomorrow: 2415,
        charges_at_risk: 2755,
      },
      detention: {
        ...clock,
        kind: "detention",
        counts_from: "pickup",
        status: "not_started",
        started_at: null,
        free_days: 4,
        last_free_day: null,
        days_used: 0,
        days_left: 4,
        days_charged: 0,
        charges_so_far: 0,
        charges_tomorrow: 0,
        charges_at_risk: 0,
      },
    });
    expect(row).toMatchObject({
      demurrage_free_days: 4,
      demurrage_days_left: 0,
      demurrage_last_free_day: "2026-11-13",
      demurrage_charges: 1920,
      demurrage_charges_tomorrow: 2415,
      detention_counts_from: "pickup",
      detention_return_by: null,
      charges_currency: "USD",
      money_at_risk: 2755,
    });
    expect(rowOf({}).money_at_risk).toBeNull();
  });

  it("has a value for every field", () => {
    expect(containerCsvRow(containerFixture())).toHaveLength(CONTAINER_CSV_FIELDS.length);
    // Our predicted arrival, in the port's clock, with its window and reason (null before there is one).
    const predicted = rowOf({
      pod_predicted_arrival_at: "2026-11-28T18:00:00.000Z",
      pod_predicted_arrival_window: {
        earliest_at: "2026-11-28T06:00:00.000Z",
        latest_at: "2026-11-29T12:00:00.000Z",
      },
      pod_predicted_arrival_reason: "Ships wait 2.1 days at anchor off Los Angeles this week.",
    });
    expect(predicted).toMatchObject({
      pod_predicted_arrival_at: "2026-11-28T10:00:00-08:00",
      pod_predicted_arrival_earliest_at: "2026-11-27T22:00:00-08:00",
      pod_predicted_arrival_latest_at: "2026-11-29T04:00:00-08:00",
      pod_predicted_arrival_reason: "Ships wait 2.1 days at anchor off Los Angeles this week.",
    });
    expect(rowOf({}).pod_predicted_arrival_at).toBeNull();
  });
});

describe("containerCsvRow's last free day", () => {
  it("is the rail facility's, in the inland zone, once the box went inland, with its source and zone named", () => {
    const row = rowOf({
      pod_timezone: "America/Los_Angeles",
      final_destination_timezone: "America/Chicago",
      current_status: "available",
      pod_rail_departed_at: "2026-11-20T10:00:00Z",
      ind_ata_at: "2026-11-24T10:00:00Z",
      ind_facility_lfd_on: "2026-11-26T06:00:00.000Z",
      import_deadlines: {
        pickup_lfd_terminal: "2026-11-22T08:00:00.000Z",
        pickup_lfd_rail: null,
        pickup_lfd_line: null,
      },
      last_free_day_at: "2026-11-26T06:00:00.000Z",
      last_free_day_source: "rail",
      last_free_day_timezone: "America/Chicago",
      awaiting_pickup: true,
    });
    expect(row.last_free_day_at).toBe("2026-11-26T00:00:00-06:00");
    expect(row.last_free_day_source).toBe("rail");
    expect(row.last_free_day_timezone).toBe("America/Chicago");
    expect(row.awaiting_pickup).toBe(true);
    expect(row.rail_last_free_day_at).toBe("2026-11-26T00:00:00-06:00");
    // The port's day stays in its own column and zone: history once the box left by rail.
    expect(row.terminal_last_free_day_at).toBe("2026-11-22T00:00:00-08:00");
    expect(row.pod_timezone).toBe("America/Los_Angeles");
  });

  it("prefers the rail carrier's own deadline for the rail column", () => {
    const row = rowOf({
      final_destination_timezone: "America/Chicago",
      ind_facility_lfd_on: "2026-11-28T06:00:00.000Z",
      import_deadlines: {
        pickup_lfd_terminal: null,
        pickup_lfd_rail: "2026-11-27T06:00:00.000Z",
        pickup_lfd_line: null,
      },
    });
    expect(row.rail_last_free_day_at).toBe("2026-11-27T00:00:00-06:00");
  });

  it("leaves the source and zone empty when no day applies, and says the box no longer waits", () => {
    const row = rowOf({ current_status: "picked_up", pod_full_out_at: "2026-11-21T10:00:00Z" });
    expect(row).toMatchObject({
      last_free_day_at: null,
      last_free_day_source: null,
      last_free_day_timezone: null,
      awaiting_pickup: false,
      rail_last_free_day_at: null,
    });
  });

  it("falls back to the port's zone when the service names none", () => {
    const row = rowOf({
      pod_timezone: "America/New_York",
      last_free_day_at: "2026-11-27T05:00:00.000Z",
      last_free_day_source: "terminal",
      last_free_day_timezone: null,
    });
    expect(row.last_free_day_at).toBe("2026-11-27T00:00:00-05:00");
    expect(row.last_free_day_timezone).toBe("America/New_York");
  });
});
