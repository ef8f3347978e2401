import { describe, expect, it } from "vitest";
import type { ArrivalPrediction } from "../../../api/predicted-arrival";
import { latestMadeAt, lineEtaChangedAt } from "./history-facts";

function made(at: string, carrierEta: string): ArrivalPrediction {
  return {
    id: at,
    type: "arrival_prediction",
    attributes: {
      made_at: at,
      predicted_arrival_at: carrierEta,
      earliest_at: carrierEta,
      latest_at: carrierEta,
      carrier_eta_at: carrierEta,
      reason: "",
    },
  };
}

const FIRST = "2026-12-07T19:56:00.000Z";
const LATER = "2026-12-09T04:00:00Z";

describe("lineEtaChangedAt", () => {
  it("is when the history first shows the current ETA after another one", () => {
    const history = [
      made("2026-11-28T10:00:00Z", FIRST),
      made("2026-11-29T10:00:00Z", LATER),
      made("2026-11-30T10:00:00Z", "2026-12-09T04:00:00.000Z"),
    ];
    expect(lineEtaChangedAt(history, "2026-12-09T04:00:00.000Z")).toBe("2026-11-29T10:00:00Z");
  });

  it("says nothing when the history never shows the ETA moving, or when the line has moved it since", () => {
    const steady = [made("2026-11-28T10:00:00Z", FIRST), made("2026-11-29T10:00:00Z", FIRST)];
    expect(lineEtaChangedAt(steady, FIRST)).toBeNull();
    expect(lineEtaChangedAt(steady, LATER)).toBeNull();
    expect(lineEtaChangedAt([], FIRST)).toBeNull();
    expect(lineEtaChangedAt(steady, null)).toBeNull();
  });
});

describe("latestMadeAt", () => {
  it("is the newest prediction's time", () => {
    expect(latestMadeAt([made("2026-11-28T10:00:00Z", FIRST), made("2026-11-29T10:00:00Z", FIRST)])).toBe(
      "2026-11-29T10:00:00Z",
    );
    expect(latestMadeAt([])).toBeNull();
  });
});
