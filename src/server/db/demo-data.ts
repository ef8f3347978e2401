// Demo data: a deterministic set of shipments at every stage of an ocean journey, so that a fresh
// installation's dashboard and API have realistic content to show before any real tracking happens.
//
// Everything is drawn from seeded pseudo-random generators and laid out relative to `now`: the same
// account and the same `now` always produce exactly the same rows, ids included.
import { asc, eq, sql } from "drizzle-orm";
import type { ContainerStatus, TerminalFee, TerminalHold } from "../../api/containers";
import { iso6346CheckDigit } from "../tracking/container-number";
import { imoWithCheckDigit } from "../tracking/vessel-ids";
import type { Db } from "./connection";
import { PORTS, type PortSeed } from "./reference/ports";
import { SHIPPING_LINES } from "./reference/shipping-lines";
import { TERMINALS, type TerminalSeed } from "./reference/terminals";
import { portId, shippingLineId, terminalId } from "./reference-data";
import { containers, rawEvents, shipments, transportEvents, users, vessels } from "./schema";
import { stableUuid } from "./stable-id";

// ---- Seeded randomness ----

/** mulberry32: tiny, fast and good enough for demo data; the point is that it is reproducible. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to turn a name into a seed: each shipment gets its own stream, so editing one never reshuffles the rest. */
function seedOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

class Random {
  readonly #next: () => number;
  constructor(key: string) {
    this.#next = mulberry32(seedOf(`boxtrack-demo/${key}`));
  }
  float(): number {
    return this.#next();
  }
  between(min: number, max: number): number {
    return min + (max - min) * this.#next();
  }
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.#next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.#next() < p;
  }
  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error("pick from an empty list");
    return list[Math.floor(this.#next() * list.length)]!;
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.#next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }
  /** Up to n distinct items, in list order. */
  sample<T>(list: readonly T[], n: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(n, list.length)) chosen.add(Math.floor(this.#next() * list.length));
    return [...chosen].sort((a, b) => a - b).map((i) => list[i]!);
  }
  digits(n: number): string {
    let out = "";
    for (let i = 0; i < n; i++) out += String(Math.floor(this.#next() * 10));
    return out;
  }
  letters(n: number): string {
    let out = "";
    for (let i = 0; i < n; i++) out += String.fromCharCode(65 + Math.floor(this.#next() * 26));
    return out;
  }
}

// ---- Time ----

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Offset of a zone's wall clock from UTC at an instant, in ms. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * Midnight, in the port's own zone, of the day `dayOffset` days after the local date of `at`.
 * Last free days are dates at a terminal, so they are stored as the start of that local day.
 */
function localMidnight(at: number, timeZone: string, dayOffset: number): number {
  const wall = new Date(at + zoneOffset(at, timeZone));
  const midnightWall = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + dayOffset);
  // Look the offset up again at the result: a DST change between `at` and that midnight moves it.
  const guess = midnightWall - zoneOffset(at, timeZone);
  return midnightWall - zoneOffset(guess, timeZone);
}

// ---- Geography (straight great-circle legs; positions need not follow a sea lane) ----

type LatLon = readonly [number, number];
const EARTH_RADIUS_NM = 3440.065;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

function angularDistance(a: LatLon, b: LatLon): number {
  const dLat = rad(b[0] - a[0]);
  const dLon = rad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point a fraction of the way along the great circle from a to b. */
function slerp(a: LatLon, b: LatLon, f: number): LatLon {
  const d = angularDistance(a, b);
  if (d === 0) return a;
  const wa = Math.sin((1 - f) * d) / Math.sin(d);
  const wb = Math.sin(f * d) / Math.sin(d);
  const [la1, lo1, la2, lo2] = [rad(a[0]), rad(a[1]), rad(b[0]), rad(b[1])];
  const x = wa * Math.cos(la1) * Math.cos(lo1) + wb * Math.cos(la2) * Math.cos(lo2);
  const y = wa * Math.cos(la1) * Math.sin(lo1) + wb * Math.cos(la2) * Math.sin(lo2);
  const z = wa * Math.sin(la1) + wb * Math.sin(la2);
  return [deg(Math.atan2(z, Math.hypot(x, y))), deg(Math.atan2(y, x))];
}

function bearing(a: LatLon, b: LatLon): number {
  const [la1, la2, dLon] = [rad(a[0]), rad(b[0]), rad(b[1] - a[1])];
  const y = Math.sin(dLon) * Math.cos(la2);
  const x = Math.cos(la1) * Math.sin(la2) - Math.sin(la1) * Math.cos(la2) * Math.cos(dLon);
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

/** Where a ship is after sailing `fraction` of a path, its heading there, and the path's length. */
function alongPath(
  path: readonly LatLon[],
  fraction: number,
): { point: LatLon; heading: number; lengthNm: number } {
  const legs = path.slice(1).map((to, i) => angularDistance(path[i]!, to));
  const total = legs.reduce((a, b) => a + b, 0);
  let remaining = fraction * total;
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i]!;
    const [from, to] = [path[i]!, path[i + 1]!];
    if (remaining <= leg || i === legs.length - 1) {
      const point = slerp(from, to, leg === 0 ? 0 : Math.min(1, remaining / leg));
      return { point, heading: bearing(point, to), lengthNm: total * EARTH_RADIUS_NM };
    }
    remaining -= leg;
  }
  return { point: path[0]!, heading: 0, lengthNm: 0 };
}

// Sea passages that keep great-circle legs off the larger land masses.
const W = {
  osumi: [30.8, 131.8],
  koreaStrait: [34.0, 128.9],
  westOfGoto: [32.2, 128.2],
  tokara: [29.2, 128.0],
  tsugaruWest: [41.3, 139.95],
  tsugaruNarrows: [41.33, 140.28],
  tsugaruEast: [41.63, 140.95],
  tsugaru: [41.55, 141.8],
  capeErimoSouth: [41.3, 143.5],
  taiwanStrait: [24.0, 119.6],
  bashi: [21.2, 121.0],
  luzonStrait: [20.0, 121.3],
  southOfJapan: [31.5, 142.0],
  kurilsSouth: [47.0, 165.0],
  aleutiansSouth: [50.0, -165.0],
  juanDeFuca: [48.45, -124.9],
  admiraltyInlet: [48.1, -122.75],
  offPointConception: [33.5, -120.5],
  northPacific: [33.0, 160.0],
  eastPacific: [27.0, -140.0],
  offMexico: [14.0, -100.0],
  southOfCostaRica: [7.0, -84.0],
  puntaMala: [7.0, -80.0],
  panamaPacific: [8.6, -79.5],
  colon: [9.45, -79.95],
  windward: [20.0, -73.9],
  yucatan: [21.6, -86.0],
  westOfCuba: [23.5, -85.3],
  floridaStraits: [24.1, -81.2],
  floridaKeysEast: [24.6, -80.3],
  offFortLauderdale: [26.0, -79.9],
  floridaEast: [27.5, -79.7],
  miamiApproach: [25.0, -80.0],
  offSavannah: [31.5, -79.5],
  nantucketSouth: [40.0, -69.0],
  southOfAzores: [36.0, -30.0],
  northOfGrandBahama: [27.8, -79.2],
  gulfOfThailand: [9.0, 102.5],
  caMau: [7.8, 105.0],
  southChinaSea: [12.0, 111.5],
  riau: [0.9, 104.9],
  singaporeEast: [1.3, 104.6],
  singaporeStrait: [1.2, 104.1],
  singaporeWest: [1.15, 103.55],
  malaccaSouth: [2.2, 102.0],
  malaccaMiddle: [4.0, 99.8],
  malaccaNorth: [6.0, 96.5],
  gaspar: [-2.6, 107.2],
  eastOfSriLanka: [8.5, 82.3],
  southEastOfSriLanka: [6.5, 81.9],
  sriLanka: [5.6, 80.6],
  westOfGalle: [5.9, 79.7],
  gulfOfAden: [12.0, 52.3],
  babElMandeb: [12.6, 43.4],
  gubal: [27.6, 34.0],
  gulfOfSuez: [28.2, 33.35],
  gulfOfSuezNorth: [28.9, 32.9],
  suez: [29.8, 32.56],
  portSaid: [31.4, 32.35],
  southOfCrete: [34.3, 24.5],
  sicilyChannel: [37.2, 11.8],
  offAlgeria: [37.6, 5.0],
  alboran: [36.2, -2.5],
  westOfCorsica: [42.0, 8.0],
  balearicSea: [38.6, 3.0],
  caboDeLaNao: [38.7, 0.5],
  capePalos: [37.5, -0.3],
  gibraltar: [35.95, -5.6],
  capeStVincent: [36.8, -9.8],
  finisterre: [43.2, -10.2],
  ushant: [48.4, -5.8],
  grandBanks: [41.5, -50.0],
  dover: [51.0, 1.5],
  offHolland: [52.3, 3.6],
  offTexel: [53.5, 4.3],
  scheldt: [51.45, 3.5],
  germanBight: [54.0, 7.8],
} as const satisfies Record<string, LatLon>;

// Reused stretches of the main trade routes.
const ASIA_TO_PANAMA = [
  W.northPacific,
  W.eastPacific,
  W.offMexico,
  W.southOfCostaRica,
  W.puntaMala,
  W.panamaPacific,
  W.colon,
] as const;
const TO_NORTH_PACIFIC_NORTHWEST = [
  W.tsugaruWest,
  W.tsugaruNarrows,
  W.tsugaruEast,
  W.tsugaru,
  W.capeErimoSouth,
  W.kurilsSouth,
  W.aleutiansSouth,
  W.juanDeFuca,
  W.admiraltyInlet,
] as const;
const SUEZ_TO_GIBRALTAR = [
  W.babElMandeb,
  W.gubal,
  W.gulfOfSuez,
  W.gulfOfSuezNorth,
  W.suez,
  W.portSaid,
  W.southOfCrete,
  W.sicilyChannel,
  W.offAlgeria,
  W.alboran,
  W.gibraltar,
] as const;
const SINGAPORE_STRAIT = [W.singaporeEast, W.singaporeStrait, W.singaporeWest] as const;
const INDIAN_OCEAN_WESTBOUND = [
  W.malaccaSouth,
  W.malaccaMiddle,
  W.malaccaNorth,
  W.sriLanka,
  W.gulfOfAden,
] as const;
const GIBRALTAR_TO_CHANNEL = [W.capeStVincent, W.finisterre, W.ushant, W.dover] as const;
const CHANNEL_TO_GERMAN_BIGHT = [W.dover, W.offHolland, W.offTexel, W.germanBight] as const;

// ---- Reference look-ups ----

const PORTS_BY_LOCODE = new Map(PORTS.map((p) => [p.locode, p]));

function port(locode: string): PortSeed {
  const found = PORTS_BY_LOCODE.get(locode);
  if (!found) throw new Error(`Demo data names port ${locode}, which is not in the reference ports`);
  return found;
}

function terminalsAt(locode: string): TerminalSeed[] {
  return TERMINALS.filter((t) => t.portLocode === locode);
}

const terminalRowId = (t: TerminalSeed | null) => (t ? terminalId(t.portLocode, t.name, t.nickname) : null);

// ---- The demo's shipping lines and their vessels ----

type Wording = "plain" | "msc" | "caps";

interface DemoLine {
  scac: string;
  /** Owner codes of the line's boxes (ISO 6346: three letters and the category letter U). */
  ownerCodes: string[];
  /** Bill of lading number after the prefix: D digit, L letter, O the port of lading's three-letter code. */
  bolPattern: string;
  sealPrefix: string;
  /** Maritime identification digits of the flags the line's ships fly, for MMSI numbers. */
  mids: string[];
  vesselNames: string[];
  wording: Wording;
}

const DEMO_LINES: readonly DemoLine[] = [
  {
    scac: "MAEU",
    ownerCodes: ["MSKU", "MRKU", "MAEU", "MRSU"],
    bolPattern: "DDDDDDDDD",
    sealPrefix: "ML-DK",
    mids: ["219", "220"],
    vesselNames: ["MAERSK EMDEN", "MAERSK ESSEN", "MAERSK KENSINGTON"],
    wording: "plain",
  },
  {
    scac: "MSCU",
    ownerCodes: ["MSCU", "MEDU", "MSDU", "MSMU"],
    bolPattern: "LLDDDDDD",
    sealPrefix: "FX",
    mids: ["636", "255", "372"],
    vesselNames: ["MSC GULSUN", "MSC ANNA", "MSC ISABELLA"],
    wording: "msc",
  },
  {
    scac: "CMDU",
    ownerCodes: ["CMAU", "CGMU", "APZU"],
    bolPattern: "OOODDDDDDD",
    sealPrefix: "C",
    mids: ["228", "248", "256"],
    vesselNames: ["CMA CGM MARCO POLO", "CMA CGM JACQUES SAADE", "CMA CGM BENJAMIN FRANKLIN"],
    wording: "caps",
  },
  {
    scac: "COSU",
    ownerCodes: ["CSNU", "CBHU", "CCLU", "FCIU"],
    bolPattern: "DDDDDDDDDD",
    sealPrefix: "CN",
    mids: ["477", "413"],
    vesselNames: ["COSCO SHIPPING UNIVERSE", "COSCO SHIPPING ARIES"],
    wording: "caps",
  },
  {
    scac: "HLCU",
    ownerCodes: ["HLXU", "HLBU", "HAMU", "UACU"],
    bolPattern: "OOOLDDDDDD",
    sealPrefix: "HLD",
    mids: ["211", "218", "636"],
    vesselNames: ["BERLIN EXPRESS", "HAMBURG EXPRESS", "ULSAN EXPRESS"],
    wording: "plain",
  },
  {
    scac: "ONEY",
    ownerCodes: ["ONEU", "NYKU", "KKFU", "MOLU"],
    bolPattern: "OOOLLDDDDD",
    sealPrefix: "ONE",
    mids: ["563", "566", "431"],
    vesselNames: ["ONE APUS", "ONE STORK", "ONE INNOVATION"],
    wording: "plain",
  },
  {
    scac: "EGLV",
    ownerCodes: ["EGHU", "EISU", "EMCU", "EGSU"],
    bolPattern: "DDDDDDDDDD",
    sealPrefix: "EMCXK",
    mids: ["416", "353", "235"],
    vesselNames: ["EVER ACE", "EVER FORTUNE", "EVER LOVELY"],
    wording: "caps",
  },
  {
    scac: "YMLU",
    ownerCodes: ["YMLU", "YMMU"],
    bolPattern: "LDDDDDDDD",
    sealPrefix: "YMA",
    mids: ["636", "416"],
    vesselNames: ["YM WELLNESS", "YM WARRANTY"],
    wording: "plain",
  },
  {
    scac: "ZIMU",
    ownerCodes: ["ZIMU", "ZCSU", "ZCLU"],
    bolPattern: "OOODDDDDDD",
    sealPrefix: "ZS",
    mids: ["636", "248"],
    vesselNames: ["ZIM KINGSTON", "ZIM SAMMY OFER", "ZIM MOUNT EVEREST"],
    wording: "msc",
  },
  {
    scac: "HDMU",
    ownerCodes: ["HDMU", "KOCU", "HMMU"],
    bolPattern: "OOOLDDDDDD",
    sealPrefix: "HMM",
    mids: ["440", "441", "538"],
    vesselNames: ["HMM ALGECIRAS", "HMM OSLO"],
    wording: "caps",
  },
  {
    scac: "OOLU",
    ownerCodes: ["OOLU", "OOCU"],
    bolPattern: "DDDDDDDDDD",
    sealPrefix: "OOLGX",
    mids: ["477"],
    vesselNames: ["OOCL HONG KONG", "OOCL GERMANY", "OOCL CALIFORNIA"],
    wording: "plain",
  },
];

interface DemoVessel {
  id: string;
  name: string;
  imo: string;
  mmsi: string;
}

/** The fleet, with IMO and MMSI numbers drawn once per ship name (valid check digits, real flag MIDs). */
const FLEET: ReadonlyMap<string, DemoVessel> = (() => {
  const fleet = new Map<string, DemoVessel>();
  const imos = new Set<string>();
  for (const line of DEMO_LINES) {
    for (const name of line.vesselNames) {
      const rng = new Random(`vessel/${name}`);
      let imo = imoWithCheckDigit(`9${rng.digits(5)}`);
      while (imos.has(imo)) imo = imoWithCheckDigit(`9${rng.digits(5)}`);
      imos.add(imo);
      const mmsi = `${rng.pick(line.mids)}${rng.int(1, 9)}${rng.digits(5)}`;
      fleet.set(name, { id: stableUuid("demo", `vessel/${name}`), name, imo, mmsi });
    }
  }
  return fleet;
})();

const vessel = (name: string) => FLEET.get(name)!;

// ---- Trade lanes ----

interface Lane {
  pol: string;
  pod: string;
  /** Port of transshipment, if the box changes ships on the way. */
  via?: string;
  /** Inland destination reached by rail from the port of discharge, with the railroad. */
  inland?: { destination: string; railroad: string };
  /** Days at sea: one number for a direct call, two (to the hub, from the hub) with a transshipment. */
  seaDays: readonly number[];
  /** Suffix of voyage numbers ("412E"): the direction the service sails. */
  bound: "E" | "W" | "N" | "S";
  /** Waypoints of each sea leg, between its two ports. */
  passages: readonly (readonly LatLon[])[];
}

const LANES: readonly Lane[] = [
  {
    pol: "CNSHA",
    pod: "USLAX",
    seaDays: [14],
    bound: "E",
    passages: [[W.osumi, W.southOfJapan, W.offPointConception]],
  },
  {
    pol: "CNNGB",
    pod: "USLGB",
    seaDays: [16],
    bound: "E",
    passages: [[W.osumi, W.southOfJapan, W.offPointConception]],
  },
  {
    pol: "CNYTN",
    pod: "USLAX",
    inland: { destination: "USCHI", railroad: "UPRR" },
    seaDays: [16],
    bound: "E",
    passages: [[W.bashi, W.southOfJapan, W.offPointConception]],
  },
  { pol: "HKHKG", pod: "USOAK", seaDays: [17], bound: "E", passages: [[W.bashi, W.southOfJapan]] },
  {
    pol: "KRPUS",
    pod: "USSEA",
    inland: { destination: "USCHI", railroad: "BNSF" },
    seaDays: [11],
    bound: "E",
    passages: [[...TO_NORTH_PACIFIC_NORTHWEST]],
  },
  {
    pol: "JPTYO",
    pod: "USTIW",
    seaDays: [10],
    bound: "E",
    passages: [[...TO_NORTH_PACIFIC_NORTHWEST.slice(5)]],
  },
  {
    pol: "TWKHH",
    pod: "USLGB",
    inland: { destination: "USDAL", railroad: "BNSF" },
    seaDays: [15],
    bound: "E",
    passages: [[W.bashi, W.southOfJapan, W.offPointConception]],
  },
  {
    pol: "VNCMT",
    pod: "USLGB",
    inland: { destination: "USMKC", railroad: "BNSF" },
    seaDays: [19],
    bound: "E",
    passages: [[W.luzonStrait, W.southOfJapan, W.offPointConception]],
  },
  { pol: "KRPUS", pod: "USTIW", seaDays: [11], bound: "E", passages: [[...TO_NORTH_PACIFIC_NORTHWEST]] },
  {
    pol: "THLCH",
    pod: "USSEA",
    via: "KRPUS",
    seaDays: [7, 11],
    bound: "E",
    passages: [[W.gulfOfThailand, W.caMau, W.southChinaSea, W.bashi], [...TO_NORTH_PACIFIC_NORTHWEST]],
  },
  {
    pol: "IDJKT",
    pod: "USLAX",
    via: "SGSIN",
    seaDays: [2, 21],
    bound: "E",
    passages: [
      [W.gaspar, W.riau, W.singaporeEast],
      [W.southChinaSea, W.luzonStrait, W.southOfJapan, W.offPointConception],
    ],
  },
  {
    pol: "CNSHA",
    pod: "USNYC",
    seaDays: [35],
    bound: "E",
    passages: [[W.osumi, ...ASIA_TO_PANAMA, W.windward, W.nantucketSouth]],
  },
  {
    pol: "CNNGB",
    pod: "USSAV",
    inland: { destination: "USATL", railroad: "CSXT" },
    seaDays: [33],
    bound: "E",
    passages: [
      [
        W.osumi,
        ...ASIA_TO_PANAMA,
        W.yucatan,
        W.westOfCuba,
        W.floridaStraits,
        W.floridaKeysEast,
        W.offFortLauderdale,
        W.floridaEast,
      ],
    ],
  },
  {
    pol: "CNYTN",
    pod: "USHOU",
    inland: { destination: "USDAL", railroad: "UPRR" },
    seaDays: [34],
    bound: "E",
    passages: [[W.bashi, W.southOfJapan, ...ASIA_TO_PANAMA, W.yucatan]],
  },
  {
    pol: "KRPUS",
    pod: "USMIA",
    via: "PAONX",
    seaDays: [24, 4],
    bound: "E",
    passages: [
      [W.koreaStrait, W.westOfGoto, W.tokara, ...ASIA_TO_PANAMA],
      [W.yucatan, W.westOfCuba, W.floridaStraits, W.miamiApproach],
    ],
  },
  {
    pol: "INMAA",
    pod: "USNYC",
    via: "LKCMB",
    seaDays: [3, 26],
    bound: "W",
    passages: [
      [W.eastOfSriLanka, W.southEastOfSriLanka, W.sriLanka, W.westOfGalle],
      [W.gulfOfAden, ...SUEZ_TO_GIBRALTAR, W.capeStVincent, W.nantucketSouth],
    ],
  },
  {
    pol: "DEHAM",
    pod: "USNYC",
    inland: { destination: "USCHI", railroad: "NSRR" },
    seaDays: [12],
    bound: "W",
    passages: [[W.germanBight, W.offTexel, W.offHolland, W.dover, W.ushant, W.grandBanks, W.nantucketSouth]],
  },
  {
    pol: "NLRTM",
    pod: "USORF",
    inland: { destination: "USMEM", railroad: "NSRR" },
    seaDays: [11],
    bound: "W",
    passages: [[W.dover, W.ushant, W.nantucketSouth]],
  },
  {
    pol: "BEANR",
    pod: "USSAV",
    seaDays: [14],
    bound: "W",
    passages: [[W.scheldt, W.dover, W.ushant, W.offSavannah]],
  },
  {
    pol: "ITGOA",
    pod: "USNYC",
    via: "MAPTM",
    seaDays: [3, 11],
    bound: "W",
    passages: [
      [W.westOfCorsica, W.balearicSea, W.alboran],
      [W.capeStVincent, W.nantucketSouth],
    ],
  },
  {
    pol: "ESVLC",
    pod: "USHOU",
    seaDays: [19],
    bound: "W",
    passages: [
      [
        W.caboDeLaNao,
        W.capePalos,
        W.alboran,
        W.gibraltar,
        W.southOfAzores,
        W.northOfGrandBahama,
        W.offFortLauderdale,
        W.floridaKeysEast,
        W.floridaStraits,
      ],
    ],
  },
  {
    pol: "CNSHA",
    pod: "NLRTM",
    seaDays: [33],
    bound: "W",
    passages: [
      [
        W.taiwanStrait,
        W.southChinaSea,
        ...SINGAPORE_STRAIT,
        ...INDIAN_OCEAN_WESTBOUND,
        ...SUEZ_TO_GIBRALTAR,
        ...GIBRALTAR_TO_CHANNEL,
        W.offHolland,
      ],
    ],
  },
  {
    pol: "CNXMN",
    pod: "DEHAM",
    via: "MYPKG",
    seaDays: [6, 30],
    bound: "W",
    passages: [
      [W.southChinaSea, ...SINGAPORE_STRAIT, W.malaccaSouth],
      [
        W.malaccaMiddle,
        W.malaccaNorth,
        W.sriLanka,
        W.gulfOfAden,
        ...SUEZ_TO_GIBRALTAR,
        ...GIBRALTAR_TO_CHANNEL,
        ...CHANNEL_TO_GERMAN_BIGHT.slice(1),
      ],
    ],
  },
];

// ---- Milestones of a journey and how long each takes ----

const MILESTONES = [
  "booked",
  "empty_out",
  "full_in",
  "vessel_loaded",
  "vessel_departed",
  "transshipment_arrived",
  "transshipment_discharged",
  "transshipment_loaded",
  "transshipment_departed",
  "vessel_arrived",
  "vessel_berthed",
  "vessel_discharged",
  "rail_loaded",
  "rail_departed",
  "rail_arrived",
  "rail_unloaded",
  "available",
  "full_out",
  "empty_in",
] as const;
type Milestone = (typeof MILESTONES)[number];

/**
 * Hours from the previous milestone (after the last box of the shipment reached it) and how far
 * apart the boxes of one shipment may be. Vessel and train moves carry every box at once (spread 0).
 */
const STEPS: Record<Milestone, { gap: readonly [number, number]; spread: number }> = {
  booked: { gap: [0, 0], spread: 0 },
  empty_out: { gap: [120, 288], spread: 36 },
  full_in: { gap: [12, 48], spread: 36 },
  vessel_loaded: { gap: [12, 48], spread: 20 },
  vessel_departed: { gap: [2, 12], spread: 0 },
  transshipment_arrived: { gap: [0, 0], spread: 0 },
  transshipment_discharged: { gap: [2, 8], spread: 12 },
  transshipment_loaded: { gap: [24, 96], spread: 12 },
  transshipment_departed: { gap: [4, 12], spread: 0 },
  vessel_arrived: { gap: [0, 0], spread: 0 },
  vessel_berthed: { gap: [2, 30], spread: 0 },
  vessel_discharged: { gap: [2, 6], spread: 30 },
  rail_loaded: { gap: [12, 48], spread: 24 },
  rail_departed: { gap: [4, 12], spread: 0 },
  rail_arrived: { gap: [72, 120], spread: 0 },
  rail_unloaded: { gap: [3, 10], spread: 12 },
  available: { gap: [4, 24], spread: 36 },
  full_out: { gap: [12, 96], spread: 48 },
  empty_in: { gap: [48, 168], spread: 72 },
};

function milestonesOf(lane: Lane): Milestone[] {
  return MILESTONES.filter((m) => {
    if (m.startsWith("transshipment_")) return lane.via !== undefined;
    if (m.startsWith("rail_")) return lane.inland !== undefined;
    return true;
  });
}

/** A shipment's schedule in ms after booking: when each milestone starts, and each box's own times. */
interface Plan {
  order: Milestone[];
  start: Map<Milestone, number>;
  spread: Map<Milestone, number>;
}

function buildPlan(lane: Lane, rng: Random): Plan {
  const order = milestonesOf(lane);
  const start = new Map<Milestone, number>();
  const spread = new Map<Milestone, number>();
  let t = 0;
  let previousSpread = 0;
  for (const m of order) {
    let gapHours = rng.between(...STEPS[m].gap);
    // Sea legs take the lane's days, give or take a little weather.
    if (m === "transshipment_arrived") gapHours = lane.seaDays[0]! * 24 * rng.between(0.94, 1.06);
    if (m === "vessel_arrived")
      gapHours = lane.seaDays[lane.seaDays.length - 1]! * 24 * rng.between(0.94, 1.06);
    t += previousSpread + gapHours * HOUR;
    start.set(m, Math.round(t));
    spread.set(m, STEPS[m].spread * HOUR);
    previousSpread = STEPS[m].spread * HOUR;
  }
  return { order, start, spread };
}

function startOf(plan: Plan, m: Milestone): number {
  const t = plan.start.get(m);
  if (t === undefined) throw new Error(`This lane has no ${m}`);
  return t;
}
const spreadOf = (plan: Plan, m: Milestone) => plan.spread.get(m) ?? 0;

/** The moment by which every box has reached a milestone. */
const allReached = (plan: Plan, m: Milestone) => startOf(plan, m) + spreadOf(plan, m);

// ---- Stages: where the journey stands today ----

type StopReason = "cancelled_by_user" | "all_containers_terminated" | "past_arrival_window";

interface Stage {
  name: string;
  count: number;
  /** Last milestone reached by every box; one is drawn per shipment. */
  reached: readonly Milestone[];
  /** Which lanes suit the stage. */
  lanes: "any" | "transshipment" | "inland" | "local";
  /** Tracking stopped at the moment the data stops, some time before now. */
  stop?: StopReason;
  /** Last free days set relative to today (see LFD_DAYS_FROM_TODAY) rather than drawn. */
  pinLastFreeDay?: boolean;
}

const STAGES: readonly Stage[] = [
  { name: "booked", count: 6, reached: ["booked"], lanes: "any" },
  {
    name: "at origin",
    count: 7,
    reached: ["empty_out", "full_in", "full_in", "vessel_loaded"],
    lanes: "any",
  },
  { name: "on the water", count: 14, reached: ["vessel_departed"], lanes: "any" },
  {
    name: "transshipping",
    count: 6,
    reached: ["transshipment_arrived", "transshipment_discharged", "transshipment_loaded"],
    lanes: "transshipment",
  },
  {
    name: "arrived",
    count: 8,
    reached: ["vessel_discharged", "vessel_discharged", "vessel_discharged", "vessel_berthed"],
    lanes: "local",
  },
  {
    name: "inland",
    count: 5,
    reached: ["vessel_discharged", "rail_departed", "rail_departed", "rail_arrived"],
    lanes: "inland",
  },
  { name: "available", count: 10, reached: ["available"], lanes: "local", pinLastFreeDay: true },
  { name: "picked up", count: 7, reached: ["full_out"], lanes: "any" },
  { name: "empty returned", count: 6, reached: ["empty_in"], lanes: "any" },
  {
    name: "stopped: terminated",
    count: 3,
    reached: ["empty_in"],
    lanes: "any",
    stop: "all_containers_terminated",
  },
  {
    name: "stopped: arrival window",
    count: 2,
    reached: ["full_out"],
    lanes: "any",
    stop: "past_arrival_window",
  },
  {
    name: "stopped: by user",
    count: 3,
    reached: ["booked", "vessel_departed", "available"],
    lanes: "local",
    stop: "cancelled_by_user",
  },
];

/** Last free days of the "available" stage, in days from today: a few overdue, due today and tomorrow, and later. */
const LFD_DAYS_FROM_TODAY = [-2, 0, 1, 3, -1, 2, 4, 0, 1, -4] as const;

// ---- Small vocabularies ----

const CUSTOMERS = [
  "Acme Home Goods",
  "Pacific Coast Outfitters",
  "Northwind Traders",
  "Blue Ridge Furniture Co.",
  "Lakeside Electronics",
  "Summit Auto Parts",
  "Harbor Fresh Foods",
  "Redwood Apparel Group",
  "Great Plains Tools",
  "Sunbelt Appliances",
  "Atlas Sporting Goods",
  "Cedar & Pine Interiors",
] as const;

const TAGS = ["urgent", "retail", "Q4", "automotive", "hazmat"] as const;

const US_HOLDS: readonly TerminalHold[] = [
  { name: "customs", status: "hold", description: "CBP hold: exam required" },
  { name: "freight", status: "hold", description: "Freight charges unpaid" },
  { name: "USDA", status: "hold", description: "USDA inspection required" },
  { name: "customs", status: "pending", description: "Awaiting CBP release" },
  { name: "TMF", status: "hold", description: "Traffic mitigation fee unpaid" },
  { name: "line", status: "hold", description: "Carrier hold: original bill of lading not surrendered" },
];
const OTHER_HOLDS: readonly TerminalHold[] = [
  { name: "customs", status: "hold", description: "Customs hold: documentary check" },
  { name: "freight", status: "hold", description: "Freight charges unpaid" },
  { name: "customs", status: "pending", description: "Awaiting customs release" },
];

const RAW_EVENT_NAMES = new Set<Milestone>([
  "empty_out",
  "full_in",
  "vessel_loaded",
  "vessel_departed",
  "transshipment_arrived",
  "transshipment_discharged",
  "transshipment_loaded",
  "transshipment_departed",
  "vessel_arrived",
  "vessel_discharged",
  "rail_loaded",
  "rail_departed",
  "rail_arrived",
  "rail_unloaded",
  "full_out",
  "empty_in",
]);

type RawName = Exclude<Milestone, "booked" | "vessel_berthed" | "available">;

/** How carriers word their milestones; {vessel} and {voyage} are filled in. */
const WORDING: Record<Wording, Record<RawName, string> & { estimated: Partial<Record<RawName, string>> }> = {
  plain: {
    empty_out: "Gate out empty for loading",
    full_in: "Gate in full for export",
    vessel_loaded: "Loaded on board vessel {vessel} {voyage}",
    vessel_departed: "Vessel departure {vessel} {voyage}",
    transshipment_arrived: "Vessel arrival at transshipment port {vessel} {voyage}",
    transshipment_discharged: "Discharged for transshipment",
    transshipment_loaded: "Loaded on board vessel {vessel} {voyage}",
    transshipment_departed: "Vessel departure {vessel} {voyage}",
    vessel_arrived: "Vessel arrival {vessel} {voyage}",
    vessel_discharged: "Discharged from vessel {vessel} {voyage}",
    rail_loaded: "Loaded on rail",
    rail_departed: "Rail departure",
    rail_arrived: "Rail arrival at destination",
    rail_unloaded: "Unloaded from rail",
    full_out: "Gate out for delivery to consignee",
    empty_in: "Empty container returned",
    estimated: {
      vessel_departed: "Estimated vessel departure {vessel} {voyage}",
      vessel_arrived: "Estimated vessel arrival {vessel} {voyage}",
      rail_arrived: "Estimated rail arrival at destination",
    },
  },
  msc: {
    empty_out: "Empty to Shipper",
    full_in: "Export received at CY",
    vessel_loaded: "Export Loaded on Vessel",
    vessel_departed: "Vessel Departure",
    transshipment_arrived: "Transshipment Vessel Arrival",
    transshipment_discharged: "Full Transshipment Discharged",
    transshipment_loaded: "Full Transshipment Loaded",
    transshipment_departed: "Transshipment Vessel Departure",
    vessel_arrived: "Vessel Arrival",
    vessel_discharged: "Import Discharged from Vessel",
    rail_loaded: "Import Loaded on Rail",
    rail_departed: "Rail Departure",
    rail_arrived: "Rail Arrival at Final Destination",
    rail_unloaded: "Import Unloaded from Rail",
    full_out: "Import to consignee",
    empty_in: "Empty received at CY",
    estimated: {
      vessel_departed: "Estimated Time of Departure",
      vessel_arrived: "Estimated Time of Arrival",
      rail_arrived: "Estimated Time of Arrival at Final Destination",
    },
  },
  caps: {
    empty_out: "EMPTY RELEASED TO SHIPPER",
    full_in: "FULL RECEIVED AT ORIGIN",
    vessel_loaded: "LOADED ON BOARD {vessel} {voyage}",
    vessel_departed: "VESSEL DEPARTED {vessel} {voyage}",
    transshipment_arrived: "ARRIVED AT T/S PORT",
    transshipment_discharged: "DISCHARGED AT T/S PORT",
    transshipment_loaded: "LOADED AT T/S PORT ON {vessel} {voyage}",
    transshipment_departed: "DEPARTED T/S PORT {vessel} {voyage}",
    vessel_arrived: "ARRIVED AT POD {vessel} {voyage}",
    vessel_discharged: "DISCHARGED AT POD",
    rail_loaded: "LOADED ON RAIL",
    rail_departed: "RAIL DEPARTED",
    rail_arrived: "ARRIVED AT RAMP",
    rail_unloaded: "UNLOADED FROM RAIL",
    full_out: "CONTAINER TO CONSIGNEE",
    empty_in: "EMPTY RETURNED TO DEPOT",
    estimated: {
      vessel_departed: "ETD {vessel} {voyage}",
      vessel_arrived: "ETA AT POD {vessel} {voyage}",
      rail_arrived: "ETA AT FINAL DESTINATION",
    },
  },
};

// ---- Row types ----

type ShipmentInsert = typeof shipments.$inferInsert;
type ContainerInsert = typeof containers.$inferInsert;
type TransportEventInsert = typeof transportEvents.$inferInsert;
type RawEventInsert = typeof rawEvents.$inferInsert;
type VesselInsert = typeof vessels.$inferInsert;

export interface DemoData {
  shipments: ShipmentInsert[];
  containers: ContainerInsert[];
  transportEvents: TransportEventInsert[];
  rawEvents: RawEventInsert[];
  vessels: VesselInsert[];
}

// ---- One shipment ----

/** Everything about one shipment's journey that its containers and events are derived from. */
interface Journey {
  index: number;
  accountId: string;
  rng: Random;
  stage: Stage;
  lane: Lane;
  line: DemoLine;
  plan: Plan;
  reached: Milestone;
  /** Epoch ms of the plan's zero (the booking). */
  origin: number;
  /** The last moment the data describes: now, or when tracking stopped. */
  observedAt: number;
  now: number;
  pol: PortSeed;
  pod: PortSeed;
  hub: PortSeed | null;
  destination: PortSeed | null;
  polTerminal: TerminalSeed | null;
  hubTerminal: TerminalSeed | null;
  podTerminal: TerminalSeed;
  firstVessel: DemoVessel;
  firstVoyage: string;
  podVessel: DemoVessel;
  podVoyage: string;
  createdAt: number;
  trackedAt: number;
  /** Terminal last free day for the "available" stage, set by hand so some are due today or overdue. */
  lfdOverride: number | null;
}

const isReached = (j: Journey, m: Milestone) => {
  const i = j.plan.order.indexOf(m);
  return i >= 0 && i <= j.plan.order.indexOf(j.reached);
};
const at = (j: Journey, rel: number) => j.origin + rel;

/** Per-box times: each milestone somewhere within its spread after the shipment-wide start. */
function boxTimes(j: Journey, rng: Random): Map<Milestone, number> {
  const times = new Map<Milestone, number>();
  for (const m of j.plan.order)
    times.set(m, at(j, startOf(j.plan, m) + Math.round(rng.float() * spreadOf(j.plan, m))));
  return times;
}

function voyageNumber(rng: Random, bound: Lane["bound"]): string {
  return `${rng.int(1, 9)}${rng.digits(2)}${bound}`;
}

function billOfLading(line: DemoLine, pol: PortSeed, rng: Random): { full: string; normalized: string } {
  const body = [...line.bolPattern]
    .map((ch, i) => (ch === "D" ? rng.digits(1) : ch === "L" ? rng.letters(1) : pol.locode[2 + (i % 3)]!))
    .join("");
  const prefix = SHIPPING_LINES.find((l) => l.scac === line.scac)?.bolPrefix ?? line.scac;
  return { full: `${prefix}${body}`, normalized: body };
}

/**
 * Places the journey on the calendar: picks the moment the data describes inside the stage's
 * window (after every box reached the stage's milestone, before any box reached the next) and
 * works out when the booking was made.
 */
function placeOnCalendar(
  plan: Plan,
  reached: Milestone,
  stage: Stage,
  now: number,
  pod: PortSeed,
  k: number,
  rng: Random,
) {
  const order = plan.order;
  const next = order[order.indexOf(reached) + 1];
  const windowStart = allReached(plan, reached);
  const windowEnd = next ? startOf(plan, next) : windowStart + rng.between(24, 240) * HOUR;
  let lfdOverride: number | null = null;
  let observedRel = windowStart + rng.between(0.15, 0.85) * (windowEnd - windowStart);
  let stoppedAgo = 0;
  if (stage.stop === "cancelled_by_user") stoppedAgo = rng.between(2, 72) * HOUR;
  if (stage.stop === "all_containers_terminated") stoppedAgo = rng.between(12, 96) * HOUR;
  if (stage.stop === "past_arrival_window") stoppedAgo = rng.between(2, 8) * DAY;
  const observedAt = now - Math.round(stoppedAgo);
  if (stage.pinLastFreeDay) {
    // Work back from the last free day, so that the list has boxes due today, tomorrow and overdue.
    const daysFromToday = LFD_DAYS_FROM_TODAY[k % LFD_DAYS_FROM_TODAY.length]!;
    lfdOverride = localMidnight(now, pod.timeZone, daysFromToday);
    const freeDays = Math.max(rng.int(3, 5), daysFromToday + 1);
    const lastBoxAvailable = lfdOverride - freeDays * DAY + rng.between(4, 14) * HOUR;
    observedRel = windowStart + (now - lastBoxAvailable);
  }
  return { origin: observedAt - Math.round(observedRel), observedAt, lfdOverride };
}

/** The port, terminal and vessel of a milestone. */
function placeOf(j: Journey, m: Milestone) {
  const inland = j.lane.inland !== undefined;
  const atPol = { port: j.pol, terminal: j.polTerminal, vessel: null, voyage: null };
  const atPod = { port: j.pod, terminal: j.podTerminal, vessel: null, voyage: null };
  const atDestination = { port: j.destination ?? j.pod, terminal: null, vessel: null, voyage: null };
  switch (m) {
    case "booked":
    case "empty_out":
    case "full_in":
      return atPol;
    case "vessel_loaded":
    case "vessel_departed":
      return { ...atPol, vessel: j.firstVessel, voyage: j.firstVoyage };
    case "transshipment_arrived":
    case "transshipment_discharged":
      return { port: j.hub!, terminal: j.hubTerminal, vessel: j.firstVessel, voyage: j.firstVoyage };
    case "transshipment_loaded":
    case "transshipment_departed":
      return { port: j.hub!, terminal: j.hubTerminal, vessel: j.podVessel, voyage: j.podVoyage };
    case "vessel_arrived":
    case "vessel_berthed":
    case "vessel_discharged":
      return { ...atPod, vessel: j.podVessel, voyage: j.podVoyage };
    case "rail_loaded":
    case "rail_departed":
      return atPod;
    case "rail_arrived":
    case "rail_unloaded":
      return atDestination;
    case "available":
    case "full_out":
      return inland ? atDestination : atPod;
    case "empty_in":
      // Empties go back to a depot, not necessarily to the terminal they left.
      return inland ? atDestination : { ...atPod, terminal: null };
  }
}

function statusOf(j: Journey): ContainerStatus {
  switch (j.reached) {
    case "booked":
    case "empty_out":
    case "full_in":
      return "new";
    case "vessel_loaded":
      return "loaded";
    case "vessel_discharged":
      return j.lane.inland ? "awaiting_inland_transfer" : "not_available";
    case "rail_loaded":
    case "rail_departed":
    case "rail_arrived":
      return "on_rail";
    case "rail_unloaded":
      return "not_available";
    case "available":
      return "available";
    case "full_out":
      return "picked_up";
    case "empty_in":
      return "empty_returned";
    default:
      return "on_ship";
  }
}

function fill(template: string, v: DemoVessel | null, voyage: string | null): string {
  return template
    .replace("{vessel}", v?.name ?? "")
    .replace("{voyage}", voyage ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

interface BoxSpec {
  type: "dry" | "reefer";
  length: 20 | 40 | 45;
  height: "standard" | "high_cube";
}

function boxSpec(reefer: boolean, rng: Random): BoxSpec {
  if (reefer) return { type: "reefer", length: 40, height: "high_cube" };
  const length = rng.weighted([
    [40, 60],
    [20, 25],
    [45, 15],
  ] as const);
  const height = length === 20 ? "standard" : length === 45 || rng.chance(0.7) ? "high_cube" : "standard";
  return { type: "dry", length, height };
}

function weightInLbs(spec: BoxSpec, rng: Random): number {
  const [min, max] =
    spec.type === "reefer" ? [30_000, 58_000] : spec.length === 20 ? [18_000, 44_000] : [12_000, 52_000];
  return Math.round(rng.between(min, max) / 10) * 10;
}

function yardLocation(rng: Random): string {
  return rng.weighted([
    [`Yard row ${rng.int(1, 60)}, bay ${rng.int(1, 30)}`, 5],
    ["Grounded", 2],
    [`Block ${rng.letters(1)}${rng.int(1, 9)}, row ${rng.int(1, 24)}, tier ${rng.int(1, 5)}`, 3],
    ["Wheeled", 1],
  ] as const);
}

interface ContainerBuild {
  row: ContainerInsert;
  transport: TransportEventInsert[];
  raw: RawEventInsert[];
}

function buildContainer(
  j: Journey,
  c: number,
  number: string,
  spec: BoxSpec,
  shipmentTags: string[],
): ContainerBuild {
  const rng = new Random(`shipment/${j.index}/container/${c}`);
  const times = boxTimes(j, rng);
  const id = stableUuid("demo", `${j.accountId}/container/${j.index}/${c}`);
  const shipmentId = stableUuid("demo", `${j.accountId}/shipment/${j.index}`);
  const done = j.plan.order.filter((m) => m !== "booked" && isReached(j, m));
  const time = (m: Milestone) => (isReached(j, m) ? new Date(times.get(m)!) : null);
  const us = j.pod.countryCode === "US";
  const currency = us ? "USD" : "EUR";
  const inland = j.lane.inland;
  const status = statusOf(j);
  const learnedAt = (ts: number) =>
    Math.max(j.createdAt, Math.min(j.observedAt, ts + Math.round(rng.between(10, 240) * MINUTE)));

  const transport: TransportEventInsert[] = done.map((m) => {
    const place = placeOf(j, m);
    const ts = times.get(m)!;
    return {
      id: stableUuid("demo", `${j.accountId}/transport_event/${j.index}/${c}/${m}`),
      accountId: j.accountId,
      shipmentId,
      containerId: id,
      createdAt: new Date(learnedAt(ts)),
      event: `container.transport.${m}`,
      timestamp: new Date(ts),
      voyageNumber: place.voyage,
      locationId: portId(place.port.locode),
      terminalId: terminalRowId(place.terminal),
      vesselId: place.vessel?.id ?? null,
      dataSource: m === "available" || m === "vessel_berthed" ? "terminal" : "shipping_line",
    };
  });

  // The carrier's own lines: what happened, then what it expects next (only while tracking is live).
  const rawSources: { m: RawName; ts: number; estimated: boolean }[] = done
    .filter((m): m is RawName => RAW_EVENT_NAMES.has(m))
    .map((m) => ({ m, ts: times.get(m)!, estimated: false }));
  if (!j.stage.stop && j.reached !== "booked") {
    if (!isReached(j, "vessel_departed"))
      rawSources.push({
        m: "vessel_departed",
        ts: at(j, startOf(j.plan, "vessel_departed")),
        estimated: true,
      });
    if (!isReached(j, "vessel_arrived"))
      rawSources.push({ m: "vessel_arrived", ts: at(j, startOf(j.plan, "vessel_arrived")), estimated: true });
    if (inland && !isReached(j, "rail_arrived"))
      rawSources.push({ m: "rail_arrived", ts: at(j, startOf(j.plan, "rail_arrived")), estimated: true });
  }
  const wording = WORDING[j.line.wording];
  const raw: RawEventInsert[] = rawSources.map((e, index) => {
    const place = placeOf(j, e.m);
    const template = e.estimated ? (wording.estimated[e.m] ?? wording[e.m]) : wording[e.m];
    return {
      id: stableUuid("demo", `${j.accountId}/raw_event/${j.index}/${c}/${index}`),
      accountId: j.accountId,
      containerId: id,
      createdAt: new Date(e.estimated ? j.trackedAt : learnedAt(e.ts)),
      event: e.m,
      index,
      originalEvent: fill(template, place.vessel, place.voyage),
      timestamp: new Date(e.ts),
      estimated: e.estimated,
      voyageNumber: place.voyage,
      locationId: portId(place.port.locode),
      locationName: place.port.name,
      vesselId: place.vessel?.id ?? null,
    };
  });

  // Terminal-side facts: what the terminal reports once the box is (or was) on its ground.
  const discharged = isReached(j, "vessel_discharged");
  const available = isReached(j, "available");
  const pickedUp = isReached(j, "full_out");
  const holds: TerminalHold[] = [];
  const fees: TerminalFee[] = [];
  if (status === "not_available" && !inland) {
    const pool = us ? US_HOLDS : OTHER_HOLDS;
    // One hold per name: a terminal does not report customs as both held and pending.
    for (const hold of rng.sample(
      pool,
      rng.weighted([
        [1, 3],
        [2, 2],
        [3, 1],
      ] as const),
    )) {
      if (!holds.some((h) => h.name === hold.name)) holds.push(hold);
    }
    if (holds.some((h) => h.description?.includes("exam")))
      fees.push({ type: "exam", amount: rng.int(28, 60) * 10, currency_code: currency });
  }
  let lfdTerminal: number | null = null;
  if (available && !inland) {
    lfdTerminal = j.lfdOverride ?? localMidnight(times.get("available")!, j.pod.timeZone, rng.int(3, 5));
  }
  if (status === "available" && lfdTerminal !== null && j.observedAt >= lfdTerminal + DAY) {
    // Demurrage accrues for each day that began after the last free day ended.
    const daysLate = Math.ceil((j.observedAt - (lfdTerminal + DAY)) / DAY);
    fees.push({
      type: "demurrage",
      amount: daysLate * (spec.length === 20 ? 150 : 225),
      currency_code: currency,
    });
    if (rng.chance(0.3)) fees.push({ type: "extended_dwell_time", amount: 100, currency_code: currency });
  }
  if (fees.length > 1)
    fees.push({ type: "total", amount: fees.reduce((sum, f) => sum + f.amount, 0), currency_code: currency });
  const lfdLine = discharged
    ? (lfdTerminal ?? localMidnight(times.get("vessel_discharged")!, j.pod.timeZone, rng.int(4, 6))) +
      rng.int(0, 3) * DAY
    : null;

  const railUnloaded = inland && isReached(j, "rail_unloaded") ? times.get("rail_unloaded")! : null;
  const lfdRail =
    railUnloaded !== null && j.destination ? localMidnight(railUnloaded, j.destination.timeZone, 2) : null;
  const atTerminal = (discharged || isReached(j, "vessel_arrived")) && !pickedUp && status !== "on_rail";
  const terminalCheckedAt = atTerminal
    ? j.observedAt - Math.round(rng.between(5, 180) * MINUTE)
    : pickedUp
      ? Math.min(j.observedAt, times.get("full_out")! + Math.round(rng.between(0.5, 6) * HOUR))
      : null;
  const appointment =
    status === "available" && rng.chance(0.4)
      ? localMidnight(j.observedAt, j.pod.timeZone, rng.int(1, 2)) + rng.int(7, 16) * HOUR
      : null;
  const lastEvent = transport.reduce((latest, e) => Math.max(latest, e.timestamp!.getTime()), j.createdAt);

  const row: ContainerInsert = {
    id,
    accountId: j.accountId,
    shipmentId,
    createdAt: new Date(j.createdAt),
    updatedAt: new Date(Math.min(j.observedAt, Math.max(lastEvent, terminalCheckedAt ?? 0))),
    number,
    sealNumber: `${j.line.sealPrefix}${rng.digits(7)}`,
    refNumbers: shipmentTags.includes("retail") && rng.chance(0.5) ? [`SKU-${rng.digits(5)}`] : [],
    weightInLbs: weightInLbs(spec, rng),
    equipmentType: spec.type,
    equipmentLength: spec.length,
    equipmentHeight: spec.height,
    currentStatus: status,
    availabilityKnown: discharged,
    availableForPickup: discharged ? status === "available" : null,
    podTerminalId: terminalRowId(j.podTerminal),
    pickupFacilityId: discharged && !inland ? terminalRowId(j.podTerminal) : null,
    podArrivedAt: time("vessel_arrived"),
    podDischargedAt: time("vessel_discharged"),
    podFullOutAt: inland ? null : time("full_out"),
    finalDestinationFullOutAt: inland ? time("full_out") : null,
    emptyTerminatedAt: time("empty_in"),
    terminalCheckedAt: terminalCheckedAt === null ? null : new Date(terminalCheckedAt),
    podLastTrackingRequestAt: terminalCheckedAt === null ? null : new Date(terminalCheckedAt),
    shipmentLastTrackingRequestAt: new Date(j.trackedAt),
    pickupAppointmentAt: appointment === null ? null : new Date(appointment),
    podFullOutChassisNumber:
      pickedUp && !inland && rng.chance(0.6)
        ? `${rng.pick(["DCLZ", "FLXZ", "TRLZ", "MCHZ"])}${rng.digits(6)}`
        : null,
    locationAtPodTerminal:
      status === "not_available" || status === "available"
        ? yardLocation(rng)
        : status === "awaiting_inland_transfer"
          ? `On-dock rail yard, track ${rng.int(1, 8)}`
          : null,
    holdsAtPodTerminal: holds,
    feesAtPodTerminal: fees,
    podRailCarrierScac: inland?.railroad ?? null,
    indRailCarrierScac: inland?.railroad ?? null,
    podRailLoadedAt: inland ? time("rail_loaded") : null,
    podRailDepartedAt: inland ? time("rail_departed") : null,
    indEtaAt: inland && j.reached !== "booked" ? new Date(at(j, startOf(j.plan, "rail_arrived"))) : null,
    indAtaAt: inland ? time("rail_arrived") : null,
    indRailUnloadedAt: inland ? time("rail_unloaded") : null,
    indFacilityLfdOn: lfdRail === null ? null : new Date(lfdRail),
    lfdTerminal: lfdTerminal === null ? null : new Date(lfdTerminal),
    lfdRail: lfdRail === null ? null : new Date(lfdRail),
    lfdLine: lfdLine === null ? null : new Date(lfdLine),
  };
  return { row, transport, raw };
}

function containerNumber(line: DemoLine, rng: Random, taken: Set<string>): string {
  for (;;) {
    const ownerAndSerial = `${rng.pick(line.ownerCodes)}${rng.digits(6)}`;
    const check = iso6346CheckDigit(ownerAndSerial);
    const number = `${ownerAndSerial}${check}`;
    // Check digit 0 also stands for remainder 10, which owners avoid issuing; skipping every 0 is simpler and harmless.
    if (taken.has(number) || check === 0) continue;
    taken.add(number);
    return number;
  }
}

interface SeaPosition {
  vessel: DemoVessel;
  latitude: number;
  longitude: number;
  speedKnots: number;
  headingDegrees: number;
  positionAt: Date;
}

interface SeaLeg {
  from: PortSeed;
  to: PortSeed;
  passage: readonly LatLon[];
  ship: DemoVessel;
  left: Milestone;
  arrives: Milestone;
}

/** The leg a shipment's boxes are sailing on right now, if they are at sea. */
function sailingLeg(j: Journey): SeaLeg | null {
  if (j.reached === "vessel_departed") {
    const arrives = j.hub ? "transshipment_arrived" : "vessel_arrived";
    return {
      from: j.pol,
      to: j.hub ?? j.pod,
      passage: j.lane.passages[0] ?? [],
      ship: j.firstVessel,
      left: "vessel_departed",
      arrives,
    };
  }
  if (j.reached === "transshipment_departed" && j.hub) {
    return {
      from: j.hub,
      to: j.pod,
      passage: j.lane.passages[1] ?? [],
      ship: j.podVessel,
      left: "transshipment_departed",
      arrives: "vessel_arrived",
    };
  }
  return null;
}

/** Where the ship carrying a shipment is now, for shipments on the water with live tracking. */
function seaPosition(j: Journey): SeaPosition | null {
  if (j.stage.stop) return null;
  const leg = sailingLeg(j);
  if (!leg) return null;
  const departed = at(j, startOf(j.plan, leg.left));
  const arrives = at(j, startOf(j.plan, leg.arrives));
  const reportedAt = j.now - Math.round(j.rng.between(3, 50) * MINUTE);
  const fraction = (reportedAt - departed) / (arrives - departed);
  const path: LatLon[] = [
    [leg.from.latitude, leg.from.longitude],
    ...leg.passage,
    [leg.to.latitude, leg.to.longitude],
  ];
  const { point, heading, lengthNm } = alongPath(path, fraction);
  const speed = lengthNm / ((arrives - departed) / HOUR);
  return {
    vessel: leg.ship,
    latitude: Math.round(point[0] * 1e5) / 1e5,
    longitude: Math.round(point[1] * 1e5) / 1e5,
    speedKnots: Math.round(Math.min(22, Math.max(9, speed * j.rng.between(0.92, 1.08))) * 10) / 10,
    headingDegrees: Math.round(heading),
    positionAt: new Date(reportedAt),
  };
}

// ---- The whole data set ----

/** Picks lanes for a stage in turn, so that every lane (and every port on it) appears. */
class LanePicker {
  readonly #cursor = new Map<Stage["lanes"], number>();
  next(kind: Stage["lanes"]): Lane {
    const suitable = LANES.filter((lane) =>
      kind === "transshipment"
        ? lane.via !== undefined
        : kind === "inland"
          ? lane.inland !== undefined
          : kind === "local"
            ? lane.inland === undefined
            : true,
    );
    const i = this.#cursor.get(kind) ?? 0;
    this.#cursor.set(kind, i + 1);
    // Stepping by a number prime to the list length visits every lane without following the table's order.
    return suitable[(i * 7) % suitable.length]!;
  }
}

/**
 * The ships of a shipment: one for a direct call, two (to the hub, from the hub) with a transshipment.
 * The ship at sea right now must be free, since a ship has one position.
 */
function assignVessels(
  line: DemoLine,
  lane: Lane,
  reached: Milestone,
  sailing: boolean,
  atSea: Set<string>,
  rng: Random,
) {
  const free = line.vesselNames.filter((n) => !atSea.has(n));
  const sailingName = sailing ? rng.pick(free) : null;
  // Ships due at a port soon should not be somewhere else on the map: prefer ones not at sea for another shipment.
  const anyShip = () => rng.pick(free.length > 0 ? free : line.vesselNames);
  const other = (than: string) => rng.pick(line.vesselNames.filter((n) => n !== than));
  if (!lane.via) {
    const name = sailingName ?? anyShip();
    return { firstVesselName: name, podVesselName: name, sailingName };
  }
  if (sailingName && reached === "vessel_departed")
    return { firstVesselName: sailingName, podVesselName: other(sailingName), sailingName };
  const podVesselName = sailingName ?? anyShip();
  return { firstVesselName: other(podVesselName), podVesselName, sailingName };
}

/** Creation times are distinct to the second, because lists sort on them. */
function distinctTime(candidate: number, used: Set<number>): number {
  let t = Math.floor(candidate / 1000) * 1000;
  while (used.has(t)) t -= 1000;
  used.add(t);
  return t;
}

/**
 * Builds the demo rows for an account without touching the database.
 * `stoppedByUserId` is the user recorded as having stopped tracking where the reason is "cancelled_by_user".
 */
export function generateDemoData(accountId: string, now: Date, stoppedByUserId: string | null): DemoData {
  const nowMs = now.getTime();
  const lanes = new LanePicker();
  const atSea = new Set<string>();
  const takenNumbers = new Set<string>();
  const takenBols = new Set<string>();
  const createdTimes = new Set<number>();
  const out: DemoData = { shipments: [], containers: [], transportEvents: [], rawEvents: [], vessels: [] };
  const positions = new Map<string, SeaPosition>();
  let index = 0;

  for (const stage of STAGES) {
    for (let k = 0; k < stage.count; k++, index++) {
      const rng = new Random(`shipment/${index}`);
      const lane = lanes.next(stage.lanes);
      let reached = rng.pick(stage.reached);
      // On a transshipment lane, show the box on its ship to the port of discharge: that is the ship the shipment names.
      if (reached === "vessel_departed" && lane.via && !stage.stop) reached = "transshipment_departed";
      const sailing = !stage.stop && (reached === "vessel_departed" || reached === "transshipment_departed");

      // Lines take turns; a shipment on the water needs a ship that is not already at sea for another one.
      let line = DEMO_LINES[index % DEMO_LINES.length]!;
      for (let step = 1; sailing && line.vesselNames.every((n) => atSea.has(n)); step++) {
        line = DEMO_LINES[(index + step) % DEMO_LINES.length]!;
      }
      const { firstVesselName, podVesselName, sailingName } = assignVessels(
        line,
        lane,
        reached,
        sailing,
        atSea,
        rng,
      );
      if (sailingName) atSea.add(sailingName);

      const pol = port(lane.pol);
      const pod = port(lane.pod);
      const podTerminals = terminalsAt(pod.locode);
      if (podTerminals.length === 0)
        throw new Error(`Demo lane ${lane.pol}-${lane.pod}: no terminal at ${lane.pod}`);
      const plan = buildPlan(lane, rng);
      const { origin, observedAt, lfdOverride } = placeOnCalendar(plan, reached, stage, nowMs, pod, k, rng);
      const polTerminals = terminalsAt(pol.locode);
      const hubTerminals = lane.via ? terminalsAt(lane.via) : [];

      // Tracking usually starts a day or two after booking; the list covers the last 60 days.
      const createdAt = distinctTime(
        Math.max(
          nowMs - rng.between(55, 59.5) * DAY,
          Math.min(origin + rng.between(2, 72) * HOUR, observedAt - HOUR),
        ),
        createdTimes,
      );
      const trackedAt = stage.stop
        ? observedAt - Math.round(rng.between(10, 120) * MINUTE)
        : nowMs - Math.round(rng.between(2, 55) * MINUTE);
      const succeededAt =
        !stage.stop && rng.chance(0.1) ? trackedAt - Math.round(rng.between(2, 6) * HOUR) : trackedAt;

      const j: Journey = {
        index,
        accountId,
        rng,
        stage,
        lane,
        line,
        plan,
        reached,
        origin,
        observedAt,
        now: nowMs,
        pol,
        pod,
        hub: lane.via ? port(lane.via) : null,
        destination: lane.inland ? port(lane.inland.destination) : null,
        polTerminal: polTerminals.length > 0 ? rng.pick(polTerminals) : null,
        hubTerminal: hubTerminals.length > 0 ? rng.pick(hubTerminals) : null,
        podTerminal: rng.pick(podTerminals),
        firstVessel: vessel(firstVesselName),
        firstVoyage: voyageNumber(rng, lane.bound),
        podVessel: vessel(podVesselName),
        podVoyage: voyageNumber(rng, lane.bound),
        createdAt,
        trackedAt: Math.max(createdAt + MINUTE, trackedAt),
        lfdOverride,
      };
      if (!lane.via) j.firstVoyage = j.podVoyage;

      let bol = billOfLading(line, pol, rng);
      while (takenBols.has(bol.full)) bol = billOfLading(line, pol, rng);
      takenBols.add(bol.full);

      const reefer = rng.chance(0.12);
      const tags: string[] = rng.sample(
        TAGS,
        rng.weighted([
          [0, 4],
          [1, 4],
          [2, 2],
        ] as const),
      );
      if (reefer) tags.push("reefer");
      const refNumbers = Array.from(
        {
          length: rng.weighted([
            [0, 2],
            [1, 5],
            [2, 2],
            [3, 1],
          ] as const),
        },
        (_, r) =>
          r === 0
            ? `PO-${rng.digits(5)}`
            : rng.pick([`PO-${rng.digits(5)}`, `SO-${rng.digits(6)}`, `INV-${rng.digits(4)}`]),
      );
      const boxes = rng.weighted([
        [1, 30],
        [2, 25],
        [3, 20],
        [4, 12],
        [5, 8],
        [6, 5],
      ] as const);
      const departed = isReached(j, "vessel_departed");
      const arrived = isReached(j, "vessel_arrived");
      const eta = at(j, startOf(plan, "vessel_arrived"));
      // Slipped arrivals: the line's estimate moved out by a few days after departure.
      const slipDays = departed && rng.chance(0.4) ? rng.int(1, 5) : 0;
      const onlyEtdKnown = reached === "booked";

      out.shipments.push({
        id: stableUuid("demo", `${accountId}/shipment/${index}`),
        accountId,
        createdAt: new Date(createdAt),
        updatedAt: new Date(Math.max(createdAt, succeededAt)),
        billOfLadingNumber: bol.full,
        normalizedNumber: bol.normalized,
        refNumbers,
        tags,
        shippingLineId: shippingLineId(line.scac),
        customerName: rng.pick(CUSTOMERS),
        portOfLadingId: portId(pol.locode),
        portOfDischargeId: portId(pod.locode),
        destinationId: j.destination ? portId(j.destination.locode) : null,
        podTerminalId: terminalRowId(j.podTerminal),
        destinationTerminalId: null,
        podVesselId: j.podVessel.id,
        podVoyageNumber: j.podVoyage,
        polEtdAt: new Date(
          at(
            j,
            startOf(plan, "vessel_departed") - Math.round(rng.chance(0.5) ? 0 : rng.between(4, 30) * HOUR),
          ),
        ),
        polAtdAt: departed ? new Date(at(j, startOf(plan, "vessel_departed"))) : null,
        podEtaAt: onlyEtdKnown ? null : new Date(eta),
        podOriginalEtaAt: onlyEtdKnown ? null : new Date(eta - slipDays * DAY),
        podAtaAt: arrived ? new Date(eta) : null,
        destinationEtaAt:
          j.destination && !onlyEtdKnown ? new Date(at(j, startOf(plan, "rail_arrived"))) : null,
        destinationAtaAt:
          j.destination && isReached(j, "rail_arrived")
            ? new Date(at(j, startOf(plan, "rail_arrived")))
            : null,
        lineTrackingLastAttemptedAt: new Date(j.trackedAt),
        lineTrackingLastSucceededAt: new Date(Math.max(createdAt, succeededAt)),
        lineTrackingStoppedAt: stage.stop ? new Date(observedAt) : null,
        lineTrackingStoppedReason: stage.stop ?? null,
        lineTrackingStoppedByUserId: stage.stop === "cancelled_by_user" ? stoppedByUserId : null,
      });

      for (let c = 0; c < boxes; c++) {
        const boxRng = new Random(`shipment/${index}/box/${c}`);
        const built = buildContainer(
          j,
          c,
          containerNumber(line, boxRng, takenNumbers),
          boxSpec(reefer, boxRng),
          tags,
        );
        out.containers.push(built.row);
        out.transportEvents.push(...built.transport);
        out.rawEvents.push(...built.raw);
      }

      const position = seaPosition(j);
      if (position) positions.set(position.vessel.name, position);
    }
  }

  for (const v of FLEET.values()) {
    const p = positions.get(v.name);
    out.vessels.push({
      id: v.id,
      name: v.name,
      imo: v.imo,
      mmsi: v.mmsi,
      latitude: p?.latitude ?? null,
      longitude: p?.longitude ?? null,
      speedKnots: p?.speedKnots ?? null,
      headingDegrees: p?.headingDegrees ?? null,
      positionAt: p?.positionAt ?? null,
    });
  }
  return out;
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  // One statement per chunk keeps every insert well under PostgreSQL's 65,535 bind parameters.
  for (let i = 0; i < rows.length; i += 400) await insert(rows.slice(i, i + 400));
}

/**
 * Inserts the demo data set into an account that has none yet. Vessels are shared reference rows:
 * they are upserted, so seeding a second account only moves the ships to the newer positions.
 */
export async function seedDemoData(
  db: Db,
  accountId: string,
  now: Date,
): Promise<{ shipments: number; containers: number }> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.accountId, accountId))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(1);
    const data = generateDemoData(accountId, now, owner?.id ?? null);
    await tx
      .insert(vessels)
      .values(data.vessels)
      .onConflictDoUpdate({
        target: vessels.id,
        // Keys are the schema's property names: Drizzle silently drops keys that are not.
        set: {
          name: sql`excluded.name`,
          imo: sql`excluded.imo`,
          mmsi: sql`excluded.mmsi`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
          speedKnots: sql`excluded.nautical_speed_knots`,
          headingDegrees: sql`excluded.navigational_heading_degrees`,
          positionAt: sql`excluded.position_timestamp`,
        },
      });
    await insertInChunks(data.shipments, (chunk) => tx.insert(shipments).values(chunk));
    await insertInChunks(data.containers, (chunk) => tx.insert(containers).values(chunk));
    await insertInChunks(data.transportEvents, (chunk) => tx.insert(transportEvents).values(chunk));
    await insertInChunks(data.rawEvents, (chunk) => tx.insert(rawEvents).values(chunk));
    return { shipments: data.shipments.length, containers: data.containers.length };
  });
}
