// Development only (`/map?synthetic=2000` in `vite dev`, or in a build made with VITE_MAP_SYNTHETIC=1): a made-up
// fleet of any size along the main trade lanes, to measure how the map pans and zooms with thousands of vessels.
// Never part of a normal production build: it is loaded (synthetic-fleet-chunk.ts) only behind those flags.
import type { Port } from "../../../api/reference";
import type { FleetCargo } from "../../../api/vessels";
import { type LatLng, unwrap, unwrapToEnd } from "../../components/map/coordinates";
import type { FleetVesselView } from "./fleet";

interface Lane {
  to: { code: string; name: string; zone: string };
  /** Waypoints at sea, longitudes continuous (a crossing of the 180th meridian goes past 180). */
  points: LatLng[];
}

const LANES: Lane[] = [
  {
    to: { code: "USLAX", name: "Los Angeles", zone: "America/Los_Angeles" },
    points: [
      [31, 122.5],
      [33, 130],
      [36, 142],
      [42, 160],
      [45, 180],
      [43, 200],
      [38, 225],
      [33.7, 241.7],
    ],
  },
  {
    to: { code: "PABLB", name: "Balboa", zone: "America/Panama" },
    points: [
      [22, 114.5],
      [21, 125],
      [25, 145],
      [20, 170],
      [18, 190],
      [14, 230],
      [10, 260],
      [8.8, 280.5],
    ],
  },
  {
    to: { code: "NLRTM", name: "Rotterdam", zone: "Europe/Amsterdam" },
    points: [
      [31, 122.5],
      [25, 121],
      [21, 115],
      [10, 109],
      [1.3, 104],
      [5, 97],
      [6, 80],
      [12, 52],
      [13, 43],
      [20, 38],
      [28, 33.5],
      [31.5, 32.3],
      [34, 25],
      [36, 13],
      [37, 5],
      [36, -6],
      [40, -10],
      [45, -9],
      [48.5, -5.5],
      [50, -1],
      [51.9, 4],
    ],
  },
  {
    to: { code: "USNYC", name: "New York", zone: "America/New_York" },
    points: [
      [50, -1],
      [49, -10],
      [45, -30],
      [42, -50],
      [40.5, -70],
      [40.5, -73.9],
    ],
  },
  {
    to: { code: "AUSYD", name: "Sydney", zone: "Australia/Sydney" },
    points: [
      [22, 114.5],
      [10, 125],
      [0, 130],
      [-10, 145],
      [-20, 155],
      [-33.9, 151.4],
    ],
  },
  {
    to: { code: "NGAPP", name: "Lagos", zone: "Africa/Lagos" },
    points: [
      [1.3, 104],
      [5, 95],
      [6, 80],
      [-10, 65],
      [-30, 40],
      [-36, 20],
      [-30, 10],
      [-10, 0],
      [4, 3],
      [6.4, 3.4],
    ],
  },
  {
    to: { code: "BRSSZ", name: "Santos", zone: "America/Sao_Paulo" },
    points: [
      [51.9, 4],
      [45, -9],
      [36, -12],
      [28, -16],
      [15, -25],
      [0, -30],
      [-15, -36],
      [-24, -46.3],
    ],
  },
  {
    to: { code: "USHOU", name: "Houston", zone: "America/Chicago" },
    points: [
      [40.5, -73.9],
      [35, -74],
      [30, -79],
      [25, -79.7],
      [24, -83],
      [27, -90],
      [29.4, -94.7],
    ],
  },
  {
    to: { code: "EGPSD", name: "Port Said", zone: "Africa/Cairo" },
    points: [
      [36, -6],
      [37, 5],
      [38, 12],
      [36, 15],
      [35, 20],
      [33, 30],
      [31.3, 32.3],
    ],
  },
  {
    to: { code: "SGSIN", name: "Singapore", zone: "Asia/Singapore" },
    points: [
      [35, 129],
      [33, 126],
      [31, 122.5],
      [25, 121],
      [22, 114.5],
      [15, 112],
      [10, 109],
      [1.3, 103.8],
    ],
  },
  {
    to: { code: "CAVAN", name: "Vancouver", zone: "America/Vancouver" },
    points: [
      [35, 140],
      [45, 160],
      [50, 180],
      [52, 200],
      [50, 225],
      [48.4, 236.5],
    ],
  },
];

const LINES = ["MAEU", "MSCU", "CMDU", "COSU", "HLCU", "ONEY", "EGLV", "ZIMU"];
const NAMES = ["PACIFIC", "ATLANTIC", "EVER", "MSC", "MAERSK", "CMA CGM", "COSCO", "ONE", "HMM", "YM"];
const SUFFIXES = [
  "SPIRIT",
  "HARMONY",
  "GLORY",
  "STAR",
  "PIONEER",
  "DAWN",
  "CROWN",
  "VISION",
  "UNITY",
  "GRACE",
];

/** A seeded generator, so that every run of a measurement draws the same fleet. */
function random(seed: number) {
  let s = seed % 2147483647 || 1;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

function along(points: LatLng[], distance: number): LatLng {
  let left = distance;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (left <= length) {
      const t = length === 0 ? 0 : left / length;
      return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    }
    left -= length;
  }
  return points.at(-1)!;
}

function laneLength(points: LatLng[]) {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    total += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
  }
  return total;
}

const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

/** Where each made-up vessel is on its lane, for drawing its lines when they are asked for. */
const voyages = new Map<string, { lane: Lane; at: number; speed: number }>();

/**
 * A made-up fleet as the API's compact list gives it: no lines. The track and path ahead of one are drawn with
 * syntheticLines when it is chosen (or all of them when asked for), as the API's single vessel gives them.
 */
export function syntheticFleet(count: number, now = Date.now()): FleetVesselView[] {
  const next = random(count * 7919);
  const vessels: FleetVesselView[] = [];
  for (let i = 0; i < count; i++) {
    const lane = LANES[i % LANES.length]!;
    const total = laneLength(lane.points);
    const at = next() * total;
    const speed = 14 + next() * 8;
    const [lat, rawLon] = along(lane.points, at);
    const position: LatLng = [lat, wrap(rawLon)];
    const ahead0 = at + 2 < total ? along(lane.points, at + 2) : lane.points.at(-1)!;
    const heading = (Math.atan2(ahead0[1] - rawLon, ahead0[0] - lat) * 180) / Math.PI;
    const hoursLeft = ((total - at) * 60) / speed;
    const eta = new Date(now + hoursLeft * 3_600_000).toISOString();
    const port: Port = {
      id: `synthetic-port-${lane.to.code}`,
      type: "port",
      attributes: {
        name: lane.to.name,
        code: lane.to.code,
        state_abbr: null,
        city: lane.to.name,
        country_code: lane.to.code.slice(0, 2),
        time_zone: lane.to.zone,
        latitude: lane.points.at(-1)![0],
        longitude: wrap(lane.points.at(-1)![1]),
      },
    };
    const scac = LINES[Math.floor(next() * LINES.length)]!;
    const containers = 1 + Math.floor(next() * 6);
    const id = `synthetic-${i}`;
    voyages.set(id, { lane, at, speed });
    vessels.push({
      id,
      name: `${NAMES[i % NAMES.length]} ${SUFFIXES[Math.floor(i / NAMES.length) % SUFFIXES.length]} ${Math.floor(i / 100) + 1}`,
      imo: String(9_000_000 + i),
      mmsi: String(200_000_000 + i),
      position,
      heading: (heading + 360) % 360,
      speedKnots: Math.round(speed * 10) / 10,
      positionAt: new Date(now - next() * 600_000).toISOString(),
      voyageNumber: `${100 + (i % 800)}E`,
      previousPort: null,
      previousPortAtd: null,
      nextPort: port,
      nextPortEta: eta,
      nextPortPredictedArrival: null,
      nextPortAta: null,
      projectedArrival: eta,
      containersAboard: containers,
      shipmentsAboard: 1,
      cargoSummary: [
        {
          shipping_line_scac: scac,
          port_of_discharge_locode: lane.to.code,
          port_of_discharge_name: lane.to.name,
          containers,
        },
      ],
      track: [],
      ahead: [],
    });
  }
  return vessels;
}

/** A made-up vessel's track of the last week (jittered like reports) and its path ahead to its port. */
export function syntheticLines(vessel: FleetVesselView): { track: LatLng[]; ahead: LatLng[] } {
  const voyage = voyages.get(vessel.id);
  if (!voyage || !vessel.position) return { track: [], ahead: [] };
  const { lane, at, speed } = voyage;
  const total = laneLength(lane.points);
  const next = random(Number(vessel.id.replace("synthetic-", "")) + 1);
  // A week at that speed, in (flat) degrees: about 60 nm to a degree.
  const week = (speed * 24 * 7) / 60;
  // About as many points as the service's simplified week of reports has (20 to 40).
  const jitter = () => (next() - 0.5) * 0.1;
  const track: LatLng[] = [];
  for (let d = Math.max(0, at - week); d < at; d += 2) {
    const [lat, lon] = along(lane.points, d);
    track.push([lat + jitter(), lon + jitter()]);
  }
  const here = along(lane.points, at);
  track.push(here);
  const ahead: LatLng[] = [here];
  for (let d = at + 2; d < total; d += 2) ahead.push(along(lane.points, d));
  ahead.push(lane.points.at(-1)!);
  return { track: unwrapToEnd(track, vessel.position[1]), ahead: unwrap(ahead, vessel.position[1]) };
}

/** The made-up containers aboard a made-up vessel, for its panel (the API's single vessel has them for real). */
export function syntheticCargo(vessel: FleetVesselView): FleetCargo[] {
  const i = Number(vessel.id.replace("synthetic-", ""));
  return vessel.cargoSummary.flatMap((c) =>
    Array.from({ length: c.containers }, (_, k) => ({
      container_id: `synthetic-${i}-${k}`,
      container_number: `SYNU${String(1_000_000 + i * 10 + k).slice(-7)}`,
      shipment_id: `synthetic-shipment-${i}`,
      bill_of_lading_number: `${c.shipping_line_scac}${String(100_000_000 + i)}`,
      shipping_line_scac: c.shipping_line_scac,
      port_of_discharge_locode: c.port_of_discharge_locode,
      port_of_discharge_name: c.port_of_discharge_name,
      port_of_discharge_eta_at: vessel.nextPortEta,
      port_of_discharge_predicted_arrival_at: null,
    })),
  );
}
