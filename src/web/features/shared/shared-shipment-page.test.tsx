// Unit tests of the page a share link opens: the journey's dates in each port's clock, each container's status,
// its last free day only while it still waits, its milestones in words with the expected ones marked, and the
// documents the link offers; nothing beyond what the shared data holds.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SharedShipment } from "../../../api/share-links";
import { fixServiceClockAt } from "../../testing/fixed-service-clock";
import { SharedShipmentView } from "./shared-shipment-page";

fixServiceClockAt("2026-11-23T17:00:00Z");

const place = (name: string, locode: string, time_zone: string) => ({ name, locode, time_zone });

const shared: SharedShipment = {
  bill_of_lading_number: "MAEU262518034",
  shipping_line_name: "Maersk",
  port_of_lading: place("Shanghai", "CNSHA", "Asia/Shanghai"),
  pol_etd_at: "2026-11-01T08:00:00Z",
  pol_atd_at: "2026-11-01T10:00:00Z",
  port_of_discharge: place("Los Angeles", "USLAX", "America/Los_Angeles"),
  pod_vessel_name: "MAERSK ESSEN",
  pod_voyage_number: "412E",
  pod_eta_at: "2026-11-25T14:00:00Z",
  pod_original_eta_at: null,
  pod_ata_at: null,
  destination: null,
  destination_eta_at: null,
  destination_ata_at: null,
  tracking_stopped: false,
  updated_at: "2026-11-23T12:00:00Z",
  containers: [
    {
      number: "MSKU1234565",
      equipment_type: "dry",
      equipment_length: 40,
      status: "on_ship",
      available_for_pickup: false,
      last_free_day_at: "2026-11-29T08:00:00Z",
      last_free_day_timezone: "America/Los_Angeles",
      picked_up_at: null,
      empty_returned_at: null,
      milestones: [
        {
          event: "container.transport.vessel_departed",
          timestamp: "2026-11-01T10:00:00Z",
          place: "Shanghai",
          time_zone: "Asia/Shanghai",
        },
        {
          event: "container.transport.estimated.vessel_arrived",
          timestamp: "2026-11-25T14:00:00Z",
          place: "Los Angeles",
          time_zone: "America/Los_Angeles",
        },
      ],
    },
    {
      number: "MSKU7654321",
      equipment_type: "dry",
      equipment_length: 20,
      status: "picked_up",
      available_for_pickup: null,
      last_free_day_at: "2026-11-20T08:00:00Z",
      last_free_day_timezone: "America/Los_Angeles",
      picked_up_at: "2026-11-19T18:00:00Z",
      empty_returned_at: null,
      milestones: [],
    },
  ],
  map: null,
  destination_port: null,
  documents: [
    {
      id: "d-1",
      name: "Arrival notice.pdf",
      content_type: "application/pdf",
      url: "/shared/api/t/documents/d-1",
    },
  ],
  expires_at: "2026-12-23T12:00:00Z",
};

describe("a shared shipment's page", () => {
  const html = renderToStaticMarkup(<SharedShipmentView shipment={shared} />);

  it("names the shipment and its journey in each port's own clock", () => {
    expect(html).toContain("Shipment MAEU262518034");
    expect(html).toMatch(/Departed .*1 Nov 18:00.*Asia\/Shanghai/s);
    expect(html).toMatch(/Arrives .*25 Nov 06:00/s);
    expect(html).toContain("On MAERSK ESSEN, voyage 412E");
  });

  it("says each box's status, and its last free day only while it still waits", () => {
    expect(html).toContain("40 ft dry · On the vessel");
    expect(html).toContain("Last free day: Sun 29 Nov");
    expect(html).toContain("20 ft dry · Picked up");
    expect(html).not.toContain("Fri 20 Nov");
  });

  it("words the milestones, marking what is only expected", () => {
    expect(html).toContain("Milestones (2)");
    expect(html).toContain("Vessel departed");
    expect(html).toContain("Vessel arrived (expected)");
  });

  it("offers the link's documents, and no map when the link leaves it out", () => {
    expect(html).toContain('href="/shared/api/t/documents/d-1"');
    expect(html).toContain("Arrival notice.pdf");
    expect(html).not.toContain("Route map");
  });
});
