// Unit tests of a saved view in words: each kind of filter (a custom field's too), the shipments list's tracking
// choice, several sort keys.
import { describe, expect, it } from "vitest";
import { savedViewWords } from "./saved-view-words";

describe("savedViewWords", () => {
  it("says each filter, the search and the order", () => {
    expect(
      savedViewWords("containers", {
        "filter[lfd]": "within_2_days",
        "filter[hold]": "customs,freight",
        "filter[available]": "false",
        "filter[port_of_discharge]": "USSAV",
        "filter[eta_changed]": "24",
        q: "MSKU",
        sort: "last_free_day_at,-pod_eta_at",
        columns: "number,status",
      }),
    ).toBe(
      "Containers with not available for pickup, ETA moved by more than 24 hours, a customs or freight hold on, last free day within 2 days, port of discharge USSAV, matching “MSKU”; sorted by last free day, earliest or lowest first, then by ETA at the port of discharge, latest or highest first.",
    );
  });

  it("reads the shipments list's tracking choice, not its filter, as the page does", () => {
    expect(savedViewWords("shipments", { tracking: "stopped", "filter[tracking_stopped]": "false" })).toBe(
      "Shipments with tracking stopped; newest first.",
    );
    expect(savedViewWords("shipments", { tracking: "all" })).toBe("All shipments; newest first.");
  });

  it("says a value it has no words for as it was saved, even one named like an object's own (toString)", () => {
    expect(savedViewWords("containers", { "filter[lfd]": "toString", sort: "constructor" })).toBe(
      "Containers with last free day toString; sorted by constructor, earliest or lowest first.",
    );
  });

  it("says a custom field filter by its slug", () => {
    expect(savedViewWords("shipments", { "filter[custom_fields.desk]": "Rotterdam,Hamburg" })).toBe(
      "Shipments with custom field desk Rotterdam or Hamburg; newest first.",
    );
  });
});
