// Unit tests of the lists' filters in URLs: values checked per filter, summary filters as search, words for chips.
import { describe, expect, it } from "vitest";
import { filterChipWords } from "./filter-words";
import { filtersOfSearch, isValidFilterValue, searchOfFilterParams } from "./list-filters";

describe("isValidFilterValue", () => {
  it("accepts what the API accepts for each filter", () => {
    expect(isValidFilterValue("status", "available,on_ship")).toBe(true);
    expect(isValidFilterValue("status", "available,floating")).toBe(false);
    expect(isValidFilterValue("on_hold", "true")).toBe(true);
    expect(isValidFilterValue("on_hold", "yes")).toBe(false);
    expect(isValidFilterValue("lfd", "within_2_days")).toBe(true);
    expect(isValidFilterValue("lfd", "tomorrow")).toBe(false);
    expect(isValidFilterValue("lfd", "passed,today")).toBe(false);
    expect(isValidFilterValue("lfd_before", "2026-11-30")).toBe(true);
    expect(isValidFilterValue("lfd_before", "2026-11-31")).toBe(false);
    expect(isValidFilterValue("eta_after", "2026-11-30T12:00:00+01:00")).toBe(true);
    expect(isValidFilterValue("eta_changed", "24")).toBe(true);
    expect(isValidFilterValue("eta_changed", "0")).toBe(false);
    expect(isValidFilterValue("eta_changed", "-5")).toBe(false);
    expect(isValidFilterValue("tracking_stopped_reason", "no_updates_at_line,booking_cancelled")).toBe(true);
    expect(isValidFilterValue("vessel", "")).toBe(false);
    expect(isValidFilterValue("customer", "x".repeat(201))).toBe(false);
  });
});

describe("searchOfFilterParams and filtersOfSearch", () => {
  it("turn an attention count's filters into search and back into filters", () => {
    const search = searchOfFilterParams({
      "filter[eta_changed]": "24",
      "filter[status]": "new,on_ship",
      page: "3",
    });
    expect(search).toEqual({ "filter[eta_changed]": "24", "filter[status]": "new,on_ship" });
    expect(filtersOfSearch(search)).toEqual({ eta_changed: "24", status: "new,on_ship" });
  });
});

describe("filterChipWords", () => {
  it("words each kind of filter", () => {
    expect(filterChipWords("lfd", "within_2_days")).toBe("LFD: within 2 days");
    expect(filterChipWords("on_hold", "true")).toBe("On hold: yes");
    expect(filterChipWords("status", "available,not_available")).toBe(
      "Status: Available for pickup or Not available for pickup",
    );
    expect(filterChipWords("eta_changed", "24")).toBe("ETA moved by more than: 24 h");
    expect(filterChipWords("tags", "urgent,reefer")).toBe("Tags: urgent, reefer");
  });
});
