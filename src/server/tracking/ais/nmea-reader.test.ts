// The reader counts every line and each kind of bad one, decodes the rest, and goes on after anything.
import { describe, expect, it } from "vitest";
import { AisCounters } from "./ais-counters";
import type { AisPositionReport, AisStaticData } from "./ais-messages";
import { encodedLines } from "./encode-for-tests";
import { NmeaReader } from "./nmea-reader";
import { nmeaChecksum } from "./nmea-sentence";

const NOW = new Date("2026-11-20T12:00:00Z");

function reader() {
  const counters = new AisCounters();
  const positions: { report: AisPositionReport; at: Date }[] = [];
  const statics: AisStaticData[] = [];
  const r = new NmeaReader(
    counters,
    { position: (report, at) => positions.push({ report, at }), staticData: (d) => statics.push(d) },
    () => NOW,
  );
  return { r, counters, positions, statics };
}

const position = encodedLines({
  aistype: 1,
  mmsi: 244123456,
  lat: 51.9,
  lon: 4.1,
  sog: 12,
  cog: 90,
  hdg: 91,
})[0]!;
const staticLines = encodedLines({
  aistype: 5,
  mmsi: 244123456,
  imo: 9074729,
  shipname: "EMMA",
  destination: "NLRTM",
});

describe("NmeaReader", () => {
  it("decodes positions and static data, stamped with the reader's time when the line has no tag block", () => {
    const { r, counters, positions, statics } = reader();
    r.line(position);
    for (const l of staticLines) r.line(l);
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({
      at: NOW,
      report: { mmsi: "244123456", latitude: 51.9, headingDegrees: 91 },
    });
    expect(statics).toMatchObject([{ imo: "9074729", name: "EMMA", destination: "NLRTM" }]);
    expect(counters.sentences).toBe(1 + staticLines.length);
    expect(Object.fromEntries(counters.messagesByType)).toEqual({ 1: 1, 5: 1 });
  });

  it("counts malformed lines, bad checksums, short payloads and other types, and reads on after each", () => {
    const { r, counters, positions } = reader();
    r.line("garbage");
    r.line(position.replace(/\*[0-9A-F]{2}$/, (m) => (m === "*00" ? "*01" : "*00")));
    r.line(`!AIVDM,1,1,,A,13u?et,0*${nmeaChecksum("AIVDM,1,1,,A,13u?et,0")}`);
    r.line("x".repeat(5_000));
    r.line(encodedLines({ aistype: 21, mmsi: 992351000, aid_type: 1, atonname: "BUOY", lat: 1, lon: 1 })[0]!);
    r.line(position);
    expect(counters.sentences).toBe(6);
    expect(counters.malformed).toBe(3);
    expect(counters.badChecksums).toBe(1);
    expect(counters.messagesByType.get(21)).toBe(1);
    expect(positions).toHaveLength(1);
  });

  it("counts a multi-part message that never completes once 30 s have passed", () => {
    const { r, counters, statics } = reader();
    r.line(staticLines[0]!);
    expect(counters.fragmentsExpired).toBe(0);
    const later = new Date(NOW.getTime() + 31_000);
    for (const l of encodedLines({ aistype: 1, mmsi: 1, lat: 1, lon: 1 }, later)) r.line(l);
    expect(counters.fragmentsExpired).toBe(1);
    expect(statics).toHaveLength(0);
  });

  it("joins lines split across stream chunks, and splits datagrams holding several lines", () => {
    const { r, counters, positions } = reader();
    const text = `${position}\r\n${position}\n`;
    r.chunk(text.slice(0, 10));
    r.chunk(text.slice(10, 50));
    r.chunk(text.slice(50));
    r.datagram(`${position}\r\n${position}`);
    expect(counters.sentences).toBe(4);
    expect(positions).toHaveLength(4);
    // A cut connection's unfinished line is dropped, not glued to the next connection's.
    r.chunk(position.slice(0, 20));
    r.reset();
    r.chunk(`${position}\n`);
    expect(counters.malformed).toBe(0);
    expect(positions).toHaveLength(5);
  });

  it("survives a sink that throws: the line counts as malformed and the feed goes on", () => {
    const counters = new AisCounters();
    let seen = 0;
    const r = new NmeaReader(
      counters,
      {
        position: () => {
          seen++;
          if (seen === 1) throw new Error("boom");
        },
        staticData: () => {},
      },
      () => NOW,
    );
    r.line(position);
    r.line(position);
    expect(seen).toBe(2);
    expect(counters.malformed).toBe(1);
  });
});
