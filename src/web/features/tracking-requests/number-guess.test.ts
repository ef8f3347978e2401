// Tests of reading infer_number's answer and of the format check the forms show before sending.
import { describe, expect, it } from "vitest";
import type { InferNumberResult } from "../../../api/infer-number";
import type { ShippingLine } from "../../../api/reference";
import { formatProblem, guessOf } from "./number-guess";

function result(attributes: Partial<InferNumberResult["attributes"]>): InferNumberResult {
  return {
    id: "req_1",
    type: "infer_number_results",
    attributes: {
      number_type: null,
      validation: { is_valid: true, type: null, check_digit_passed: null, parsed_number: null, reason: null },
      shipping_line: { decision: "no_prediction", selected: null, candidates: [] },
      tracked_by_account: null,
      ...attributes,
    },
  };
}

const cma = { scac: "CMDU", name: "CMA CGM", confidence: 0.5 };
const anl = { scac: "ANNU", name: "Australia National Line", confidence: 0.5 };

describe("guessOf", () => {
  it("fills the type and line the API picked, with the form's name for a booking", () => {
    const guess = guessOf(
      result({
        number_type: "booking",
        shipping_line: { decision: "auto_select", selected: cma, candidates: [cma] },
      }),
    );
    expect(guess).toEqual({
      requestType: "booking_number",
      scac: "CMDU",
      candidates: [],
      problem: null,
      tracked: null,
    });
  });

  it("carries what the account already tracks under the number, and nothing from a server that does not say", () => {
    const tracked = {
      shipping_line_scac: "CMDU",
      tracking_request_id: "tr-1",
      shipment_id: null,
      bill_of_lading_number: null,
    };
    expect(guessOf(result({ tracked_by_account: tracked })).tracked).toEqual(tracked);
    // The hosted API's answer has no such attribute.
    const { tracked_by_account: _absent, ...hosted } = result({}).attributes;
    const answer = { ...result({}), attributes: hosted } as InferNumberResult;
    expect(guessOf(answer).tracked).toBeNull();
  });

  it("offers the candidates when the API asks, and picks none", () => {
    const guess = guessOf(
      result({ shipping_line: { decision: "needs_confirmation", selected: null, candidates: [cma, anl] } }),
    );
    expect(guess.scac).toBeNull();
    expect(guess.candidates.map((c) => c.scac)).toEqual(["CMDU", "ANNU"]);
  });

  it("passes on why the number is not valid", () => {
    const validation = {
      is_valid: false,
      type: "shipment" as const,
      check_digit_passed: null,
      parsed_number: null,
      reason: "CMDU12345 is not a CMA CGM bill of lading: they look like CMDUSHA1234567.",
    };
    expect(guessOf(result({ validation })).problem).toBe(validation.reason);
  });
});

const line = (scac: string, name: string, alternative_scacs: string[] = []) =>
  ({
    id: scac,
    type: "shipping_line",
    attributes: { scac, name, alternative_scacs },
  }) as unknown as ShippingLine;

describe("formatProblem", () => {
  const lines = [line("MAEU", "Maersk"), line("MSCU", "Mediterranean Shipping Company", ["MEDU"])];

  it("refuses 12 as a Maersk bill of lading, saying what Maersk's look like", () => {
    expect(formatProblem(lines, "MAEU", "bill_of_lading", "12")).toBe(
      "12 is not a Maersk bill of lading: they look like MAEU123456789.",
    );
  });

  it("accepts a number in the line's format, by any of its SCACs", () => {
    expect(formatProblem(lines, "MAEU", "bill_of_lading", "maeu 993231055")).toBeNull();
    expect(formatProblem(lines, "MEDU", "bill_of_lading", "MEDUAB123456")).toBeNull();
  });

  it("says nothing before a number or a line is given", () => {
    expect(formatProblem(lines, "", "bill_of_lading", "12")).toBeNull();
    expect(formatProblem(lines, "MAEU", "bill_of_lading", " ")).toBeNull();
  });
});
