// Unit tests of placing the API's 422 errors beside the form's fields.
import { describe, expect, it } from "vitest";
import type { ErrorObject } from "../../../api/json-api";
import { checkForm, errorsByField, fieldForPointer, splitList } from "./form-errors";

const error = (detail: string, pointer?: string): ErrorObject => ({
  status: "422",
  code: "invalid",
  title: "Unprocessable Entity",
  detail,
  source: pointer ? { pointer } : null,
});

describe("fieldForPointer", () => {
  it("maps attribute pointers to the form's fields", () => {
    expect(fieldForPointer("/data/attributes/request_number")).toBe("request_number");
    expect(fieldForPointer("/data/attributes/scac")).toBe("scac");
    expect(fieldForPointer("/data/attributes/request_type")).toBe("request_type");
    expect(fieldForPointer("/data/attributes/ref_numbers/2")).toBe("ref_numbers");
    expect(fieldForPointer("/data/attributes/shipment_tags")).toBe("shipment_tags");
    expect(fieldForPointer("/data/attributes/tags/0")).toBe("shipment_tags");
  });

  it("gives null for what is not one of them", () => {
    expect(fieldForPointer("/data/attributes/request_numbers")).toBeNull();
    expect(fieldForPointer("/data/type")).toBeNull();
    expect(fieldForPointer("/data")).toBeNull();
    expect(fieldForPointer(undefined)).toBeNull();
  });
});

describe("errorsByField", () => {
  it("puts each detail under its field, naming the list item it is about, and the rest on the form", () => {
    expect(
      errorsByField(
        [
          error("Request number can't be blank", "/data/attributes/request_number"),
          error("Scac 'XXXX' is not recognized", "/data/attributes/scac"),
          error("Scac 'XXXX' is not recognized", "/data/attributes/scac"),
          error("is too long (at most 100 characters)", "/data/attributes/ref_numbers/1"),
          error("type must be tracking_request", "/data/type"),
          error("Something else"),
        ],
        { ref_numbers: ["PO-1", "PO-2-LONG"] },
      ),
    ).toEqual({
      request_number: ["Request number can't be blank"],
      scac: ["Scac 'XXXX' is not recognized"],
      ref_numbers: ["Reference number 2 (“PO-2-LONG”): is too long (at most 100 characters)"],
      form: ["type must be tracking_request", "Something else"],
    });
  });
});

describe("splitList and checkForm", () => {
  it("splits what people type as a list", () => {
    expect(splitList(" PO-1, PO-2;PO-3 |, PO-1 ")).toEqual(["PO-1", "PO-2", "PO-3"]);
    expect(splitList("")).toEqual([]);
  });

  it("asks for a number and a shipping line before sending", () => {
    expect(checkForm({ requestNumber: "  ", scac: "" }, "Booking number")).toEqual({
      request_number: ["Enter the booking number."],
      scac: ["Choose the shipping line."],
    });
    expect(checkForm({ requestNumber: "X1", scac: "MAEU" }, "Booking number")).toEqual({});
  });
});
