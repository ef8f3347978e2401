// Property-based test of the API against its own OpenAPI document: requests generated for every operation (valid
// and invalid values), each answer checked (never a 5xx, a documented status, a body matching the document, errors
// in JSON:API). `npm run fuzz` runs many more cases and prints counts; FUZZ_RUNS and FUZZ_SEED set them here too.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyText, requestArbitrary, responseChecker, send } from "../testing/openapi-fuzz";
import { type FuzzSetup, fuzzHarness } from "../testing/openapi-fuzz-setup";

let setup: FuzzSetup;
beforeAll(async () => {
  setup = await fuzzHarness();
});
afterAll(() => setup.h.close());

describe("the API against its OpenAPI document", () => {
  it("answers every generated request as the document says", async () => {
    const checker = responseChecker(setup.document);
    await fc.assert(
      fc.asyncProperty(
        requestArbitrary(setup.document, setup.ids, {
          nulBytes: process.env.FUZZ_NUL_BYTES === "1",
          knownBodies: setup.knownBodies,
        }),
        async (request) => {
          const response = await send(setup.h, setup.key, request);
          const problem = checker.problem(
            request,
            response.status,
            response.headers.get("content-type"),
            await bodyText(response),
          );
          expect(problem, `${request.method} ${request.path}`).toBeUndefined();
        },
      ),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 300),
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
      },
    );
  }, 120_000);

  // What longer runs of `npm run fuzz` found, kept as cases: an empty value the API reads as none (the document
  // says so with allowEmptyValue, or the API refuses it), and names every JavaScript object has.
  it.each([
    ["GET /v2/vessels", "/v2/vessels?show_positions="],
    ["GET /v2/shipments", "/v2/shipments?filter[on_hold]=&filter[lfd]=&filter[arriving_within_days]=&sort="],
    ["GET /v2/containers", "/v2/containers?filter[eta_changed]=&filter[detention]="],
    ["GET /v2/custom_field_definitions", "/v2/custom_field_definitions?filter[data_type]="],
    ["GET /v2/custom_field_definitions", "/v2/custom_field_definitions?filter[entity_type]=toString"],
    ["GET /v2/custom_fields", "/v2/custom_fields?filter[entity_type]=__proto__"],
  ])("answers %s as the document says: %s", async (operation, path) => {
    const checker = responseChecker(setup.document);
    const request = { operation, method: "GET", path, headers: {} };
    const response = await send(setup.h, setup.key, request);
    expect(response.status).toBeLessThan(500);
    expect(
      checker.problem(
        request,
        response.status,
        response.headers.get("content-type"),
        await bodyText(response),
      ),
    ).toBeUndefined();
  });
});
