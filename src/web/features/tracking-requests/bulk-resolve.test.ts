// Unit tests of checking bulk rows: type and line from infer_number, a line chosen among several, the line's
// support for the type, the line's number format, repeated requests, and what "ready" means.
import { describe, expect, it } from "vitest";
import type { InferNumberResult } from "../../../api/infer-number";
import type { ShippingLine } from "../../../api/reference";
import { parseBulkInput } from "./bulk-parse";
import { choiceKey, type InferOutcome, isAlreadyTracked, isReady, resolveRows } from "./bulk-resolve";

const line = (scac: string, name: string, containers = true) =>
  ({
    id: scac,
    type: "shipping_line",
    attributes: {
      scac,
      name,
      short_name: name,
      alternative_scacs: [],
      bill_of_lading_tracking_support: true,
      booking_number_tracking_support: true,
      container_number_tracking_support: containers,
    },
  }) as ShippingLine;
const LINES = [
  line("MAEU", "Maersk"),
  line("APLU", "APL"),
  line("SAFM", "Safmarine", false),
  line("CMDU", "CMA CGM"),
];

function answer(attributes: Partial<InferNumberResult["attributes"]>): InferOutcome {
  return {
    kind: "answered",
    result: {
      id: "req_1",
      type: "infer_number_results",
      attributes: {
        number_type: "bill_of_lading",
        validation: {
          is_valid: true,
          type: "shipment",
          check_digit_passed: null,
          parsed_number: null,
          reason: null,
        },
        shipping_line: { decision: "no_prediction", selected: null, candidates: [] },
        tracked_by_account: null,
        ...attributes,
      },
    },
  };
}
const maersk = { scac: "MAEU", name: "Maersk", confidence: 0.95 };
const apl = { scac: "APLU", name: "APL", confidence: 0.5 };

const resolve = (text: string, inferred: [string, InferOutcome][], choices: [string, string][] = []) =>
  resolveRows(parseBulkInput(text).rows, new Map(inferred), new Map(choices), LINES);

describe("resolveRows", () => {
  it("takes a bare number's type and line from infer_number, and is ready then", () => {
    const [row] = resolve("MAEU993231055", [
      [
        "MAEU993231055",
        answer({ shipping_line: { decision: "auto_select", selected: maersk, candidates: [maersk] } }),
      ],
    ]);
    expect(row).toMatchObject({
      requestType: "bill_of_lading",
      scac: "MAEU",
      inferred: { type: true, scac: true },
      problems: [],
    });
    expect(row && isReady(row)).toBe(true);
  });

  it("says a number the account tracks already, rather than asking for its line, and does not send it", () => {
    const tracked = {
      shipping_line_scac: "MAEU",
      tracking_request_id: null,
      shipment_id: "s-1",
      bill_of_lading_number: "MAEU771000001",
    };
    const [row] = resolve("MSKU7710001", [
      [
        "MSKU7710001",
        answer({
          number_type: "container",
          shipping_line: { decision: "no_prediction", selected: null, candidates: [] },
          tracked_by_account: tracked,
        }),
      ],
    ]);
    expect(row).toMatchObject({
      alreadyTracked: tracked,
      requestType: "container",
      scac: "MAEU",
      problems: [],
      candidates: [],
    });
    expect(row && isAlreadyTracked(row)).toBe(true);
    expect(row && isReady(row)).toBe(false);
  });

  it("is not ready while infer_number has not answered", () => {
    const [row] = resolve("MAEU993231055", [["MAEU993231055", { kind: "asking" }]]);
    expect(row).toMatchObject({ lookingUp: true, problems: [] });
    expect(row && isReady(row)).toBe(false);
  });

  it("offers the candidates when several lines fit, and takes the one chosen", () => {
    const ambiguous = answer({
      shipping_line: { decision: "needs_confirmation", selected: null, candidates: [maersk, apl] },
    });
    const [open] = resolve("254896321", [["254896321", ambiguous]]);
    expect(open?.candidates.map((c) => c.scac)).toEqual(["MAEU", "APLU"]);
    expect(open && isReady(open)).toBe(false);
    const key = choiceKey({ line: 1, number: "254896321" });
    const [chosen] = resolve("254896321", [["254896321", ambiguous]], [[key, "APLU"]]);
    expect(chosen).toMatchObject({ scac: "APLU", candidates: [], problems: [] });
    expect(chosen && isReady(chosen)).toBe(true);
  });

  it("names the column when no line could be worked out, or infer_number refused the number", () => {
    const [none, refused] = resolve("ABCD12\n12", [
      ["ABCD12", answer({ number_type: null })],
      ["12", { kind: "failed", detail: "This reference number is not valid." }],
    ]);
    expect(none?.problems).toEqual([
      "Row 1, column scac: No shipping line could be worked out from the number: give the SCAC of its shipping line.",
    ]);
    expect(refused?.problems).toEqual(["Row 2, column number: This reference number is not valid."]);
  });

  it("refuses a number not in its line's format, and a type the line does not track", () => {
    const rows = resolve("bol, 12, CMDU\ncontainer, MSKU1234565, SAFM\nbol, MAEU993231055, MAEU", []);
    expect(rows[0]?.problems).toEqual([
      "Row 1, column number: 12 is not a CMA CGM bill of lading: they look like CMDUSHA1234567.",
    ]);
    expect(rows[1]?.problems).toEqual([
      "Row 2, column scac: Safmarine cannot be tracked by container number.",
    ]);
    expect(rows.map(isReady)).toEqual([false, false, true]);
  });

  it("marks a repeated request, whatever its spelling, as the same as the first", () => {
    const rows = resolve(
      "bol,maeu993231055,maeu\nbill of lading, MAEU 993231055 ,MAEU,R1\nbooking,993231055,MAEU",
      [],
    );
    expect(rows.map((r) => r.problems)).toEqual([[], ["Row 2: The same request as row 1."], []]);
  });
});
