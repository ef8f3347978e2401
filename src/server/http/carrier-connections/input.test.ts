// Unit tests of a carrier connection body's checks: the URL forms that pass and how they are stored, the header
// names, and what an edit resets; the service test covers each refusal's wording through the API.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { CarrierConnectionRow } from "../../db/carrier-connections";
import { openDatabase } from "../../db/connection";
import { loadReferenceData, type ReferenceData, seedReferenceData } from "../../db/reference-data";
import { openSecret } from "../../secrets";
import { ApiError } from "../errors";
import { checkCarrierConnectionInput } from "./input";

const KEY = randomBytes(32);
let reference: ReferenceData;

beforeAll(async () => {
  const { db } = await openDatabase({ memory: true });
  await seedReferenceData(db);
  reference = await loadReferenceData(db);
});

const context = (allowInternal = false) => ({ reference, secretsKey: KEY, allowInternal });

function pointersOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.errors.map((e) => (e.source as { pointer: string }).pointer);
    throw error;
  }
  return [];
}

const stored = (values: ReturnType<typeof checkCarrierConnectionInput>): CarrierConnectionRow => ({
  ...values,
  id: "9f0c2a4e-0000-4000-8000-000000000001",
  accountId: "9f0c2a4e-0000-4000-8000-000000000002",
  status: "ok",
  statusDetail: "Connected",
  checkedAt: new Date("2026-11-20T12:00:00Z"),
  lastSuccessAt: new Date("2026-11-20T12:00:00Z"),
  createdAt: new Date("2026-11-20T12:00:00Z"),
  updatedAt: new Date("2026-11-20T12:00:00Z"),
});

describe("checkCarrierConnectionInput", () => {
  it("stores base URLs without trailing slashes, keeping their path and port", () => {
    for (const [given, kept] of [
      ["https://api.carrier.example/", "https://api.carrier.example"],
      ["  https://api.carrier.example:8443/dcsa/tnt//  ", "https://api.carrier.example:8443/dcsa/tnt"],
      ["HTTPS://API.Carrier.Example/TNT", "https://api.carrier.example/TNT"],
    ] as const) {
      const values = checkCarrierConnectionInput(
        { scac: "MAEU", base_url: given, auth_type: "none" },
        undefined,
        context(),
      );
      expect(values.baseUrl).toBe(kept);
    }
  });

  it("lets an internal connection reach loopback and private addresses over http, and no other", () => {
    const internal = { scac: "MAEU", auth_type: "none" as const, internal: true };
    for (const url of [
      "http://127.0.0.1:4949/dcsa/sandbox/MAEU",
      "http://[::1]:8080",
      "http://carrier.internal",
    ]) {
      expect(
        checkCarrierConnectionInput({ ...internal, base_url: url }, undefined, context(true)).internal,
      ).toBe(true);
      expect(
        pointersOf(() =>
          checkCarrierConnectionInput(
            { ...internal, base_url: url, internal: false },
            undefined,
            context(true),
          ),
        ),
      ).toEqual(["/data/attributes/base_url"]);
    }
    expect(
      pointersOf(() =>
        checkCarrierConnectionInput(
          { scac: "MAEU", auth_type: "none", base_url: "https://[::1]" },
          undefined,
          context(),
        ),
      ),
    ).toEqual(["/data/attributes/base_url"]);
  });

  it("takes header names that HTTP allows, and seals the key", () => {
    for (const header of ["API-Key", "X-API-Key", "Ocp-Apim-Subscription-Key", "x_api.key"]) {
      const values = checkCarrierConnectionInput(
        {
          scac: "MAEU",
          base_url: "https://x.example",
          auth_type: "api_key",
          api_key_header: header,
          api_key: "k",
        },
        undefined,
        context(),
      );
      expect(values.apiKeyHeader).toBe(header);
      expect(openSecret(values.apiKeySealed!, KEY).toString()).toBe("k");
    }
    for (const header of ["API Key", "X-Key:", "Ké", "a\nb"]) {
      expect(
        pointersOf(() =>
          checkCarrierConnectionInput(
            {
              scac: "MAEU",
              base_url: "https://x.example",
              auth_type: "api_key",
              api_key_header: header,
              api_key: "k",
            },
            undefined,
            context(),
          ),
        ),
      ).toEqual(["/data/attributes/api_key_header"]);
    }
  });

  it("resets the status for a change of address, credentials or internal flag, and for nothing else", () => {
    const current = stored(
      checkCarrierConnectionInput(
        {
          scac: "MAEU",
          base_url: "https://x.example",
          auth_type: "api_key",
          api_key_header: "API-Key",
          api_key: "k",
        },
        undefined,
        context(true),
      ),
    );
    const reset = (change: Parameters<typeof checkCarrierConnectionInput>[0]) =>
      checkCarrierConnectionInput(change, current, context(true)).resetStatus;
    expect(reset({ name: "Label" })).toBe(false);
    expect(reset({ push_enabled: true })).toBe(false);
    expect(reset({ base_url: "https://x.example/" })).toBe(false);
    expect(reset({ base_url: "https://y.example" })).toBe(true);
    expect(reset({ api_key: "k2" })).toBe(true);
    expect(reset({ api_key_header: "X-API-Key" })).toBe(true);
    expect(reset({ internal: true })).toBe(true);
    expect(reset({ auth_type: "none" })).toBe(true);
  });
});
