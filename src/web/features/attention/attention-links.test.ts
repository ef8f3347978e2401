// Unit tests of the attention counts' links: each opens its list filtered as the summary counted.
import { describe, expect, it } from "vitest";
import { attentionLink } from "./attention-links";

describe("attentionLink", () => {
  it("opens the containers list with the count's filters as filter[name] params", () => {
    expect(attentionLink({ list: "containers", filters: { "filter[lfd]": "within_2_days" } })).toEqual({
      to: "/containers",
      search: { "filter[lfd]": "within_2_days" },
    });
    expect(
      attentionLink({
        list: "containers",
        filters: { "filter[eta_changed]": "24", "filter[status]": "new,on_ship" },
      }),
    ).toEqual({
      to: "/containers",
      search: { "filter[eta_changed]": "24", "filter[status]": "new,on_ship" },
    });
  });

  it("leaves out filters the dashboard does not know or values it would not accept", () => {
    expect(
      attentionLink({
        list: "containers",
        filters: { "filter[colour]": "red", "filter[lfd]": "someday", "filter[hold]": "customs" },
      }),
    ).toEqual({ to: "/containers", search: { "filter[hold]": "customs" } });
  });

  it("opens the shipments list with its own spelling of stopped tracking", () => {
    expect(
      attentionLink({
        list: "shipments",
        filters: { "filter[tracking_stopped_reason]": "no_updates_at_line,booking_cancelled" },
      }),
    ).toEqual({
      to: "/shipments",
      search: { "filter[tracking_stopped_reason]": "no_updates_at_line,booking_cancelled" },
    });
    expect(attentionLink({ list: "shipments", filters: { "filter[tracking_stopped]": "true" } })).toEqual({
      to: "/shipments",
      search: { tracking: "stopped" },
    });
  });

  it("opens the tracking requests list by status", () => {
    expect(attentionLink({ list: "tracking_requests", filters: { "filter[status]": "failed" } })).toEqual({
      to: "/tracking-requests",
      search: { status: "failed" },
    });
    expect(attentionLink({ list: "tracking_requests", filters: { "filter[status]": "lost" } })).toEqual({
      to: "/tracking-requests",
      search: {},
    });
  });
});
