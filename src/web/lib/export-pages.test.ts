// Unit tests of reading a list page after page: links.next as a request, under an API base path too.
import { describe, expect, it } from "vitest";
import { nextRequest } from "./export-pages";

describe("nextRequest", () => {
  it("turns links.next into the path and query apiRequest takes", () => {
    expect(
      nextRequest(
        "http://127.0.0.1:4971/v2/containers?page[size]=100&page[number]=2&page[after]=abc&filter[lfd]=today",
        "http://127.0.0.1:4971",
      ),
    ).toEqual({
      path: "/v2/containers",
      query: { "page[size]": "100", "page[number]": "2", "page[after]": "abc", "filter[lfd]": "today" },
    });
  });

  it("takes off the base address's own path, where the API sits under one", () => {
    expect(
      nextRequest(
        "https://example.com/tracking/v2/containers?page[number]=3",
        "https://example.com/tracking",
      ),
    ).toEqual({
      path: "/v2/containers",
      query: { "page[number]": "3" },
    });
  });
});
