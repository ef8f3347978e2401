// Unit tests of how often a view of tracking requests asks again.
import { describe, expect, it } from "vitest";
import type { TrackingRequestStatus } from "../../../api/tracking-request-statuses";
import type { TrackingRequest } from "./contract";
import { AWAITING_POLL_MS, PENDING_POLL_MS, pollInterval } from "./queries";

const withStatus = (status: TrackingRequestStatus) =>
  ({ attributes: { status } }) as unknown as TrackingRequest; // only the status is read

describe("pollInterval", () => {
  it("asks every few seconds while a request is pending, rarely while awaiting a manifest, else never", () => {
    expect(pollInterval([withStatus("created"), withStatus("pending")])).toBe(PENDING_POLL_MS);
    expect(pollInterval([withStatus("awaiting_manifest"), withStatus("failed")])).toBe(AWAITING_POLL_MS);
    expect(pollInterval([withStatus("created"), withStatus("failed"), withStatus("tracking_stopped")])).toBe(
      false,
    );
    expect(pollInterval([])).toBe(false);
    expect(PENDING_POLL_MS).toBeLessThanOrEqual(5_000);
  });
});
