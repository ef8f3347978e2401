// Unit tests of the live stream's reconnect waits: they grow, they stop growing, and they are spread out.
import { describe, expect, it } from "vitest";
import { STREAM_RETRY_MS } from "../../api/stream";
import { RETRY_MAX_MS, retryDelayMs } from "./live-backoff";

describe("the wait before reconnecting", () => {
  it("starts between half and all of the service's retry interval", () => {
    expect(retryDelayMs(1, () => 0)).toBe(STREAM_RETRY_MS / 2);
    expect(retryDelayMs(1, () => 1)).toBe(STREAM_RETRY_MS);
  });

  it("doubles with each failure in a row", () => {
    expect(retryDelayMs(2, () => 1)).toBe(STREAM_RETRY_MS * 2);
    expect(retryDelayMs(4, () => 1)).toBe(STREAM_RETRY_MS * 8);
  });

  it("never exceeds a minute, however long the service is down", () => {
    expect(retryDelayMs(50, () => 1)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(1000, () => 0.5)).toBeLessThanOrEqual(RETRY_MAX_MS);
  });

  it("spreads tabs cut off together over the window instead of one instant", () => {
    const waits = [0, 0.25, 0.5, 0.75].map((r) => retryDelayMs(3, () => r));
    expect(new Set(waits).size).toBe(4);
  });
});
