import { describe, expect, it } from "vitest";
import { lastPortCall } from "./port-calls";

const line = (event: string, at: string, locationId: string) => ({
  event,
  timestamp: new Date(at),
  locationId,
});

describe("lastPortCall", () => {
  it("is the port of the vessel's latest line, not the port the cargo was loaded at", () => {
    const call = lastPortCall([
      line("vessel_loaded", "2026-11-01T10:00:00Z", "shanghai"),
      line("vessel_departed", "2026-11-02T02:00:00Z", "shanghai"),
      // Another of the account's containers, discharged at a call on the way.
      line("vessel_arrived", "2026-11-20T06:00:00Z", "colombo"),
      line("vessel_berthed", "2026-11-20T09:00:00Z", "colombo"),
      line("vessel_discharged", "2026-11-20T14:00:00Z", "colombo"),
    ]);
    expect(call).toEqual({
      portId: "colombo",
      arrivedAt: new Date("2026-11-20T06:00:00Z"),
      berthedAt: new Date("2026-11-20T09:00:00Z"),
      departedAt: null,
    });
  });

  it("says when the vessel left, and reads only the last visit", () => {
    const call = lastPortCall([
      line("vessel_departed", "2026-11-21T03:00:00Z", "colombo"),
      line("vessel_arrived", "2026-11-20T06:00:00Z", "colombo"),
      line("vessel_departed", "2026-11-02T02:00:00Z", "shanghai"),
      // An earlier visit to the same port, before another call: not part of the last visit.
      line("vessel_arrived", "2026-10-01T02:00:00Z", "colombo"),
    ]);
    expect(call).toEqual({
      portId: "colombo",
      arrivedAt: new Date("2026-11-20T06:00:00Z"),
      berthedAt: null,
      departedAt: new Date("2026-11-21T03:00:00Z"),
    });
  });

  it("knows no call without lines", () => {
    expect(lastPortCall([])).toBeNull();
  });
});
