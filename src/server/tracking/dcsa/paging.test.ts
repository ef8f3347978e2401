import { describe, expect, it } from "vitest";
import { nextPageUrl } from "./paging";

const base = "https://api.carrier.example/track";

describe("nextPageUrl", () => {
  it("follows a whole link on the base URL's origin", () => {
    expect(nextPageUrl(`${base}/v2/events?cursor=abc&limit=50`, base)).toEqual({
      url: new URL("https://api.carrier.example/track/v2/events?cursor=abc&limit=50"),
    });
    expect(nextPageUrl("/track/v2/events?cursor=x", base)).toEqual({
      url: new URL("https://api.carrier.example/track/v2/events?cursor=x"),
    });
  });

  it("refuses a link to another origin", () => {
    const next = nextPageUrl("https://evil.example/v2/events?cursor=abc", base);
    expect(next).toEqual({ refused: expect.stringMatching(/points to https:\/\/evil\.example/) });
    expect(nextPageUrl("http://api.carrier.example/track/v2/events?cursor=a", base)).toHaveProperty(
      "refused",
    );
  });

  it("sends a bare cursor back as ?cursor= on the events endpoint, escaped", () => {
    const next = nextPageUrl("fE9mZnNldHw9NSZsaW1pdD01+/=", base);
    expect("url" in next && next.url.toString()).toBe(
      "https://api.carrier.example/track/v2/events?cursor=fE9mZnNldHw9NSZsaW1pdD01%2B%2F%3D",
    );
  });
});
