// Service tests of POST /v2/tracking_requests/infer_number: each decision (one line, several, none) for container,
// bill of lading and booking numbers, the format problems it names, bad bodies, that it needs a key, and what the
// account already tracks under a number.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InferNumberResult, inferNumberDocumentSchema } from "../../api/infer-number";
import { LINE_NUMBER_FORMATS } from "../../api/number-formats";
import { SHIPPING_LINES } from "../db/reference/shipping-lines";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let key: string;
let account: { id: string };

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Infer Co");
  key = created.apiKey;
  account = created.account;
});
afterAll(() => h.close());

const post = (json: unknown, apiKey: string | null = key) =>
  h.request(apiKey, "/v2/tracking_requests/infer_number", { method: "POST", json });

async function infer(number: string): Promise<InferNumberResult["attributes"]> {
  const response = await post({ number });
  expect(response.status, number).toBe(200);
  const document = inferNumberDocumentSchema.parse(await response.json());
  expect(document.data.type).toBe("infer_number_results");
  return document.data.attributes;
}

const scacs = (a: InferNumberResult["attributes"]) => a.shipping_line.candidates.map((c) => c.scac);

describe("container numbers", () => {
  it("picks the one line whose own boxes carry the owner code, and checks the check digit", async () => {
    const a = await infer("hlxu 123456-1");
    expect(a.number_type).toBe("container");
    expect(a.shipping_line.decision).toBe("auto_select");
    expect(a.shipping_line.selected).toEqual({ scac: "HLCU", name: "Hapag-Lloyd", confidence: 1 });
    expect(a.validation.type).toBe("container");
  });

  it("says a wrong check digit is not valid, still naming the owner's line", async () => {
    const a = await infer("MSCU1234567");
    expect(a.validation).toMatchObject({ is_valid: false, check_digit_passed: false });
    expect(a.validation.reason).toMatch(/check digit/);
    expect(a.shipping_line.selected?.scac).toBe("MSCU");
    const right = await infer("MSCU1234566");
    expect(right.validation).toMatchObject({ is_valid: true, check_digit_passed: true, reason: null });
  });

  it("asks when several lines' boxes carry the code, the lines whose main code it is first", async () => {
    const a = await infer("MSKU1234565");
    expect(a.validation.is_valid).toBe(true);
    expect(a.shipping_line.decision).toBe("needs_confirmation");
    expect(a.shipping_line.selected).toBeNull();
    // Maersk and SeaLand Europe use MSKU as their main code; Hamburg Sud's own is SUDU. Safmarine does not track
    // by container number, so it is not offered.
    expect(scacs(a).slice(0, 2).sort()).toEqual(["MAEU", "SEJJ"]);
    expect(scacs(a)).toContain("SUDU");
    expect(scacs(a)).not.toContain("SAFM");
    const confidences = a.shipping_line.candidates.map((c) => c.confidence);
    expect(confidences).toEqual([...confidences].sort((x, y) => y - x));
  });

  it("makes no prediction for a leasing company's box or an unknown owner", async () => {
    for (const number of ["TGHU1234567", "QQQU1234560"]) {
      const a = await infer(number);
      expect(a.number_type).toBe("container");
      expect(a.shipping_line).toEqual({ decision: "no_prediction", selected: null, candidates: [] });
    }
  });
});

describe("bills of lading and bookings", () => {
  it("picks the line whose code the number starts with and gives the canonical number", async () => {
    const a = await infer("MAEU993231055");
    expect(a.number_type).toBe("bill_of_lading");
    expect(a.validation).toMatchObject({ is_valid: true, type: "shipment", parsed_number: "MAEU993231055" });
    expect(a.shipping_line.decision).toBe("auto_select");
    expect(a.shipping_line.selected?.scac).toBe("MAEU");
    // COSCO's bills of lading are printed CCMJ…; MSC's MEDU…, though people write MSCU.
    expect((await infer("COSU6123456789")).validation.parsed_number).toBe("CCMJ6123456789");
    expect((await infer("MSCUAB123456")).shipping_line.selected?.scac).toBe("MSCU");
  });

  it("names the format problem of a number whose line's code it starts with", async () => {
    const a = await infer("CMDU12345");
    expect(a.number_type).toBe("bill_of_lading");
    expect(a.validation.is_valid).toBe(false);
    expect(a.validation.reason).toBe(
      "CMDU12345 is not a CMA CGM bill of lading: they look like CMDUSHA1234567.",
    );
    expect(a.shipping_line.selected?.scac).toBe("CMDU");
  });

  it("offers the lines whose patterns a bare number fits, when several do", async () => {
    const a = await infer("254896321");
    expect(a.validation.is_valid).toBe(true);
    expect(a.shipping_line.decision).toBe("needs_confirmation");
    expect(scacs(a)).toEqual(expect.arrayContaining(["MAEU", "APLU", "MSCU"]));
    expect(scacs(a)).not.toContain("COSU"); // ten digits
  });

  it("picks the one line whose pattern a bare number fits, with less than full confidence", async () => {
    const a = await infer("123A456789"); // Wan Hai's DDDLDDDDDD
    expect(a.shipping_line.decision).toBe("auto_select");
    expect(a.shipping_line.selected?.scac).toBe("WHLC");
    expect(a.shipping_line.selected?.confidence).toBeLessThan(1);
    const booking = await infer("123456789012"); // Evergreen's twelve-digit bookings
    expect(booking.number_type).toBe("booking");
    expect(booking.shipping_line.selected?.scac).toBe("EGLV");
  });

  it("makes no prediction for a number in no line's format, saying so", async () => {
    const a = await infer("ABCD12");
    expect(a.number_type).toBeNull();
    expect(a.validation.is_valid).toBe(false);
    expect(a.validation.reason).toMatch(/not in the format of any shipping line/);
    expect(a.shipping_line).toEqual({ decision: "no_prediction", selected: null, candidates: [] });
  });

  it("knows the test numbers", async () => {
    expect((await infer("TEST-TR-SUCCEEDED")).shipping_line.selected?.scac).toBe("TEST");
  });
});

describe("bad bodies", () => {
  it.each([
    [{}, "blank", /number is required/],
    [{ number: "" }, "blank", /can't be blank/],
    [{ number: "  - " }, "blank", /can't be blank/],
    [{ number: null }, "blank", /number is required/],
    [{ number: 42 }, "invalid", /must be a string/],
    [{ number: "MAEU/123" }, "invalid", /This reference number is not valid/],
    [{ number: "12" }, "invalid", /4 to 40 letters and digits/],
  ])("refuses %j with a 422 pointing at /number", async (body, code, detail) => {
    const response = await post(body);
    expect(response.status).toBe(422);
    const { errors } = (await response.json()) as {
      errors: { status: string; code: string; detail: string; source: unknown }[];
    };
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ status: "422", code, source: { pointer: "/number" } });
    expect(errors[0]?.detail).toMatch(detail);
  });

  it.each([[["MAEU993231055"]], ["MAEU993231055"], [42], [null]])(
    "answers %j, not an object, with a 400 that names the body it expects (not a JSON:API 'data' object)",
    async (body) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      const { errors } = (await response.json()) as { errors: { code: string; detail: string }[] };
      expect(errors[0]?.code).toBe("malformed_body");
      expect(errors[0]?.detail).toContain('{"number": "MAEU993231055"}');
      expect(errors[0]?.detail).not.toMatch(/top-level 'data'/);
    },
  );

  it("needs an API key, like every /v2 route", async () => {
    expect((await post({ number: "MAEU993231055" }, null)).status).toBe(401);
  });

  it("is documented in the OpenAPI document", async () => {
    const document = (await (await h.request(null, "/v2/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths["/v2/tracking_requests/infer_number"] ?? {})).toEqual(["post"]);
  });
});

describe("what the account already tracks", () => {
  it("names the shipment a pasted box is on, the request standing for a number, and nothing of another account's", async () => {
    const { shipment } = await insertShipment(h.db, account.id, {
      billOfLading: "MAEU771000001",
      containerNumbers: ["MSKU7710001", "MSKU7710002"],
    });
    const box = await infer("mskU 771000-1");
    expect(box.tracked_by_account).toEqual({
      shipping_line_scac: "MAEU",
      tracking_request_id: null,
      shipment_id: shipment.id,
      bill_of_lading_number: "MAEU771000001",
    });
    // What the number itself says is unchanged: the line is still asked for.
    expect(box.shipping_line.decision).toBe("needs_confirmation");

    const created = await h.request(key, "/v2/tracking_requests", {
      method: "POST",
      json: {
        data: {
          type: "tracking_request",
          attributes: { request_type: "bill_of_lading", request_number: "MAEU771000099", scac: "MAEU" },
        },
      },
    });
    expect(created.status).toBe(201);
    const requestId = ((await created.json()) as { data: { id: string } }).data.id;
    expect((await infer("maeu771000099")).tracked_by_account).toEqual({
      shipping_line_scac: "MAEU",
      tracking_request_id: requestId,
      shipment_id: null,
      bill_of_lading_number: null,
    });

    // Another account's box of the same number, and a box whose shipment is no longer tracked, are not said.
    const other = await h.newAccount("Other Infer Co");
    await insertShipment(h.db, other.account.id, { containerNumbers: ["MSKU7720000"] });
    expect((await infer("MSKU7720000")).tracked_by_account).toBeNull();
    await insertShipment(h.db, account.id, { containerNumbers: ["MSKU7730004"], stopped: true });
    expect((await infer("MSKU7730004")).tracked_by_account).toBeNull();
    expect((await infer("MSKU7740000")).tracked_by_account).toBeNull();
  });
});

describe("the shared formats", () => {
  it("agree with the reference list's bill of lading prefixes and alternative SCACs", () => {
    for (const line of SHIPPING_LINES) {
      const formats = LINE_NUMBER_FORMATS.get(line.scac);
      expect(formats?.billOfLading.prefix, line.scac).toBe(line.bolPrefix ?? line.scac);
      expect(formats?.otherPrefixes, line.scac).toEqual([line.scac, ...line.alternativeScacs]);
    }
  });
});
