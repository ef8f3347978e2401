// Unit tests of a shipment's containers table: the last free day it shows is the effective one, never only the
// line's (the bug issue 13 opens with: the list said "Sun 29 Nov" while the terminal's day was Wed 25 Nov).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { containerFixture } from "../../lib/container-fixture";
import { fixServiceClockAt } from "../../lib/fixed-service-clock";
import { containerColumns } from "./containers-table";

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
