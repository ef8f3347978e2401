// The one sentence a voyage exception is told in, on the API, the container page and the alerts.
import { describe, expect, it } from "vitest";
import { dayWordsIn, describeVoyageException, exceptionTimeZone } from "./voyage-exceptions";

const shanghai = { locode: "CNSHA", name: "Shanghai", time_zone: "Asia/Shanghai" };
const singapore = { locode: "SGSIN", name: "Singapore", time_zone: "Asia/Singapore" };
const none = {
  vessel: null,
  voyage_number: null,
  previous_vessel: null,
  previous_voyage_number: null,
  departure_at: null,
  previous_departure_at: null,
};

describe("describeVoyageException", () => {
  it("tells a roll with both sailings in the port's calendar and how much later", () => {
    const roll = {
      ...none,
      kind: "rolled" as const,
      location: shanghai,
      previous_location: shanghai,
      vessel: { name: "MSC ANNA", imo: "9546215" },
      voyage_number: "934E",
      previous_vessel: { name: "MSC GULSUN", imo: "9047415" },
      previous_voyage_number: "933E",
      // 23:08 UTC is the next morning in Shanghai.
      departure_at: "2026-12-09T23:08:00.000Z",
      previous_departure_at: "2026-12-02T23:08:00.000Z",
    };
    expect(describeVoyageException(roll, dayWordsIn(exceptionTimeZone(roll)))).toBe(
      "Rolled to a later vessel at Shanghai: was MSC GULSUN 933E leaving 3 Dec 2026, now MSC ANNA 934E leaving 10 Dec 2026 (7 days later).",
    );
  });

  it("tells a swap without a delay", () => {
    const swap = {
      ...none,
      kind: "vessel_swap" as const,
      location: singapore,
      previous_location: singapore,
      vessel: { name: "EVER ACE", imo: null },
      previous_vessel: { name: "EVER GIVEN", imo: null },
      departure_at: "2026-12-09T10:00:00.000Z",
      previous_departure_at: "2026-12-09T02:00:00.000Z",
    };
    expect(describeVoyageException(swap, dayWordsIn("UTC"))).toBe(
      "Vessel swapped at Singapore: was EVER GIVEN leaving 9 Dec 2026, now EVER ACE leaving 9 Dec 2026.",
    );
  });

  it("tells a port call replaced, dropped or added", () => {
    const day = dayWordsIn("UTC");
    const call = { ...none, kind: "port_call_changed" as const };
    expect(describeVoyageException({ ...call, location: shanghai, previous_location: singapore }, day)).toBe(
      "Port call changed: Singapore replaced by Shanghai.",
    );
    expect(describeVoyageException({ ...call, location: null, previous_location: singapore }, day)).toBe(
      "Port call changed: the call at Singapore was dropped.",
    );
    expect(describeVoyageException({ ...call, location: singapore, previous_location: null }, day)).toBe(
      "Port call changed: a call at Singapore was added.",
    );
  });
});
