import { describe, expect, it } from "vitest";
import { ApiCallError } from "./api-caller";
import { answering, timeInZone } from "./tool-result";

describe("timeInZone", () => {
  it("reads a time in the place's zone and names the zone", () => {
    expect(timeInZone("2026-11-26T22:00:00Z", "America/Los_Angeles")).toBe(
      "2026-11-26 14:00 America/Los_Angeles",
    );
    expect(timeInZone("2026-11-26T22:00:00Z", "Asia/Shanghai")).toBe("2026-11-27 06:00 Asia/Shanghai");
  });
  it("names UTC when the zone is unknown, and gives null for no time", () => {
    expect(timeInZone("2026-11-26T22:00:00Z", null)).toBe("2026-11-26 22:00 UTC");
    expect(timeInZone(null, "Asia/Shanghai")).toBeNull();
  });
});

describe("answering", () => {
  it("turns the API's refusal into a tool error with the API's words", async () => {
    const result = await answering(async () => {
      throw new ApiCallError(404, "Container not found.");
    });
    expect(result).toEqual({ isError: true, content: [{ type: "text", text: "Container not found." }] });
  });
  it("throws anything else on", async () => {
    await expect(
      answering(async () => {
        throw new TypeError("bug");
      }),
    ).rejects.toThrow("bug");
  });
});
