// The DCSA fixtures the adapter's tests are built from are what a carrier may really send: every event of every
// fixture journey validates against the standard's OpenAPI file as an answer of `GET /v2/events`.
import { readFileSync } from "node:fs";
import type Ajv from "ajv";
import addFormats from "ajv-formats";
import { type Document, OpenAPIBackend } from "openapi-backend";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  CALLS,
  day,
  directJourney,
  equipment,
  railJourney,
  transport,
  transshipmentJourney,
} from "./dcsa-journey-fixtures";

const YAML = new URL("../../../../shared/reference/dcsa/tnt-v2.2.0.yaml", import.meta.url);

type Definition = {
  paths: Record<string, Record<string, { operationId?: string }>>;
  components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> };
};

/**
 * The standard's file, made usable by a validator: it names no operations (each gets one), and its 2.2.0 erratum
 * glosses documentReferenceType's enum ("BKG (Booking)") where carriers send the bare code.
 */
function definition(): Document {
  const doc = parse(readFileSync(YAML, "utf8"), {
    customTags: [{ tag: "tag:yaml.org,2002:binary", resolve: (text: string) => text.replace(/\s+/g, "") }],
  }) as Definition;
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(methods)) operation.operationId ??= `${method} ${path}`;
  const reference = doc.components.schemas.documentReferences_inner?.properties.documentReferenceType;
  if (reference?.enum) reference.enum = reference.enum.map((value) => value.replace(/\s*\(.*\)$/, ""));
  return doc as unknown as Document;
}

/** Formats are checked (a non-UUID eventID, a time without its zone fail), not ignored as by default. */
function withFormats(ajv: Ajv): Ajv {
  addFormats(ajv);
  ajv.addFormat("$date-time", ajv.formats["date-time"] as never);
  return ajv;
}

describe("DCSA journey fixtures", () => {
  const api = new OpenAPIBackend({ definition: definition(), quick: true, customizeAjv: withFormats });
  beforeAll(() => api.init());

  it.each([
    ["direct", directJourney(["MSKU1234565", "MSKU7654321"])],
    ["transshipment", transshipmentJourney()],
    ["rail", railJourney()],
    [
      "extra",
      [
        equipment("INSP", "MSKU1234565", "LADEN", day(21), CALLS.losAngelesDirect),
        transport("ARRI", day(20), CALLS.losAngeles, { classifier: "PLN" }),
      ],
    ],
  ])("the %s journey is a valid GET /v2/events answer", (_name, events) => {
    const result = api.validator.validateResponse(events, "get /v2/events", 200);
    expect(result.errors ?? []).toEqual([]);
  });

  it("would catch an event the standard does not allow", () => {
    const [first] = directJourney();
    const result = api.validator.validateResponse(
      [{ ...first, eventID: "not-a-uuid" }],
      "get /v2/events",
      200,
    );
    expect(result.valid).toBe(false);
  });
});
