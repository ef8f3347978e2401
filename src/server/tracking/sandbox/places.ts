// Ports and terminals of the reference data as the sandbox uses them: look-ups, trade regions, carrier spellings.
import { PORTS, type PortSeed } from "../../db/reference/ports";
import { TERMINALS, type TerminalSeed } from "../../db/reference/terminals";
import type { CarrierPlace, CarrierTerminal } from "../carrier-adapter";
import { hashOf } from "./random";

const PORTS_BY_LOCODE = new Map(PORTS.map((p) => [p.locode, p]));

export function port(locode: string): PortSeed {
  const found = PORTS_BY_LOCODE.get(locode);
  if (!found) throw new Error(`The sandbox names port ${locode}, which is not in the reference ports`);
  return found;
}

/**
 * Trade regions: a shipment crosses from one to another, so a lane whose two ends share a region is a
 * coastal move the lines do not sell (and, between US ports, one the Jones Act reserves to US ships).
 */
export type Region =
  | "north_asia"
  | "southeast_asia"
  | "south_asia"
  | "middle_east"
  | "east_med"
  | "west_med"
  | "north_europe"
  | "west_africa"
  | "southern_africa"
  | "east_africa"
  | "oceania"
  | "north_america_west"
  | "north_america_east"
  | "hawaii"
  | "alaska"
  | "caribbean"
  | "latin_america_west"
  | "latin_america_east";

const REGION_BY_COUNTRY: Readonly<Record<string, Region>> = {
  CN: "north_asia",
  HK: "north_asia",
  TW: "north_asia",
  KR: "north_asia",
  JP: "north_asia",
  SG: "southeast_asia",
  MY: "southeast_asia",
  TH: "southeast_asia",
  VN: "southeast_asia",
  ID: "southeast_asia",
  PH: "southeast_asia",
  KH: "southeast_asia",
  MM: "southeast_asia",
  BD: "south_asia",
  LK: "south_asia",
  IN: "south_asia",
  PK: "south_asia",
  AE: "middle_east",
  OM: "middle_east",
  SA: "middle_east",
  QA: "middle_east",
  BH: "middle_east",
  KW: "middle_east",
  IR: "middle_east",
  IQ: "middle_east",
  IL: "east_med",
  JO: "east_med",
  LB: "east_med",
  EG: "east_med",
  TR: "east_med",
  GR: "east_med",
  RO: "east_med",
  MA: "west_med",
  DZ: "west_med",
  ES: "west_med",
  PT: "west_med",
  IT: "west_med",
  MT: "west_med",
  SI: "west_med",
  HR: "west_med",
  NL: "north_europe",
  BE: "north_europe",
  DE: "north_europe",
  FR: "north_europe",
  GB: "north_europe",
  IE: "north_europe",
  PL: "north_europe",
  LT: "north_europe",
  FI: "north_europe",
  SE: "north_europe",
  DK: "north_europe",
  NG: "west_africa",
  GH: "west_africa",
  CI: "west_africa",
  TG: "west_africa",
  BJ: "west_africa",
  SN: "west_africa",
  CM: "west_africa",
  CG: "west_africa",
  AO: "west_africa",
  NA: "southern_africa",
  ZA: "southern_africa",
  MZ: "southern_africa",
  MU: "southern_africa",
  KE: "east_africa",
  TZ: "east_africa",
  DJ: "east_africa",
  AU: "oceania",
  NZ: "oceania",
  BR: "latin_america_east",
  AR: "latin_america_east",
  UY: "latin_america_east",
  CL: "latin_america_west",
  PE: "latin_america_west",
  EC: "latin_america_west",
  PA: "caribbean",
  JM: "caribbean",
  DO: "caribbean",
  BS: "caribbean",
  CR: "caribbean",
  GT: "caribbean",
  HN: "caribbean",
  PR: "caribbean",
  TT: "caribbean",
};

/** Ports whose coast decides their region where the country alone does not. */
const REGION_BY_PORT: Readonly<Record<string, Region>> = {
  FRMRS: "west_med",
  ESBIO: "north_europe",
  ESLPA: "west_africa",
  RULED: "north_europe",
  RUNVS: "east_med",
  RUVVO: "north_asia",
  COBUN: "latin_america_west",
  COCTG: "caribbean",
  COSMR: "caribbean",
  COBAQ: "caribbean",
  MXZLO: "latin_america_west",
  MXLZC: "latin_america_west",
  MXESE: "latin_america_west",
  MXVER: "caribbean",
  MXATM: "caribbean",
  USHNL: "hawaii",
  USANC: "alaska",
  USLAX: "north_america_west",
  USLGB: "north_america_west",
  USOAK: "north_america_west",
  USSEA: "north_america_west",
  USTIW: "north_america_west",
  USPDX: "north_america_west",
  CAVAN: "north_america_west",
  CAPRR: "north_america_west",
};

export function regionOf(locode: string): Region {
  const byPort = REGION_BY_PORT[locode];
  if (byPort) return byPort;
  const p = port(locode);
  if (p.countryCode === "US" || p.countryCode === "CA") return "north_america_east";
  const byCountry = REGION_BY_COUNTRY[p.countryCode];
  if (!byCountry) throw new Error(`No trade region for port ${locode}`);
  return byCountry;
}

export type PlaceStyle = "title" | "upper";

/** How a carrier spells a place: "Los Angeles, CA" or "Shanghai" in title style, "SHANGHAI, CN" in upper. */
export function carrierPlace(locode: string, style: PlaceStyle): CarrierPlace {
  const p = port(locode);
  // "Nhava Sheva (JNPT)" reads "Nhava Sheva" on a carrier's page: the parenthesis is our gloss.
  const bare = p.name.replace(/\s*\(.*\)\s*$/, "");
  const name =
    style === "upper"
      ? `${bare.toUpperCase()}, ${p.countryCode}`
      : p.stateAbbr
        ? `${p.city}, ${p.stateAbbr}`
        : bare;
  return { locode, name };
}

const TERMINALS_BY_PORT = (() => {
  const byPort = new Map<string, TerminalSeed[]>();
  for (const t of TERMINALS) {
    const list = byPort.get(t.portLocode) ?? [];
    list.push(t);
    byPort.set(t.portLocode, list);
  }
  return byPort;
})();

function carrierTerminal(t: TerminalSeed): CarrierTerminal {
  return { locode: t.portLocode, name: t.name, nickname: t.nickname, firmsCode: t.firmsCode };
}

/**
 * The terminal a service's ships use at a port: a service keeps its berth window at one terminal, so every
 * box on every sailing of that service meets the same one. Null where the reference data lists none.
 */
export function serviceTerminal(serviceCode: string, locode: string): CarrierTerminal | null {
  const list = TERMINALS_BY_PORT.get(locode);
  if (!list || list.length === 0) return null;
  const chosen = list[hashOf(`terminal/${serviceCode}/${locode}`) % list.length];
  return chosen ? carrierTerminal(chosen) : null;
}
