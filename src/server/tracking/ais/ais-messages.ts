// Decodes an assembled AIS payload into what the positions source needs: position reports (types 1, 2, 3, 18
// and 19) and static data (type 5, type 24 parts A and B). The library decodes the bits; this module checks
// that the payload is long enough for its type (the library reads missing bits as NaN), maps "not available"
// codes to null, and decodes type 19, which the library does not know, with the library's own bit field.
import {
  AisBitField,
  AisMessage5,
  AisMessage18,
  AisMessage24,
  AisMessage123,
  aisFormat,
} from "./decoder-library";

export interface AisPositionReport {
  kind: "position";
  type: 1 | 2 | 3 | 18 | 19;
  mmsi: string;
  /** Null when not available (91) or out of range: such a report is decoded and counted, then dropped. */
  latitude: number | null;
  /** Null when not available (181) or out of range. */
  longitude: number | null;
  /** Knots; null when the transponder says it is not available (102.3). */
  speedKnots: number | null;
  /** Degrees; null when not available (360). */
  courseDegrees: number | null;
  /** True heading in degrees; null when not available (511). */
  headingDegrees: number | null;
  /** The second of the minute the report was made, when the transponder gives it (0–59). */
  utcSecond: number | null;
}

export interface AisStaticData {
  kind: "static";
  type: 5 | 24;
  mmsi: string;
  /** Seven digits, only from type 5 and only when not zero. */
  imo: string | null;
  name: string | null;
  callSign: string | null;
  destination: string | null;
  /** Month, day, hour and minute as sent (UTC, no year); null when not available. */
  eta: { month: number; day: number; hour: number; minute: number } | null;
}

export type AisDecoded =
  | AisPositionReport
  | AisStaticData
  /** A message type this source has no use for (base stations, safety text, …): counted, not decoded. */
  | { kind: "other"; type: number }
  /** Too short for its type, or a field the standard does not allow: counted as malformed. */
  | { kind: "invalid"; type: number; reason: string };

/** Minimum payload lengths in bits. Type 5 is 424 bits, but many transponders send 420 (the last 4 are spare). */
const MIN_BITS: Record<number, number> = { 1: 168, 2: 168, 3: 168, 18: 168, 19: 312, 5: 420, 24: 160 };

export function decodeAisPayload(payload: string, fillBits: number): AisDecoded {
  const bits = new AisBitField(payload);
  const type = bits.getInt(0, 6);
  const min = MIN_BITS[type];
  if (min === undefined) return { kind: "other", type };
  const length = payload.length * 6 - fillBits;
  if (length < min) return { kind: "invalid", type, reason: `${length} bits, type ${type} needs ${min}` };
  try {
    switch (type) {
      case 1:
      case 2:
      case 3:
        return position(type, new AisMessage123(type, "", bits));
      case 18:
        return position(type, new AisMessage18(type, "", bits));
      case 19:
        return position(type, type19(bits));
      case 5:
        return staticData5(new AisMessage5(type, "", bits));
      default:
        return staticData24(new AisMessage24(type, "", bits));
    }
  } catch (error) {
    // The library throws on a type 24 part number other than A or B.
    return { kind: "invalid", type, reason: error instanceof Error ? error.message : String(error) };
  }
}

interface PositionFields {
  mmsi: number;
  lat: number | null;
  lon: number | null;
  speedOverGround: number | null;
  courseOverGround: number | null;
  heading: number | null;
  utcSecond: number;
}

function position(type: AisPositionReport["type"], m: PositionFields): AisDecoded {
  const { lat, lon } = m;
  // Out-of-range values other than the "not available" codes are as unusable as those codes.
  const latitude = lat !== null && Math.abs(lat) <= 90 ? lat : null;
  const longitude = lon !== null && Math.abs(lon) <= 180 ? lon : null;
  return {
    kind: "position",
    type,
    mmsi: String(m.mmsi),
    latitude,
    longitude,
    speedKnots: m.speedOverGround !== null && m.speedOverGround <= 102.2 ? m.speedOverGround : null,
    courseDegrees: m.courseOverGround !== null && m.courseOverGround < 360 ? m.courseOverGround : null,
    headingDegrees: m.heading !== null && m.heading < 360 ? m.heading : null,
    utcSecond: m.utcSecond < 60 ? m.utcSecond : null,
  };
}

/** Type 19 (extended class B position report): type 18's layout up to the time stamp, then name and size. */
function type19(bits: AisBitField): PositionFields {
  return {
    mmsi: bits.getInt(8, 30),
    speedOverGround: aisFormat.speedOverGround(bits.getInt(46, 10)),
    lon: aisFormat.longitude(bits.getSignedInt(57, 28)),
    lat: aisFormat.latitude(bits.getSignedInt(85, 27)),
    courseOverGround: aisFormat.courseOverGround(bits.getInt(112, 12)),
    heading: aisFormat.heading(bits.getInt(124, 9)),
    utcSecond: bits.getInt(133, 6),
  };
}

const text = (s: string | undefined): string | null => (s?.trim() ? s.trim() : null);

function staticData5(m: InstanceType<typeof AisMessage5>): AisStaticData {
  const { etaMonth, etaDay, etaHour, etaMinute } = m as {
    etaMonth: number | null;
    etaDay: number | null;
    etaHour: number | null;
    etaMinute: number | null;
  };
  const eta =
    etaMonth !== null && etaDay !== null && etaHour !== null && etaMinute !== null
      ? { month: etaMonth, day: etaDay, hour: etaHour, minute: etaMinute }
      : null;
  return {
    kind: "static",
    type: 5,
    mmsi: String(m.mmsi),
    imo: m.imo > 0 ? String(m.imo).padStart(7, "0") : null,
    name: text(m.name),
    callSign: text(m.callsign),
    destination: text(m.destination),
    eta,
  };
}

function staticData24(m: InstanceType<typeof AisMessage24>): AisStaticData {
  return {
    kind: "static",
    type: 24,
    mmsi: String(m.mmsi),
    imo: null,
    name: text(m.name),
    callSign: text(m.callsign),
    destination: null,
    eta: null,
  };
}
