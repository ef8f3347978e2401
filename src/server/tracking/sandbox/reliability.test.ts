// The sandbox's simulated year holds the published schedule-reliability ranges the README states.
import { describe, expect, it } from "vitest";
import { measureShipment, sampleShipments, summarize } from "./reliability";

describe("the sandbox's schedule reliability over 2026", () => {
  const figures = summarize(sampleShipments(400, Date.UTC(2026, 0, 1)).map(measureShipment));

  it("is on time 50–65 % of the time, with late shipments 3–7 days late on average", () => {
    expect(figures.onTimeShare).toBeGreaterThanOrEqual(0.5);
    expect(figures.onTimeShare).toBeLessThanOrEqual(0.65);
    expect(figures.lateMeanDays).toBeGreaterThanOrEqual(3);
    expect(figures.lateMeanDays).toBeLessThanOrEqual(7);
  });

  it("moves the line's arrival estimate 5–15 times per shipment", () => {
    expect(figures.etaChangesMedian).toBeGreaterThanOrEqual(5);
    expect(figures.etaChangesMedian).toBeLessThanOrEqual(15);
  });
});
