// Inland moves by rail from North American ports: which ramps each port's railroads serve, and how long the train takes.
import { MINUTE } from "../../../api/durations";
import { haversineNm } from "../../geo/route-geometry";
import type { CarrierTerminal } from "../carrier-adapter";
import { port } from "./places";

export interface RailMove {
  /** Inland port (rail hub) of the reference data. */
  destination: string;
  /** SCAC of the railroad. */
  railroad: string;
}

/** Destinations each railroad serves from a port, as real intermodal schedules offer them. */
const RAIL_MOVES: Readonly<Record<string, readonly RailMove[]>> = {
  USLAX: [
    { destination: "USCHI", railroad: "BNSF" },
    { destination: "USCHI", railroad: "UPRR" },
    { destination: "USDAL", railroad: "UPRR" },
    { destination: "USFWT", railroad: "BNSF" },
    { destination: "USMKC", railroad: "BNSF" },
    { destination: "USMEM", railroad: "BNSF" },
    { destination: "USSLC", railroad: "UPRR" },
    { destination: "USDEN", railroad: "UPRR" },
    { destination: "USPHX", railroad: "UPRR" },
  ],
  USLGB: [
    { destination: "USCHI", railroad: "UPRR" },
    { destination: "USCHI", railroad: "BNSF" },
    { destination: "USDAL", railroad: "UPRR" },
    { destination: "USMEM", railroad: "UPRR" },
    { destination: "USMKC", railroad: "BNSF" },
    { destination: "USELP", railroad: "UPRR" },
  ],
  USOAK: [
    { destination: "USSLC", railroad: "UPRR" },
    { destination: "USDEN", railroad: "UPRR" },
    { destination: "USCHI", railroad: "BNSF" },
  ],
  USSEA: [
    { destination: "USCHI", railroad: "BNSF" },
    { destination: "USMES", railroad: "BNSF" },
  ],
  USTIW: [
    { destination: "USCHI", railroad: "BNSF" },
    { destination: "USCHI", railroad: "UPRR" },
    { destination: "USOMA", railroad: "UPRR" },
  ],
  CAPRR: [
    { destination: "USCHI", railroad: "CN" },
    { destination: "USMEM", railroad: "CN" },
    { destination: "USDET", railroad: "CN" },
    { destination: "CATOR", railroad: "CN" },
  ],
  CAVAN: [
    { destination: "CATOR", railroad: "CN" },
    { destination: "USCHI", railroad: "CP" },
    { destination: "USMES", railroad: "CP" },
  ],
  USNYC: [
    { destination: "USCHI", railroad: "NS" },
    { destination: "USCHI", railroad: "CSXT" },
    { destination: "USCMH", railroad: "NS" },
    { destination: "USCLE", railroad: "CSXT" },
    { destination: "USHAR", railroad: "NS" },
    { destination: "USPIT", railroad: "NS" },
    { destination: "USDET", railroad: "NS" },
  ],
  USORF: [
    { destination: "USCMH", railroad: "NS" },
    { destination: "USCHI", railroad: "NS" },
    { destination: "USCHI", railroad: "CSXT" },
  ],
  USSAV: [
    { destination: "USATL", railroad: "NS" },
    { destination: "USATL", railroad: "CSXT" },
    { destination: "USCLT", railroad: "NS" },
    { destination: "USMEM", railroad: "NS" },
  ],
  USCHS: [
    { destination: "USCLT", railroad: "NS" },
    { destination: "USATL", railroad: "CSXT" },
  ],
  USBAL: [
    { destination: "USCMH", railroad: "CSXT" },
    { destination: "USCHI", railroad: "CSXT" },
  ],
  USHOU: [
    { destination: "USDAL", railroad: "UPRR" },
    { destination: "USFWT", railroad: "BNSF" },
    { destination: "USMEM", railroad: "UPRR" },
    { destination: "USCHI", railroad: "UPRR" },
  ],
  USJAX: [
    { destination: "USATL", railroad: "CSXT" },
    { destination: "USBNA", railroad: "CSXT" },
  ],
  CAHAL: [
    { destination: "CATOR", railroad: "CN" },
    { destination: "USCHI", railroad: "CN" },
  ],
};

export function railMovesFrom(pod: string): readonly RailMove[] {
  return RAIL_MOVES[pod] ?? [];
}

/** From departure at the port's rail yard to arrival at the ramp: 18 h of yard time, then ~23 mph (20 knots) of track. */
export function railTransitMs(pod: string, destination: string): number {
  const a = port(pod);
  const b = port(destination);
  const nm = haversineNm({ lat: a.latitude, lon: a.longitude }, { lat: b.latitude, lon: b.longitude });
  return Math.round((18 + nm / 20) * 60) * MINUTE;
}

/** The railroads' own names for their big intermodal ramps. */
const RAMP_NAMES: Readonly<Record<string, string>> = {
  "BNSF/USCHI": "BNSF Logistics Park Chicago",
  "UPRR/USCHI": "UP Global IV",
  "NS/USCHI": "NS Landers Yard",
  "CSXT/USCHI": "CSX Bedford Park",
  "CN/USCHI": "CN Harvey Intermodal",
  "CP/USCHI": "CPKC Bensenville Intermodal",
  "UPRR/USDAL": "UP Dallas Intermodal Terminal",
  "BNSF/USFWT": "BNSF Alliance Intermodal",
  "BNSF/USMKC": "BNSF Logistics Park Kansas City",
  "BNSF/USMEM": "BNSF Memphis Intermodal",
  "UPRR/USMEM": "UP Marion Intermodal",
  "NS/USMEM": "NS Rossville Intermodal",
  "CN/USMEM": "CN Memphis Intermodal",
  "UPRR/USSLC": "UP Salt Lake City Intermodal",
  "UPRR/USDEN": "UP Denver Intermodal",
  "UPRR/USPHX": "UP Phoenix Intermodal",
  "UPRR/USELP": "UP El Paso Intermodal",
  "BNSF/USMES": "BNSF Midway Intermodal",
  "CP/USMES": "CPKC Shoreham Intermodal",
  "UPRR/USOMA": "UP Council Bluffs Intermodal",
  "NS/USCMH": "NS Rickenbacker Intermodal",
  "CSXT/USCMH": "CSX Columbus Intermodal",
  "CSXT/USCLE": "CSX Collinwood Intermodal",
  "NS/USHAR": "NS Harrisburg Intermodal",
  "NS/USPIT": "NS Pitcairn Intermodal",
  "NS/USDET": "NS Livernois Intermodal",
  "CN/USDET": "CN Ferndale Intermodal",
  "NS/USATL": "NS Austell Intermodal",
  "CSXT/USATL": "CSX Fairburn Intermodal",
  "NS/USCLT": "NS Charlotte Regional Intermodal",
  "CSXT/USBNA": "CSX Nashville Intermodal",
  "CN/CATOR": "CN Brampton Intermodal",
};

export function rampOf(move: RailMove): CarrierTerminal {
  const name =
    RAMP_NAMES[`${move.railroad}/${move.destination}`] ??
    `${move.railroad} ${port(move.destination).city} Intermodal`;
  return { locode: move.destination, name, nickname: null, firmsCode: null };
}
