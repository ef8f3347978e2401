// Decoding payloads, on sentences from public samples (the decoder's README, gpsd's test data, ggencoder's README):
// each position type, static data, "not available" values, types this source ignores, and payloads too short.
import { describe, expect, it } from "vitest";
import { decodeAisPayload } from "./ais-messages";
import { readNmeaLine } from "./nmea-sentence";

function decode(...lines: string[]) {
  const payloads = lines.map((l) => {
    const read = readNmeaLine(l);
    if (read.kind !== "sentence") throw new Error(`bad sample ${l}`);
    return read.sentence;
  });
  return decodeAisPayload(payloads.map((p) => p.payload).join(""), payloads.at(-1)!.fillBits);
}

describe("decodeAisPayload", () => {
  it("decodes a class A position report (type 1), heading 511 as absent", () => {
    expect(decode("!AIVDM,1,1,,B,133i;RPP1DPEbcDMV@1r:Ow:2>`<,0*41")).toEqual({
      kind: "position",
      type: 1,
      mmsi: "205278090",
      latitude: 51.725665,
      longitude: 4.73319,
      speedKnots: 8.4,
      courseDegrees: 260.1,
      headingDegrees: null,
      utcSecond: 37,
    });
  });

  it("decodes type 19 (extended class B), which the library itself does not", () => {
    expect(decode("!AIVDM,1,1,,B,C5N3SRgPEnJGEBT>NhWAwwo862PaLELTBJ:V00000000S0D:R220,0*0B")).toMatchObject({
      kind: "position",
      type: 19,
      mmsi: "367059850",
      latitude: 29.543695,
      speedKnots: 8.7,
      courseDegrees: 335.9,
      headingDegrees: null,
      utcSecond: 46,
    });
  });

  it("decodes static data: type 5 (two fragments: IMO, name, call sign, destination, ETA) and type 24 A and B", () => {
    expect(
      decode(
        "!AIVDM,2,1,7,A,57lof8`2F5HeT<eC:204e86373:222222222221@8HQC16Ch0:RA7kAD,0*28",
        "!AIVDM,2,2,7,A,PBp888888888880,2*79",
      ),
    ).toEqual({
      kind: "static",
      type: 5,
      mmsi: "525200930",
      imo: "9835915",
      name: "AKRA 102",
      callSign: "YCKT2",
      destination: "ID_MERAK",
      eta: { month: 9, day: 7, hour: 16, minute: 0 },
    });
    expect(decode("!AIVDM,1,1,,A,H42O55i18tMET00000000000000,2*6D")).toMatchObject({
      type: 24,
      mmsi: "271041815",
      name: "PROGUY",
    });
    expect(decode("!AIVDM,1,1,,A,H42O55lti4hhhilD3nink000?050,0*40")).toMatchObject({
      type: 24,
      callSign: "TC6163",
    });
  });

  it("treats lat 91, lon 181, SOG 102.3 and heading 511 as absent (ggencoder-made report)", async () => {
    const { createRequire } = await import("node:module");
    const { AisEncode } = createRequire(import.meta.url)("ggencoder") as {
      AisEncode: new (m: object) => { nmea: string };
    };
    const line = new AisEncode({
      aistype: 1,
      mmsi: 123456789,
      lat: 91,
      lon: 181,
      sog: 102.3,
      cog: 10,
      hdg: 511,
    }).nmea;
    expect(decode(line)).toMatchObject({
      latitude: null,
      longitude: null,
      speedKnots: null,
      headingDegrees: null,
    });
  });

  it("counts other types without decoding them, and refuses payloads too short for their type", () => {
    expect(decodeAisPayload("402R3WiuvJ<mSPhAkrJ6C<?00000", 0)).toEqual({ kind: "other", type: 4 });
    expect(decodeAisPayload("133i;RPP1DPEbc", 0)).toMatchObject({ kind: "invalid", type: 1 });
    expect(decodeAisPayload("57lof8`2F5HeT<eC:204e86373:222222222221@8HQC16Ch0:RA7kAD", 0)).toMatchObject({
      kind: "invalid",
      type: 5,
    });
  });
});
