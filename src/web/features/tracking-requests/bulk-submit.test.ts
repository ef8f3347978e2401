// Unit tests of sending rows one by one: outcomes per row, waiting out 429s, stopping, signing out.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { type RowOutcome, type SubmitDeps, type SubmitJob, submitAll } from "./bulk-submit";
import type { TrackingRequest, TrackingRequestInput } from "./contract";

function request(
  number: string,
  overrides: Partial<TrackingRequest["attributes"]> = {},
  shipment?: string,
): TrackingRequest {
  return {
    id: `tr-${number}`,
    type: "tracking_request",
    attributes: {
      request_number: number,
      request_type: "bill_of_lading",
      scac: "MAEU",
      ref_numbers: [],
      tags: [],
      status: "pending",
      failed_reason: null,
      is_retrying: false,
      retry_count: null,
      created_at: "2025-11-10T12:00:00Z",
      updated_at: "2025-11-10T12:00:00Z",
      ...overrides,
    },
    relationships: {
      tracked_object: { data: shipment ? { id: shipment, type: "shipment" } : null },
      customer: { data: { id: "account-1", type: "account" } },
    },
    links: { self: `/v2/tracking_requests/tr-${number}` },
  };
}

const error422 = (detail: string, code = "invalid", pointer = "/data/attributes/request_number") =>
  new ApiError(
    422,
    [{ status: "422", code, title: "Unprocessable Entity", detail, source: { pointer } }],
    "",
  );

const jobs = (...numbers: string[]): SubmitJob[] =>
  numbers.map((number, index) => ({
    index,
    input: { request_type: "bill_of_lading", request_number: number, scac: "MAEU" },
  }));

function harness(answer: (input: TrackingRequestInput, call: number) => TrackingRequest | Error) {
  const outcomes = new Map<number, RowOutcome>();
  const history: string[] = [];
  const sleeps: number[] = [];
  const pauses: (number | null)[] = [];
  const controller = new AbortController();
  let calls = 0;
  const deps: SubmitDeps = {
    create: async (input) => {
      calls++;
      history.push(input.request_number);
      const result = answer(input, calls);
      if (result instanceof Error) throw result;
      return result;
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    onOutcome: (index, outcome) => outcomes.set(index, outcome),
    onPause: (at) => pauses.push(at),
    now: () => 1_000_000,
    signal: controller.signal,
  };
  return { deps, outcomes, history, sleeps, pauses, controller };
}

describe("submitAll", () => {
  it("sends every row in order and reports created, duplicate and error outcomes", async () => {
    const h = harness((input) => {
      if (input.request_number === "DUP")
        return error422("Request number 'DUP' is already being tracked.", "duplicate");
      if (input.request_number === "BAD")
        return error422("Request number is not a valid bill of lading number.");
      if (input.request_number === "OLD")
        return request("OLD", { status: "failed", failed_reason: "duplicate" }, "ship-9");
      return request(input.request_number);
    });
    await expect(submitAll(jobs("A1", "DUP", "BAD", "OLD"), h.deps)).resolves.toBe("done");
    expect(h.history).toEqual(["A1", "DUP", "BAD", "OLD"]);
    expect(h.outcomes.get(0)).toEqual({ kind: "created", id: "tr-A1", status: "pending" });
    expect(h.outcomes.get(1)).toEqual({
      kind: "duplicate",
      detail: "Request number 'DUP' is already being tracked.",
      shipmentId: null,
    });
    expect(h.outcomes.get(2)).toEqual({
      kind: "error",
      detail: "Request number is not a valid bill of lading number.",
    });
    expect(h.outcomes.get(3)).toMatchObject({ kind: "duplicate", shipmentId: "ship-9" });
  });

  it("on a 429 waits the Retry-After the API gave, then sends the same row again", async () => {
    const h = harness((input, call) =>
      call === 2 ? new ApiError(429, [], "Too Many Requests", "7") : request(input.request_number),
    );
    await expect(submitAll(jobs("A1", "A2", "A3"), h.deps)).resolves.toBe("done");
    expect(h.history).toEqual(["A1", "A2", "A2", "A3"]);
    expect(h.sleeps).toEqual([7000]);
    expect(h.pauses).toEqual([1_007_000, null]);
    expect([...h.outcomes.values()].map((o) => o.kind)).toEqual(["created", "created", "created"]);
  });

  it("waits a minute when a 429 does not say how long", async () => {
    const h = harness((input, call) =>
      call === 1 ? new ApiError(429, [], "") : request(input.request_number),
    );
    await submitAll(jobs("A1"), h.deps);
    expect(h.sleeps).toEqual([60_000]);
  });

  it("reports network trouble and 5xx as errors of that row and goes on", async () => {
    const h = harness((input) =>
      input.request_number === "A1"
        ? new TypeError("Failed to fetch")
        : input.request_number === "A2"
          ? new ApiError(503, [], "The API answered 503 Service Unavailable.")
          : request(input.request_number),
    );
    await submitAll(jobs("A1", "A2", "A3"), h.deps);
    expect(h.outcomes.get(0)).toEqual({ kind: "error", detail: "Failed to fetch" });
    expect(h.outcomes.get(1)).toEqual({ kind: "error", detail: "The API answered 503 Service Unavailable." });
    expect(h.outcomes.get(2)?.kind).toBe("created");
  });

  it("stops before the next row when asked, leaving it unsent", async () => {
    const h = harness((input) => {
      if (input.request_number === "A2") h.controller.abort();
      return request(input.request_number);
    });
    await expect(submitAll(jobs("A1", "A2", "A3"), h.deps)).resolves.toBe("stopped");
    expect(h.history).toEqual(["A1", "A2"]);
    expect(h.outcomes.get(1)?.kind).toBe("created");
    expect(h.outcomes.has(2)).toBe(false);
  });

  it("stops during a wait for the rate limit, and the row waits to be sent again", async () => {
    const h = harness(() => new ApiError(429, [], "", "30"));
    h.deps.sleep = async () => {
      throw new DOMException("Stopped", "AbortError");
    };
    await expect(submitAll(jobs("A1", "A2"), h.deps)).resolves.toBe("stopped");
    expect(h.outcomes.get(0)).toEqual({ kind: "waiting" });
    expect(h.pauses).toEqual([1_030_000, null]);
  });

  it("stops everything when the key is refused", async () => {
    const h = harness(() => new ApiError(401, [], "Unauthorized"));
    await expect(submitAll(jobs("A1", "A2"), h.deps)).resolves.toBe("signed_out");
    expect(h.history).toEqual(["A1"]);
    expect(h.outcomes.get(0)?.kind).toBe("error");
  });
});
