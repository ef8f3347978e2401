// Unit tests of the MCP answers' free time: the compact clocks, the money at risk and the sentences.
import { describe, expect, it } from "vitest";
import type { Container } from "../../../../api/containers";
import type { FreeTimeState } from "../../../../api/free-time";
import { freeTimeAnswer, freeTimeWords } from "./free-time-answer";

/** A container as these answers read it: only its two clocks. */
const containerFixture = (clocks: { demurrage: FreeTimeState | null; detention: FreeTimeState | null }) =>
  ({ attributes: clocks }) as unknown as Container;

const clock = (changes: Partial<FreeTimeState>): FreeTimeState => ({
  kind: "demurrage",
  tariff_id: "published-maeu-demurrage-40",
  tariff_source: "published",
  currency: "USD",
  free_days: 4,
  free_days_source: "tariff",
  counts_from: "discharge",
  status: "running",
  started_at: "2026-11-10T18:00:00.000Z",
  awaiting_return: false,
  stopped_at: null,
  last_free_day: "2026-11-13",
  timezone: "America/Los_Angeles",
  days_used: 11,
  days_left: 0,
  days_charged: 7,
  charges_so_far: 1920,
  charges_tomorrow: 2415,
  charges_at_risk: 2755,
  ...changes,
});

describe("free time answers", () => {
  it("gives the days, the last free day in its zone and the amounts, and the money at risk", () => {
    const container = containerFixture({
      demurrage: clock({}),
      detention: clock({
        kind: "detention",
        counts_from: "pickup",
        status: "not_started",
        started_at: null,
        last_free_day: null,
        days_used: 0,
        days_left: 4,
        days_charged: 0,
        charges_so_far: 0,
        charges_tomorrow: 0,
        charges_at_risk: 0,
      }),
    });
    expect(freeTimeAnswer(container)).toMatchObject({
      demurrage: {
        days_charged: 7,
        last_free_day: "2026-11-13",
        time_zone: "America/Los_Angeles",
        charges_so_far: "USD 1,920.00",
        charges_tomorrow: "USD 2,415.00",
        tariff: "published",
      },
      detention: { status: "not_started", free_days: 4 },
      money_at_risk: "USD 2,755.00",
    });
    expect(freeTimeWords(container)).toBe(
      "Demurrage: 7 days charged, last free day 2026-11-13 (America/Los_Angeles); USD 1,920.00 so far, USD 2,415.00 by tomorrow. Detention (empty return): 4 free days from pickup, not started.",
    );
  });

  it("says nothing when no tariff applies", () => {
    const container = containerFixture({ demurrage: null, detention: null });
    expect(freeTimeAnswer(container)).toEqual({ demurrage: null, detention: null, money_at_risk: null });
    expect(freeTimeWords(container)).toBe("");
  });
});
