// How `track` chooses the line and request type: what it is given, else the inference's one confident choice, else
// an error that names the candidates for the assistant to ask about.
import { describe, expect, it } from "vitest";
import type { InferNumberResult } from "../../../../api/infer-number";
import { chooseTrack } from "./track-tool";

function inferred(
  numberType: InferNumberResult["attributes"]["number_type"],
  line: InferNumberResult["attributes"]["shipping_line"],
): InferNumberResult["attributes"] {
  return {
    number_type: numberType,
    validation: { is_valid: true, type: null, check_digit_passed: null, parsed_number: null, reason: null },
    shipping_line: line,
    tracked_by_account: null,
  };
}

const maersk = { scac: "MAEU", name: "Maersk", confidence: 0.95 };
const sealand = { scac: "SEJJ", name: "SeaLand Europe", confidence: 0.4 };

describe("chooseTrack", () => {
  it("keeps what it is given over the inference", () => {
    const guess = inferred("container", { decision: "auto_select", selected: maersk, candidates: [maersk] });
    expect(chooseTrack("X", { scac: "ZIMU", requestType: "bill_of_lading" }, guess)).toEqual({
      scac: "ZIMU",
      requestType: "bill_of_lading",
    });
  });
  it("takes the inference's choice, with the API's booking spelled as a request type", () => {
    const guess = inferred("booking", { decision: "auto_select", selected: maersk, candidates: [maersk] });
    expect(chooseTrack("X", {}, guess)).toEqual({ scac: "MAEU", requestType: "booking_number" });
  });
  it("names the candidates when the inference cannot choose, and says when no line is known", () => {
    const unsure = inferred("container", {
      decision: "needs_confirmation",
      selected: null,
      candidates: [maersk, sealand],
    });
    expect(() => chooseTrack("MSKU1234565", {}, unsure)).toThrow(
      "Number MSKU1234565 could belong to more than one shipping line: MAEU (Maersk, confidence 0.95), SEJJ (SeaLand Europe, confidence 0.40).",
    );
    const none = inferred("container", { decision: "no_prediction", selected: null, candidates: [] });
    expect(() => chooseTrack("TGHU1234561", {}, none)).toThrow(
      "No shipping line is known for number TGHU1234561",
    );
  });
  it("asks for the request type when the number's kind cannot be told", () => {
    const noType = inferred(null, { decision: "auto_select", selected: maersk, candidates: [maersk] });
    expect(() => chooseTrack("AB12", {}, noType)).toThrow("Call track again with request_type.");
  });
});
