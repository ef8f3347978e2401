// The AIS positions source on its own: which reports it keeps (tracked vessels only, matched by MMSI or by the
// IMO of type 5), deduplication, thinning, its bounds, and what positions() answers.
import { describe, expect, it } from "vitest";
import { AisCounters } from "./ais-counters";
import type { AisPositionReport, AisStaticData } from "./ais-messages";
import { AisPositions, THIN_MS } from "./ais-positions";

const T0 = new Date("2026-11-20T12:00:00Z").getTime();
const MINUTE = 60_000;
const IMO_A = "9074729";
const IMO_B = "9176187";

function setup(table: Record<string, string> = { [IMO_A]: "244123456" }) {
  const counters = new AisCounters();
  let now = T0;
  const reads: string[][] = [];
  const source = new AisPositions({
    counters,
    now: () => new Date(now),
    directory: async (imos) => {
      reads.push(imos);
      return new Map(imos.filter((i) => table[i]).map((i) => [i, table[i]!]));
    },
  });
  return { source, counters, reads, setNow: (t: number) => (now = t) };
}

const report = (mmsi: string, p: Partial<AisPositionReport> = {}): AisPositionReport => ({
  kind: "position",
  type: 1,
  mmsi,
  latitude: 51.9,
  longitude: 4.1,
  speedKnots: 12,
  courseDegrees: 90,
  headingDegrees: 91,
  utcSecond: null,
  ...p,
});
const staticOf = (mmsi: string, imo: string | null): AisStaticData => ({
  kind: "static",
  type: 5,
  mmsi,
  imo,
  name: null,
  callSign: null,
  destination: null,
  eta: null,
});
const window = (source: AisPositions, imo: string) =>
  source.positions(imo, new Date(T0 - 60 * MINUTE), new Date(T0 + 24 * 60 * MINUTE));

describe("AisPositions", () => {
  it("keeps reports of vessels the tracker asks about, matched by the vessels table's MMSI; drops the rest", async () => {
    const { source, counters } = setup();
    source.position(report("244123456"), new Date(T0)); // not asked about yet
    expect(await window(source, IMO_A)).toEqual([]);
    source.position(report("244123456", { latitude: 52 }), new Date(T0 + MINUTE));
    source.position(report("999999999"), new Date(T0 + MINUTE));
    source.position(report("244123456", { latitude: null }), new Date(T0 + 20 * MINUTE));
    expect(await window(source, IMO_A)).toEqual([
      {
        imo: IMO_A,
        at: new Date(T0 + MINUTE),
        latitude: 52,
        longitude: 4.1,
        speedKnots: 12,
        headingDegrees: 91,
      },
    ]);
    expect(counters.positionsMatched).toBe(1);
    expect(counters.positionsUnmatched).toBe(3);
  });

  it("matches by the IMO a transponder announces (type 5), which wins over the table's MMSI", async () => {
    const { source, counters } = setup({ [IMO_A]: "244123456", [IMO_B]: "" });
    await window(source, IMO_A);
    await window(source, IMO_B);
    source.staticData(staticOf("235000001", IMO_B));
    source.staticData(staticOf("235000002", "1234567")); // a bad check digit: ignored
    source.staticData(staticOf("235000003", IMO_A)); // A's new MMSI: the table's one no longer counts
    source.position(report("235000001"), new Date(T0));
    source.position(report("235000002"), new Date(T0));
    source.position(report("244123456"), new Date(T0));
    source.position(report("235000003", { latitude: 10 }), new Date(T0));
    expect((await window(source, IMO_B)).map((p) => p.at)).toEqual([new Date(T0)]);
    expect((await window(source, IMO_A)).map((p) => p.latitude)).toEqual([10]);
    expect(counters.positionsUnmatched).toBe(2);
  });

  it("stores a report heard twice once, and thins to one per THIN_MS unless the course turns", async () => {
    const { source, counters } = setup();
    await window(source, IMO_A);
    const heard = (minute: number, p: Partial<AisPositionReport> = {}) =>
      source.position(
        report("244123456", { latitude: 51.9 + minute / 100, ...p }),
        new Date(T0 + minute * MINUTE),
      );
    heard(0);
    heard(0); // a second receiver
    source.position(report("244123456", { latitude: 51.9 }), new Date(T0 + 20_000)); // same report, 20 s later
    heard(1);
    heard(2, { courseDegrees: 120 }); // turned 30°
    heard(3, { courseDegrees: 125 });
    heard(THIN_MS / MINUTE + 2);
    heard(THIN_MS / MINUTE + 1); // older than the last kept
    const kept = await window(source, IMO_A);
    expect(kept.map((p) => (p.at.getTime() - T0) / MINUTE)).toEqual([0, 2, THIN_MS / MINUTE + 2]);
    expect(counters.positionsDuplicate).toBe(2);
    expect(counters.positionsThinned).toBe(3);
  });

  it("answers only from < at <= to, and forgets what the tracker has stored", async () => {
    const { source } = setup();
    await window(source, IMO_A);
    for (let m = 0; m < 30; m += 5) source.position(report("244123456"), new Date(T0 + m * MINUTE));
    const some = await source.positions(IMO_A, new Date(T0 + 5 * MINUTE), new Date(T0 + 15 * MINUTE));
    expect(some.map((p) => (p.at.getTime() - T0) / MINUTE)).toEqual([10, 15]);
    expect(source.held).toBe(4); // 0 and 5 are stored already
  });

  it("keeps at most 300 reports per vessel, the newest", async () => {
    const { source, counters } = setup();
    await window(source, IMO_A);
    for (let i = 0; i < 310; i++) source.position(report("244123456"), new Date(T0 + i * THIN_MS));
    expect(source.held).toBe(300);
    expect(counters.positionsEvicted).toBe(10);
    const kept = await source.positions(IMO_A, new Date(0), new Date(T0 + 400 * THIN_MS));
    expect(kept[0]!.at).toEqual(new Date(T0 + 10 * THIN_MS));
  });

  it("stops keeping a vessel the tracker no longer asks about, and reads new vessels' MMSIs at once", async () => {
    const { source, counters, reads, setNow } = setup({ [IMO_A]: "244123456", [IMO_B]: "235000001" });
    await window(source, IMO_A);
    await window(source, IMO_B);
    expect(reads).toEqual([[IMO_A], [IMO_B]]);
    setNow(T0 + 11 * MINUTE);
    await window(source, IMO_A);
    setNow(T0 + 22 * MINUTE);
    await window(source, IMO_A); // B was not asked about for a whole period
    source.position(report("235000001"), new Date(T0 + 22 * MINUTE));
    expect(counters.positionsUnmatched).toBe(1);
  });
});
