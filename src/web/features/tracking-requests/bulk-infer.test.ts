// Unit tests of asking infer_number about many numbers: each once, a 429 waited out, a refusal passed on.
import { describe, expect, it } from "vitest";
import type { InferNumberResult } from "../../../api/infer-number";
import { ApiError } from "../../lib/api-client";
import { inferEach } from "./bulk-infer";
import type { InferOutcome } from "./bulk-resolve";

const result = { id: "req_1", type: "infer_number_results" } as InferNumberResult;

describe("inferEach", () => {
  it("asks about each number once, waits out a 429, and passes on the API's refusal", async () => {
    const asked: string[] = [];
    const sleeps: number[] = [];
    const outcomes = new Map<string, InferOutcome>();
    let limited = false;
    await inferEach(["A1234", "B1234", "A1234", "12"], {
      infer: async (number) => {
        asked.push(number);
        if (number === "B1234" && !limited) {
          limited = true;
          throw new ApiError(429, [], "Too many", "2");
        }
        if (number === "12") {
          throw new ApiError(
            422,
            [
              {
                status: "422",
                code: "invalid",
                title: "",
                detail: "This reference number is not valid.",
                source: null,
              },
            ],
            "",
          );
        }
        return result;
      },
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      onOutcome: (number, outcome) => outcomes.set(number, outcome),
      signal: new AbortController().signal,
    });
    expect(asked.filter((n) => n === "A1234")).toHaveLength(1);
    expect(asked.filter((n) => n === "B1234")).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
    expect(outcomes.get("A1234")).toEqual({ kind: "answered", result });
    expect(outcomes.get("B1234")).toEqual({ kind: "answered", result });
    expect(outcomes.get("12")).toEqual({ kind: "failed", detail: "This reference number is not valid." });
  });
});
