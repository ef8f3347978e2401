// The DCSA referee must itself catch what is wrong, or every test that leans on it proves nothing.
import { describe, expect, it } from "vitest";
import { validateDcsaRequest, validateDcsaResponse } from "./dcsa-openapi";

const transportEvent = {
  eventID: "3cecb101-7a1a-43a4-9d62-e88a131651e2",
  eventType: "TRANSPORT",
  eventClassifierCode: "ACT",
  eventCreatedDateTime: "2021-01-09T14:12:56+01:00",
  eventDateTime: "2019-11-12T07:41:00+08:30",
  transportEventTypeCode: "ARRI",
  transportCall: { transportCallID: "123e4567-e89b-12d3-a456-426614174000", modeOfTransport: "VESSEL" },
};

describe("validateDcsaRequest", () => {
  it("accepts an events query the standard defines", () => {
    expect(
      validateDcsaRequest({
        method: "GET",
        path: "/v2/events",
        query: { transportDocumentReference: "MAEU123", limit: "100" },
        headers: { "API-Version": "2", Accept: "application/json" },
      }),
    ).toEqual([]);
  });

  it("refuses a bad limit, an unknown parameter and an unknown operation", () => {
    expect(validateDcsaRequest({ method: "GET", path: "/v2/events", query: { limit: "0" } })).not.toEqual([]);
    expect(validateDcsaRequest({ method: "GET", path: "/v2/events", query: { reference: "X" } })).toEqual([
      "/query must NOT have additional properties",
    ]);
    expect(validateDcsaRequest({ method: "GET", path: "/v2/shipments" })[0]).toMatch(/no operation/);
  });

  it("checks a subscription body: the secret is required, event types come from the list", () => {
    const headers = { "Content-Type": "application/json" };
    const good = { callbackUrl: "https://example.com/cb", secret: "c2VjcmV0", eventType: ["TRANSPORT"] };
    expect(
      validateDcsaRequest({ method: "POST", path: "/v2/event-subscriptions", headers, body: good }),
    ).toEqual([]);
    const noSecret = { callbackUrl: "https://example.com/cb" };
    expect(
      validateDcsaRequest({ method: "POST", path: "/v2/event-subscriptions", headers, body: noSecret }),
    ).not.toEqual([]);
    const badType = { ...good, eventType: ["PARTY"] };
    expect(
      validateDcsaRequest({ method: "POST", path: "/v2/event-subscriptions", headers, body: badType }),
    ).not.toEqual([]);
    expect(
      validateDcsaRequest({ method: "POST", path: "/v2/event-subscriptions", headers: {}, body: good }),
    ).toContain("a body must be sent as application/json (Content-Type was '')");
  });
});

describe("validateDcsaResponse", () => {
  it("accepts a page of events with its paging headers", () => {
    expect(
      validateDcsaResponse("GET /v2/events", 200, [transportEvent], {
        "Current-Page": "abc",
        "Next-Page": "def",
      }),
    ).toEqual([]);
  });

  it("refuses an event without its required fields, and a page without Current-Page", () => {
    const { eventDateTime: _, ...undated } = transportEvent;
    expect(validateDcsaResponse("GET /v2/events", 200, [undated], { "Current-Page": "abc" })).not.toEqual([]);
    expect(validateDcsaResponse("GET /v2/events", 200, [transportEvent], {}).join()).toMatch(/headers/);
  });

  it("checks formats for real, and reads the document references as carriers send them (the yaml's erratum)", () => {
    const headers = { "Current-Page": "abc" };
    const withRefs = {
      ...transportEvent,
      documentReferences: [{ documentReferenceType: "TRD", documentReferenceValue: "MAEU1" }],
    };
    expect(validateDcsaResponse("GET /v2/events", 200, [withRefs], headers)).toEqual([]);
    const badRef = {
      ...transportEvent,
      documentReferences: [{ documentReferenceType: "BOL", documentReferenceValue: "MAEU1" }],
    };
    expect(validateDcsaResponse("GET /v2/events", 200, [badRef], headers)).not.toEqual([]);
    const badDate = { ...transportEvent, eventDateTime: "12 Nov 2019" };
    expect(validateDcsaResponse("GET /v2/events", 200, [badDate], headers)).not.toEqual([]);
    const badId = { ...transportEvent, eventID: "not-a-uuid" };
    expect(validateDcsaResponse("GET /v2/events", 200, [badId], headers)).not.toEqual([]);
  });

  it("names operations by method and path template, in any case", () => {
    expect(validateDcsaResponse("delete /v2/event-subscriptions/{subscriptionID}", 204, undefined)).toEqual(
      [],
    );
    expect(validateDcsaResponse("GET /v2/nothing", 200, [])[0]).toMatch(/no operation/);
  });
});
