// Unit tests of the container page's "expected news missing" notice: said when a departure, an arrival or the
// terminal's availability news is overdue by the service clock, and not before, nor once tracking stopped.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { containerFixture } from "../../testing/container-fixture";
import { fixServiceClockAt } from "../../testing/fixed-service-clock";
import { shipmentFixture } from "../../testing/shipment-fixture";
import { MissingNotice } from "./missing-notice";

fixServiceClockAt("2026-11-25T17:00:00Z");

const notSailed = { current_status: "new" as const, pod_discharged_at: null, availability_known: false };

describe("the expected news missing notice", () => {
  it("says a departure is overdue a day after the line's estimate", () => {
    const html = renderToStaticMarkup(
      <MissingNotice
        container={containerFixture(notSailed)}
        shipment={shipmentFixture({ pol_etd_at: "2026-11-24T16:00:00Z", pol_atd_at: null })}
      />,
    );
    expect(html).toContain("Departure overdue:");
    expect(html).toContain("Worth a call to the line or the terminal.");
  });

  it("says nothing before that, nor for a shipment no longer tracked", () => {
    const early = renderToStaticMarkup(
      <MissingNotice
        container={containerFixture(notSailed)}
        shipment={shipmentFixture({ pol_etd_at: "2026-11-24T18:00:00Z", pol_atd_at: null })}
      />,
    );
    expect(early).toBe("");
    const stopped = renderToStaticMarkup(
      <MissingNotice
        container={containerFixture(notSailed)}
        shipment={shipmentFixture({
          pol_etd_at: "2026-11-20T18:00:00Z",
          pol_atd_at: null,
          line_tracking_stopped_at: "2026-11-22T00:00:00Z",
        })}
      />,
    );
    expect(stopped).toBe("");
  });

  it("says no availability news 3 days after discharge, while the box waits", () => {
    const html = renderToStaticMarkup(
      <MissingNotice
        container={containerFixture({
          current_status: "not_available",
          pod_discharged_at: "2026-11-22T16:00:00Z",
          awaiting_pickup: true,
          availability_known: false,
          available_for_pickup: null,
        })}
        shipment={shipmentFixture({ pol_atd_at: "2026-11-01T00:00:00Z", pod_ata_at: "2026-11-22T10:00:00Z" })}
      />,
    );
    expect(html).toContain("No availability news:");
  });
});
