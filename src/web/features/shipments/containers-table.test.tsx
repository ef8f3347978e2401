// Unit tests of a shipment's containers table: the last free day it shows is the effective one, never only the
// line's (the bug issue 13 opens with: the list said "Sun 29 Nov" while the terminal's day was Wed 25 Nov); where
// the box is now (the inland facility, not the port terminal's yard place, once it went by rail); the pickup answer.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Terminal } from "../../../api/reference";
import { containerFixture } from "../../testing/container-fixture";
import { fixServiceClockAt } from "../../testing/fixed-service-clock";
import { containerColumns, whereNowWords } from "./containers-table";

fixServiceClockAt("2026-11-23T17:00:00Z");

describe("a shipment's containers", () => {
  it("show the terminal's last free day when it is earlier than the line's", () => {
    const container = containerFixture({
      pod_timezone: "America/New_York",
      pickup_lfd: "2026-11-29T05:00:00Z",
      import_deadlines: {
        pickup_lfd_terminal: "2026-11-25T05:00:00Z",
        pickup_lfd_line: "2026-11-29T05:00:00Z",
        pickup_lfd_rail: null,
      },
      last_free_day_at: "2026-11-25T05:00:00Z",
    });
    const column = containerColumns(new Map()).find((c) => c.id === "last_free_day");
    expect(column).toBeDefined();
    const html = renderToStaticMarkup(column?.cell(container));
    const shown = html.slice(0, html.indexOf("</button>"));
    expect(shown).toContain("Wed 25 Nov");
    expect(shown).toContain("in 2 days");
    expect(shown).not.toContain("Sun 29 Nov");
    // Both dates are a tap away, as on /containers.
    expect(html).toMatch(/Terminal.*Wed 25 Nov.*Line.*Sun 29 Nov/s);
  });
});

const terminal = (id: string, name: string, nickname: string | null = null): [string, Terminal] => [
  id,
  {
    id,
    type: "terminal",
    attributes: {
      name,
      nickname,
      firms_code: null,
      smdg_code: null,
      bic_facility_code: null,
      street: null,
      city: null,
      state: null,
      state_abbr: null,
      zip: null,
      country: null,
    },
    relationships: { port: { data: null }, metro_area: { data: null } },
  },
];

const terminals = new Map([
  terminal("t-lax", "Fenix Marine Services", "FMS"),
  terminal("t-chi", "BNSF Logistics Park Chicago"),
]);

/** A container with its port terminal and pickup facility set. */
function placed(overrides: Parameters<typeof containerFixture>[0]) {
  const container = containerFixture(overrides);
  container.relationships.pod_terminal.data = { id: "t-lax", type: "terminal" };
  container.relationships.pickup_facility.data = { id: "t-chi", type: "terminal" };
  return container;
}

describe("where a shipment's container is now", () => {
  const discharged = { pod_arrived_at: "2026-11-18T10:00:00Z", pod_discharged_at: "2026-11-19T10:00:00Z" };

  it("is the terminal of discharge and its yard place while the box waits there", () => {
    const container = placed({ ...discharged, location_at_pod_terminal: "Row 12, bay 4" });
    expect(whereNowWords(container, terminals)).toBe("FMS · Row 12, bay 4");
  });

  it("is the yard place alone when the terminal is not known, and nothing before the box reached the port", () => {
    const yardOnly = containerFixture({ ...discharged, location_at_pod_terminal: "Row 12" });
    expect(whereNowWords(yardOnly, terminals)).toBe("Row 12");
    expect(whereNowWords(placed({ current_status: "on_ship" }), terminals)).toBeNull();
  });

  it("is on rail to the inland facility between the port and the ramp", () => {
    const container = placed({
      ...discharged,
      current_status: "on_rail",
      pod_rail_departed_at: "2026-11-20T10:00:00Z",
      location_at_pod_terminal: "Row 12",
    });
    expect(whereNowWords(container, terminals)).toBe("On rail to BNSF Logistics Park Chicago");
  });

  it("is the inland facility once the box arrived there, never the port terminal's yard place", () => {
    const container = placed({
      ...discharged,
      current_status: "available",
      pod_rail_departed_at: "2026-11-20T10:00:00Z",
      ind_ata_at: "2026-11-24T10:00:00Z",
      location_at_pod_terminal: "Row 12, bay 4",
    });
    const words = whereNowWords(container, terminals);
    expect(words).toBe("BNSF Logistics Park Chicago");
    const unknownFacility = containerFixture({ ...container.attributes });
    expect(whereNowWords(unknownFacility, terminals)).toBe("Inland destination");
    expect(whereNowWords(unknownFacility, terminals, "Chicago")).toBe("Chicago (inland destination)");
    const onRail = containerFixture({
      ...unknownFacility.attributes,
      current_status: "on_rail",
      ind_ata_at: null,
    });
    expect(whereNowWords(onRail, terminals, "Chicago")).toBe("On rail to Chicago (inland destination)");
  });

  it("is nothing once the box is picked up or returned empty", () => {
    expect(
      whereNowWords(placed({ ...discharged, pod_full_out_at: "2026-11-21T10:00:00Z" }), terminals),
    ).toBeNull();
    expect(whereNowWords(placed({ ...discharged, current_status: "empty_returned" }), terminals)).toBeNull();
  });

  it("the pickup column answers the question, with what stands in the way", () => {
    const container = placed({ ...discharged, location_at_pod_terminal: "Row 12" });
    const columns = containerColumns(terminals);
    const pickup = columns.find((c) => c.id === "pickup");
    expect(pickup?.header).toBe("Can I pick it up?");
    expect(renderToStaticMarkup(pickup?.cell(container))).toContain("Yes: it is available for pickup");
    const held = placed({
      ...discharged,
      holds_at_pod_terminal: [{ name: "customs", status: "hold", description: null }],
    });
    expect(renderToStaticMarkup(pickup?.cell(held))).toContain("No: on hold: customs");
  });
});
