// The DCSA fixtures the adapter's tests are built from are what a carrier may really send: every event of every
// fixture journey validates against the standard's OpenAPI file as an answer of `GET /v2/events`.
import { OpenAPIBackend } from "openapi-backend";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CALLS,
  day,
  directJourney,
  equipment,
  railJourney,
  transport,
  transshipmentJourney,
} from "./dcsa-journey-fixtures";
import { readDcsaDefinition, withDcsaFormats } from "./dcsa-openapi";

describe("DCSA journey fixtures", () => {
  const api = new OpenAPIBackend({
    definition: readDcsaDefinition(),
    quick: true,
    customizeAjv: withDcsaFormats,
  });
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
    const result = api.validator.validateResponse(events, "GET /v2/events", 200);
    expect(result.errors ?? []).toEqual([]);
  });

  it("would catch an event the standard does not allow", () => {
    const [first] = directJourney();
    const result = api.validator.validateResponse(
      [{ ...first, eventID: "not-a-uuid" }],
      "GET /v2/events",
      200,
    );
    expect(result.valid).toBe(false);
  });
});
