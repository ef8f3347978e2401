// Unit tests of where the API's 422 errors about a webhook appear in the form, and of the form's own checks.
import { describe, expect, it } from "vitest";
import type { ErrorObject } from "../../../api/json-api";
import { checkWebhookForm, hasErrors, webhookErrorsByField } from "./form-errors";

const error = (pointer: string | null, detail: string): ErrorObject => ({
  status: "422",
  code: "invalid_attribute",
  title: "Invalid attribute",
  detail,
  source: pointer === null ? null : { pointer },
});

describe("webhookErrorsByField", () => {
  it("puts each error under its field, the bad event's under the events", () => {
    const found = webhookErrorsByField([
      error("/data/attributes/url", "url must be an https address (got 'http:')"),
      error("/data/attributes/events/1", "'container.teleported' is not a known event name"),
      error("/data/attributes/events", "events must name at least one event"),
      error("/data/attributes/active", "active must be true or false"),
      error("/data/attributes/secret", "unknown attribute 'secret'"),
      error(null, "Something else"),
    ]);
    expect(found).toEqual({
      url: ["url must be an https address (got 'http:')"],
      events: ["'container.teleported' is not a known event name", "events must name at least one event"],
      active: ["active must be true or false"],
      form: ["unknown attribute 'secret'", "Something else"],
    });
    expect(hasErrors(found)).toBe(true);
  });

  it("finds the form row of a header error through the keys of the rows that were sent", () => {
    const found = webhookErrorsByField(
      [
        error("/data/attributes/headers/0/name", "the header name 'Content-Type' is set by the service"),
        error("/data/attributes/headers/1/value", "a header value cannot contain line breaks"),
        error("/data/attributes/headers/1", "unknown member"),
        error("/data/attributes/headers", "at most 20 headers"),
        error("/data/attributes/headers/9/name", "a row that was not sent"),
      ],
      [3, 8],
    );
    expect(found.headerRows).toEqual({
      3: { name: ["the header name 'Content-Type' is set by the service"] },
      8: { value: ["a header value cannot contain line breaks"], name: ["unknown member"] },
    });
    expect(found.headers).toEqual(["at most 20 headers", "a row that was not sent"]);
  });

  it("says the same thing once", () => {
    const found = webhookErrorsByField([
      error("/data/attributes/url", "bad"),
      error("/data/attributes/url", "bad"),
    ]);
    expect(found.url).toEqual(["bad"]);
  });
});

describe("checkWebhookForm", () => {
  it("asks for an address, at least one event, and a name for a header with a value", () => {
    const found = checkWebhookForm({
      url: "  ",
      events: [],
      headers: [
        { key: 1, name: "", value: "secret-token" },
        { key: 2, name: "", value: "" },
      ],
    });
    expect(found.url?.[0]).toMatch(/address/);
    expect(found.events?.[0]).toMatch(/at least one event/);
    expect(found.headerRows).toEqual({ 1: { name: ["Give this header a name."] } });
  });

  it("leaves the rest to the API (the scheme, for one, is the operator's choice)", () => {
    const found = checkWebhookForm({ url: "http://example.com", events: ["container.created"], headers: [] });
    expect(hasErrors(found)).toBe(false);
  });
});
