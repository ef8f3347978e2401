// Service tests of GET /v2/shipping_lines/{id}: by our id, by SCAC and by an alternative SCAC in any case (how
// people name a line), the 404 worded as the other reference reads word it, and the answer against the hosted
// API's schema of the operation.
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { singleDocument } from "../../api/json-api";
import { shippingLineSchema } from "../../api/reference";
import { SHIPPING_LINES } from "../db/reference/shipping-lines";
import { shippingLineId } from "../db/reference-data";
import { createHarness, type Harness } from "../testing/service-harness";
import hosted from "./fixtures/hosted-refresh-shipping-line-responses.json" with { type: "json" };

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const hostedLine = ajv.compile(hosted.operations["get-shipping_lines-id"]["200"]);

let h: Harness;
let key: string;

beforeAll(async () => {
  h = await createHarness();
  key = (await h.newAccount()).apiKey;
});
afterAll(() => h.close());

const lineDocument = singleDocument(shippingLineSchema);
const get = (id: string, apiKey: string | null = key) =>
  h.request(apiKey, `/v2/shipping_lines/${encodeURIComponent(id)}`);

async function read(id: string) {
  const response = await get(id);
  expect(response.status, id).toBe(200);
  const body = await response.json();
  expect(hostedLine(body), ajv.errorsText(hostedLine.errors)).toBe(true);
  return lineDocument.parse(body);
}

/** A line with alternative SCACs, from the reference list, so that the test follows the list. */
const withAlternatives = SHIPPING_LINES.find((l) => l.alternativeScacs.length > 0)!;

describe("GET /v2/shipping_lines/{id}", () => {
  it("reads a line by its id", async () => {
    const doc = await read(shippingLineId("MAEU"));
    expect(doc.data).toMatchObject({ id: shippingLineId("MAEU"), type: "shipping_line" });
    expect(doc.data.attributes.scac).toBe("MAEU");
    expect(doc.links?.self).toBe(`/v2/shipping_lines/${shippingLineId("MAEU")}`);
  });

  it("reads the same line by its SCAC, in any case", async () => {
    for (const scac of ["MAEU", "maeu", "Maeu"]) {
      const doc = await read(scac);
      expect(doc.data.id).toBe(shippingLineId("MAEU"));
    }
  });

  it("reads a line by an alternative SCAC", async () => {
    const alternative = withAlternatives.alternativeScacs[0]!;
    const doc = await read(alternative.toLowerCase());
    expect(doc.data.id).toBe(shippingLineId(withAlternatives.scac));
    expect(doc.data.attributes.scac).toBe(withAlternatives.scac);
    expect(doc.data.attributes.alternative_scacs).toContain(alternative);
    // The self link names the line by id, whatever it was asked by.
    expect(doc.links?.self).toBe(`/v2/shipping_lines/${shippingLineId(withAlternatives.scac)}`);
  });

  it("answers the list's own resource for every line", async () => {
    const list = (await (await h.request(key, "/v2/shipping_lines")).json()) as { data: { id: string }[] };
    for (const line of list.data.slice(0, 5)) expect((await read(line.id)).data).toEqual(line);
  });

  it("says no line has an unknown id or SCAC, as the other reference reads do (404)", async () => {
    for (const id of ["ZZZZ", "00000000-0000-4000-8000-000000000000"]) {
      const response = await get(id);
      expect(response.status).toBe(404);
      const body = (await response.json()) as { errors: { code: string; detail: string }[] };
      expect(body.errors[0]).toMatchObject({
        code: "not_found",
        detail: `No shipping line with id '${id}' exists.`,
      });
    }
    // Worded as a terminal's 404 is.
    const terminal = (await (await h.request(key, "/v2/terminals/ZZZZ")).json()) as {
      errors: { detail: string }[];
    };
    expect(terminal.errors[0]!.detail).toBe("No terminal with id 'ZZZZ' exists.");
  });

  it("needs an API key and is in the OpenAPI document", async () => {
    expect((await get("MAEU", null)).status).toBe(401);
    const document = (await (await h.request(null, "/v2/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: object }>>;
    };
    expect(Object.keys(document.paths["/v2/shipping_lines/{id}"]?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "404"]),
    );
  });
});
