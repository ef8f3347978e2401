// Unit tests of the tracking requests list's URL state: good values pass, bad ones fall back instead of failing.
import { describe, expect, it } from "vitest";
import { isFiltered, trackingRequestsListParams } from "./list-params";
import { isCalendarDay, TRACKING_REQUESTS_SEARCH_DEFAULTS, trackingRequestsSearchSchema } from "./search";

const parse = (input: Record<string, unknown>) => trackingRequestsSearchSchema.parse(input);

describe("trackingRequestsSearchSchema", () => {
  it("fills in defaults for an empty URL", () => {
    expect(parse({})).toEqual(TRACKING_REQUESTS_SEARCH_DEFAULTS);
  });

  it("keeps valid values", () => {
    expect(
      parse({
        page: "2",
        size: 50,
        q: " PO-1 ",
        status: "failed",
        scac: "maeu",
        from: "2025-11-01",
        to: "2025-11-30",
      }),
    ).toEqual({
      page: 2,
      size: 50,
      q: "PO-1",
      status: "failed",
      scac: "MAEU",
      from: "2025-11-01",
      to: "2025-11-30",
    });
  });

  it("reads a numeric search term as text (the router parses ?q=123 as a number)", () => {
    expect(parse({ q: 123456 }).q).toBe("123456");
  });

  it("replaces each bad value by its default and keeps the good ones", () => {
    expect(
      parse({
        page: "-1",
        size: 7,
        q: { a: 1 },
        status: "exploded",
        scac: "MAERSK",
        from: "2025-02-30",
        to: "yesterday",
      }),
    ).toEqual(TRACKING_REQUESTS_SEARCH_DEFAULTS);
    expect(parse({ status: "awaiting_manifest", scac: "M1EU", from: "2025-1-5", to: "2025-12-31" })).toEqual({
      ...TRACKING_REQUESTS_SEARCH_DEFAULTS,
      status: "awaiting_manifest",
      to: "2025-12-31",
    });
    expect(parse({ scac: 1234 }).scac).toBe("");
    expect(parse({ q: "x".repeat(500) }).q).toBe("");
  });

  it("ignores unknown parameters", () => {
    expect(parse({ utm_source: "mail", "filter[status]": "created" })).toEqual(
      TRACKING_REQUESTS_SEARCH_DEFAULTS,
    );
  });
});

describe("isCalendarDay", () => {
  it("accepts real days written YYYY-MM-DD only", () => {
    expect(isCalendarDay("2024-02-29")).toBe(true);
    expect(isCalendarDay("2025-02-29")).toBe(false);
    expect(isCalendarDay("2025-13-01")).toBe(false);
    expect(isCalendarDay("2025-1-01")).toBe(false);
    expect(isCalendarDay("2025-01-01T00:00:00Z")).toBe(false);
  });
});

describe("trackingRequestsListParams", () => {
  it("asks for the page, with the shipment each request became", () => {
    expect(trackingRequestsListParams(TRACKING_REQUESTS_SEARCH_DEFAULTS)).toEqual({
      "page[number]": 1,
      "page[size]": 25,
      q: undefined,
      "filter[status]": undefined,
      "filter[scac]": undefined,
      "filter[created_at][start]": undefined,
      "filter[created_at][end]": undefined,
      include: "tracked_object",
    });
  });

  it("maps filters to the API's parameters, whole UTC days from the first to the last", () => {
    expect(
      trackingRequestsListParams({
        page: 3,
        size: 10,
        q: "PO-1",
        status: "pending",
        scac: "ONEY",
        from: "2025-11-01",
        to: "2025-11-30",
      }),
    ).toMatchObject({
      "page[number]": 3,
      "page[size]": 10,
      q: "PO-1",
      "filter[status]": "pending",
      "filter[scac]": "ONEY",
      "filter[created_at][start]": "2025-11-01T00:00:00Z",
      "filter[created_at][end]": "2025-12-01T00:00:00Z",
    });
  });

  it("reads days given the wrong way round the right way round, and crosses years", () => {
    const params = trackingRequestsListParams({
      ...TRACKING_REQUESTS_SEARCH_DEFAULTS,
      from: "2026-01-02",
      to: "2025-12-31",
    });
    expect(params["filter[created_at][start]"]).toBe("2025-12-31T00:00:00Z");
    expect(params["filter[created_at][end]"]).toBe("2026-01-03T00:00:00Z");
  });
});

describe("isFiltered", () => {
  it("is true when anything but paging narrows the list", () => {
    expect(isFiltered({ ...TRACKING_REQUESTS_SEARCH_DEFAULTS, page: 4, size: 100 })).toBe(false);
    expect(isFiltered({ ...TRACKING_REQUESTS_SEARCH_DEFAULTS, status: "created" })).toBe(true);
    expect(isFiltered({ ...TRACKING_REQUESTS_SEARCH_DEFAULTS, to: "2025-01-01" })).toBe(true);
  });
});
