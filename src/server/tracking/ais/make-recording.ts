// Makes fixtures/recorded.nmea: an hour of AIS as a receiver would serve it, from the sandbox's positions of the
// vessels of one shipment (recording-plan.ts), encoded with ggencoder's AIS encoder. Run it with
// `npx tsx src/server/tracking/ais/make-recording.ts` after changing the plan or the sandbox's ships.
//
// Vessel A reports type 1 under the MMSI the sandbox gives it; vessel B reports type 3 under another MMSI (as
// after a change of flag), so only its type 5 ties it to its IMO; vessel C, a ship of no tracked shipment,
// reports type 18. Each sends a type 5 (split into two fragments, as on air: ggencoder writes one over-long
// sentence) and reports once a minute. The bad input of RECORDING_FAULTS is put in between. Every line carries
// an NMEA 4.0 tag block with the time it was heard. ggencoder leaves the time stamp at 60 (not available).
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { MINUTE } from "../../../api/durations";
import type { CarrierVesselPosition } from "../carrier-adapter";
import { allShips } from "../sandbox/fleet";
import { nmeaChecksum, nmeaLine, readNmeaLine } from "./nmea-sentence";
import { RECORDING_MINUTES, RECORDING_START, recordingShipment } from "./recording-plan";

interface GgEncoded {
  valid: boolean;
  nmea: string;
}
const require = createRequire(import.meta.url);
const { AisEncode } = require("ggencoder") as { AisEncode: new (msg: Record<string, unknown>) => GgEncoded };

const OUT = fileURLToPath(new URL("./fixtures/recorded.nmea", import.meta.url));

function encode(msg: Record<string, unknown>): { payload: string; fillBits: number } {
  const encoded = new AisEncode(msg);
  if (!encoded.valid) throw new Error(`ggencoder could not encode ${JSON.stringify(msg)}`);
  const read = readNmeaLine(encoded.nmea);
  if (read.kind !== "sentence") throw new Error(`ggencoder wrote a bad sentence: ${encoded.nmea}`);
  return { payload: read.sentence.payload, fillBits: read.sentence.fillBits };
}

/** One message as the lines a receiver sends: split into fragments of at most 60 payload characters. */
function lines(msg: Record<string, unknown>, at: Date, sequenceId: string, station = "rx-1"): string[] {
  const { payload, fillBits } = encode(msg);
  const parts = payload.match(/.{1,60}/g) ?? [];
  return parts.map((part, i) =>
    nmeaLine(
      {
        kind: "AIVDM",
        fragmentCount: parts.length,
        fragmentNumber: i + 1,
        sequenceId: parts.length > 1 ? sequenceId : "",
        channel: "A",
        payload: part,
        fillBits: i === parts.length - 1 ? fillBits : 0,
      },
      at,
      station,
    ),
  );
}

/** The sandbox reports every ten minutes; a transponder reports far more often: in between, along the line. */
function positionAt(track: CarrierVesselPosition[], at: number): CarrierVesselPosition {
  const next = track.findIndex((p) => p.at.getTime() >= at);
  const b = track[Math.max(0, next)]!;
  const a = track[Math.max(0, next - 1)] ?? b;
  const span = b.at.getTime() - a.at.getTime();
  const f = span > 0 ? (at - a.at.getTime()) / span : 0;
  return {
    ...b,
    at: new Date(at),
    latitude: a.latitude + f * (b.latitude - a.latitude),
    longitude: a.longitude + f * (b.longitude - a.longitude),
  };
}

const { number, vessels, sandbox } = recordingShipment();
const [vesselA, vesselB] = vessels as [(typeof vessels)[0], (typeof vessels)[0]];
const onShipment = new Set(vessels.map((v) => v.imo));
const vesselC = allShips().find((s) => !onShipment.has(s.imo))!;
/** B's transponder announces a new MMSI (its last digit changed): only its type 5 ties it to its IMO. */
const mmsiB = `${vesselB.mmsi.slice(0, 8)}${(Number(vesselB.mmsi.at(-1)) + 1) % 10}`;
const ships = [
  { vessel: vesselA, mmsi: vesselA.mmsi, type: 1 },
  { vessel: vesselB, mmsi: mmsiB, type: 3 },
  { vessel: vesselC, mmsi: vesselC.mmsi, type: 18 },
];

const start = RECORDING_START.getTime();
const end = start + RECORDING_MINUTES * MINUTE;
const tracks = ships.map((s) =>
  sandbox.positionsNow(s.vessel.imo, new Date(start - 10 * MINUTE), new Date(end + 10 * MINUTE)),
);

const out: string[] = [];
ships.forEach((s, i) => {
  out.push(
    ...lines(
      {
        aistype: 5,
        mmsi: Number(s.mmsi),
        imo: Number(s.vessel.imo),
        callsign: `CALL${i}`,
        shipname: s.vessel.name.toUpperCase().slice(0, 20),
        cargo: 70,
        dimA: 200,
        dimB: 100,
        dimC: 20,
        dimD: 20,
        etaMo: 11,
        etaDay: 25,
        etaHr: 6,
        etaMin: 0,
        draught: 12.5,
        destination: "USLAX",
      },
      new Date(start - MINUTE + i * 1000),
      String(i + 1),
    ),
  );
});

for (let at = start, minute = 0; at < end; at += MINUTE, minute++) {
  ships.forEach((s, i) => {
    const p = positionAt(tracks[i]!, at);
    const report = {
      aistype: s.type,
      mmsi: Number(s.mmsi),
      lat: p.latitude,
      lon: p.longitude,
      sog: p.speedKnots ?? 0,
      cog: p.headingDegrees ?? 0,
      hdg: Math.round(p.headingDegrees ?? 0) % 360,
    };
    out.push(...lines(report, new Date(at + i * 1000), ""));
    // The duplicate: vessel A's first report, heard by a second receiver in the same second.
    if (minute === 0 && i === 0) out.push(...lines(report, new Date(at), "", "rx-2"));
  });
  if (minute === 3) out.push("this is not NMEA");
  if (minute === 7) out.push("!AIVDM,1,1,,A,13u?etPv2;0n:dDPwUM1U1Cb069D,0");
  if (minute === 11) {
    // A payload too short for a position report, with a right checksum.
    const body = "AIVDM,1,1,,A,13u?et,0";
    out.push(`!${body}*${nmeaChecksum(body)}`);
  }
  if (minute === 15) {
    const good = lines(
      { aistype: 1, mmsi: Number(vesselA.mmsi), lat: 10, lon: 10, sog: 1, cog: 1 },
      new Date(at),
      "",
    )[0]!;
    out.push(good.replace(/\*([0-9A-F]{2})$/, (_, sum: string) => `*${sum === "00" ? "01" : "00"}`));
  }
  if (minute === 20) {
    // The first fragment of a type 5 whose second never comes.
    out.push(
      lines(
        { aistype: 5, mmsi: Number(vesselC.mmsi), imo: Number(vesselC.imo), shipname: "LOST" },
        new Date(at),
        "9",
      )[0]!,
    );
  }
  if (minute === 25) {
    out.push(
      ...lines(
        { aistype: 21, mmsi: 992_351_000, aid_type: 1, atonname: "BUOY", lat: 1, lon: 1 },
        new Date(at),
        "",
      ),
    );
    // Vessel A with its position "not available".
    out.push(
      ...lines(
        { aistype: 1, mmsi: Number(vesselA.mmsi), lat: 91, lon: 181, sog: 1, cog: 1 },
        new Date(at + 500),
        "",
      ),
    );
  }
}

writeFileSync(OUT, `${out.join("\n")}\n`);
console.log(
  `Wrote ${out.length} lines to ${OUT} (bill of lading ${number}; vessels ${ships.map((s) => `${s.vessel.imo}/${s.mmsi}`).join(", ")})`,
);
