// Tests of the contract's check of a new tracking request's body, without the service: values, problems, order.
import { describe, expect, it } from "vitest";
import { byAttributeOrder, parseNewTrackingRequest, placeProblem } from "./new-tracking-request";

const body = (attributes: Record<string, unknown>, type: unknown = "tracking_request") => ({
  data: { type, attributes },
});
const problemsOf = (input: unknown) => {
  const check = parseNewTrackingRequest(input);
  if (check.ok) throw new Error("expected problems");
  return check.problems;
};

describe("parseNewTrackingRequest", () => {
  it("trims, upper-cases and normalizes a good body", () => {
    const check = parseNewTrackingRequest(
      body({
        request_type: "container",
        request_number: " mscu 123456-6 ",
        scac: " msCU",
        ref_numbers: ["PO-1"],
        shipment_tags: ["cold"],
        auto_detect_vocc_scac: false,
      }),
    );
    expect(check).toEqual({
      ok: true,
      known: { requestType: "container", scac: "MSCU" },
      value: {
        requestType: "container",
        requestNumber: "MSCU 123456-6",
        normalizedNumber: "MSCU1234566",
        scac: "MSCU",
        refNumbers: ["PO-1"],
        tags: ["cold"],
      },
    });
  });

  it("accepts a body without a type, as the hosted API does", () => {
    const check = parseNewTrackingRequest({
      data: { attributes: { request_type: "bill_of_lading", request_number: "ABCD1234", scac: "MAEU" } },
    });
    expect(check.ok).toBe(true);
  });

  it("names every problem at once, in the order of the attributes, each with its code", () => {
    expect(
      problemsOf(body({ colour: "red", ref_numbers: [""], request_number: "!", request_type: "truck" })),
    ).toEqual([
      {
        pointer: "/data/attributes/request_type",
        code: "invalid",
        detail: "Request type 'truck' is not one of bill_of_lading, booking_number, container",
      },
      {
        pointer: "/data/attributes/request_number",
        code: "invalid",
        detail:
          "Request number '!' is not valid: without spaces and dashes it must be 4 to 40 letters and digits",
      },
      { pointer: "/data/attributes/scac", code: "blank", detail: "Scac can't be blank" },
      {
        pointer: "/data/attributes/ref_numbers/0",
        code: "invalid",
        detail: expect.stringMatching(/^ref_numbers: /),
      },
      {
        pointer: "/data/attributes/colour",
        code: "unknown_attribute",
        detail: "colour is not an attribute of a new tracking request.",
      },
    ]);
  });

  it("takes the request type exactly, as the documented enum does", () => {
    expect(
      problemsOf(body({ request_type: " container ", request_number: "MSCU1234565", scac: "MSCU" })),
    ).toEqual([
      {
        pointer: "/data/attributes/request_type",
        code: "invalid",
        detail: "Request type ' container ' is not one of bill_of_lading, booking_number, container",
      },
    ]);
    expect(problemsOf(body({ request_type: "  ", request_number: "MSCU1234565", scac: "MSCU" }))).toEqual([
      { pointer: "/data/attributes/request_type", code: "blank", detail: "Request type can't be blank" },
    ]);
  });

  it("reports a blank or non-text attribute once, as blank or invalid", () => {
    expect(problemsOf(body({ request_type: "bill_of_lading", request_number: "  ", scac: 42 }))).toEqual([
      { pointer: "/data/attributes/request_number", code: "blank", detail: "Request number can't be blank" },
      { pointer: "/data/attributes/scac", code: "invalid", detail: "Scac must be a string" },
    ]);
  });

  it("checks a container number's check digit and shape, and only for containers", () => {
    const container = (n: string) => body({ request_type: "container", request_number: n, scac: "MSCU" });
    expect(problemsOf(container("MSCU1234560"))[0]?.detail).toMatch(/check digit \(the last digit, 0\)/);
    expect(problemsOf(container("MSCU12345"))[0]?.detail).toMatch(/must be 4 letters/);
    const bill = parseNewTrackingRequest(
      body({ request_type: "bill_of_lading", request_number: "MSCU1234560", scac: "MSCU" }),
    );
    expect(bill.ok).toBe(true);
  });

  it("marks read-only attributes and line detection with their own codes", () => {
    const problems = problemsOf(
      body({
        request_type: "bill_of_lading",
        request_number: "ABCD1234",
        scac: "MAEU",
        status: "created",
        auto_detect_vocc_scac: true,
      }),
    );
    expect(problems.map((p) => [p.pointer, p.code])).toEqual([
      ["/data/attributes/auto_detect_vocc_scac", "not_supported"],
      ["/data/attributes/status", "read_only"],
    ]);
  });

  it("keeps the type and SCAC it could read when other attributes are wrong", () => {
    const check = parseNewTrackingRequest(
      body({ request_type: "booking_number", request_number: "ABCD1234", scac: " zzzz ", ref_numbers: 5 }),
    );
    expect(check.ok).toBe(false);
    expect(check.known).toEqual({ requestType: "booking_number", scac: "ZZZZ" });
  });

  it("refuses a body without data or attributes, or of another type", () => {
    expect(problemsOf(undefined)).toEqual([
      { pointer: "/data", code: "blank", detail: expect.stringMatching(/^data is required/) },
    ]);
    expect(problemsOf({ data: "x" }).map((p) => p.pointer)).toEqual(["/data"]);
    expect(problemsOf({ data: { type: "tracking_request" } })).toEqual([
      {
        pointer: "/data/attributes",
        code: "blank",
        detail: "data.attributes is required, with request_type, request_number and scac.",
      },
    ]);
    expect(
      problemsOf(
        body({ request_type: "bill_of_lading", request_number: "ABCD1234", scac: "MAEU" }, "shipment"),
      ),
    ).toEqual([
      { pointer: "/data/type", code: "invalid", detail: "type must be 'tracking_request' (got 'shipment')." },
    ]);
  });
});

describe("placeProblem", () => {
  it("puts the service's problem where the body check would have found it", () => {
    const p = (pointer: string) => ({ pointer, code: "invalid" as const, detail: pointer });
    const body = [
      p("/data/attributes/request_number"),
      p("/data/attributes/shipment_tags"),
      p("/data/attributes/x"),
    ];
    const placed = placeProblem(body, p("/data/attributes/request_type"), "scac");
    expect(placed.map((x) => x.pointer)).toEqual([
      "/data/attributes/request_number",
      "/data/attributes/request_type",
      "/data/attributes/shipment_tags",
      "/data/attributes/x",
    ]);
    expect(placeProblem([], p("/data/attributes/scac"), "scac").map((x) => x.pointer)).toEqual([
      "/data/attributes/scac",
    ]);
  });
});

describe("byAttributeOrder", () => {
  it("puts the envelope first, then attributes as documented, unknown ones last, keeping ties in order", () => {
    const p = (pointer: string) => ({ pointer, code: "invalid" as const, detail: pointer });
    const sorted = byAttributeOrder([
      p("/data/attributes/zzz"),
      p("/data/attributes/scac"),
      p("/data/attributes/ref_numbers/1"),
      p("/data/type"),
      p("/data/attributes/ref_numbers/0"),
      p("/data/attributes/request_type"),
    ]);
    expect(sorted.map((x) => x.pointer)).toEqual([
      "/data/type",
      "/data/attributes/request_type",
      "/data/attributes/scac",
      "/data/attributes/ref_numbers/1",
      "/data/attributes/ref_numbers/0",
      "/data/attributes/zzz",
    ]);
  });
});
