// Unit tests of the last free day as lists show it: the effective (earliest) day, its words, its tone, its sources.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { containerFixture } from "../testing/container-fixture";
import { fixServiceClockAt } from "../testing/fixed-service-clock";
import { LastFreeDay, LastFreeDayOn, lfdTone } from "./last-free-day";

// The service's clock (here the browser's, no answer having said otherwise): Monday 23 Nov 2026, noon in New York.
fixServiceClockAt("2026-11-23T17:00:00Z");

/** CCLU3523326 as the issue found it: the terminal's last free day four days before the line's. */
const terminalEarlier = containerFixture({
  number: "CCLU3523326",
  pod_timezone: "America/New_York",
  current_status: "available",
  pickup_lfd: "2026-11-29T05:00:00Z",
  import_deadlines: {
    pickup_lfd_terminal: "2026-11-25T05:00:00Z",
    pickup_lfd_line: "2026-11-29T05:00:00Z",
    pickup_lfd_rail: null,
  },
  last_free_day_at: "2026-11-25T05:00:00Z",
});

/** The button's own markup (the day and its words), without the popover's panel. */
const triggerOf = (html: string) => html.slice(0, html.indexOf("</button>"));

describe("LastFreeDay", () => {
  it("shows the effective day, the terminal's when it is earlier than the line's, with how far it is", () => {
    const html = renderToStaticMarkup(<LastFreeDay container={terminalEarlier} />);
    const trigger = triggerOf(html);
    expect(trigger).toContain('dateTime="2026-11-25T05:00:00Z"');
    expect(trigger).toContain("Wed 25 Nov");
    expect(trigger).toContain("in 2 days");
    expect(trigger).not.toContain("Sun 29 Nov");
    expect(trigger).toContain('aria-label="Last free day Wed 25 Nov, in 2 days');
  });

  it("names the terminal's and the line's dates in its panel", () => {
    const html = renderToStaticMarkup(<LastFreeDay container={terminalEarlier} />);
    const panel = html.slice(html.indexOf("</button>"));
    expect(panel).toMatch(/Terminal.*Wed 25 Nov.*Line.*Sun 29 Nov/s);
    expect(panel).toContain("America/New_York (EST)");
  });

  it("says passed and picked up, and Not set without a day", () => {
    const late = { ...terminalEarlier, attributes: { ...terminalEarlier.attributes } };
    late.attributes.last_free_day_at = "2026-11-20T05:00:00Z";
    expect(triggerOf(renderToStaticMarkup(<LastFreeDay container={late} />))).toContain("passed 3 days");
    late.attributes.current_status = "picked_up";
    expect(triggerOf(renderToStaticMarkup(<LastFreeDay container={late} />))).toContain("picked up");
    late.attributes.last_free_day_at = null;
    expect(renderToStaticMarkup(<LastFreeDay container={late} />)).toContain("Not set");
  });
});

describe("LastFreeDayOn", () => {
  it("words a shipment's day as the containers list does", () => {
    const html = renderToStaticMarkup(
      <LastFreeDayOn iso="2026-11-23T05:00:00Z" timeZone="America/New_York" />,
    );
    expect(html).toContain("Mon 23 Nov");
    expect(html).toContain("today");
    expect(renderToStaticMarkup(<LastFreeDayOn iso={null} timeZone={null} />)).toContain("Not set");
  });
});

describe("lfdTone", () => {
  it("marks passed and today as overdue, the next two days as soon", () => {
    expect([-3, -1, 0, 1, 2, 3].map(lfdTone)).toEqual([
      "overdue",
      "overdue",
      "overdue",
      "soon",
      "soon",
      "later",
    ]);
  });
});
