// Mutable sea-lane graph used while building the network: nodes by coordinates, antimeridian and stub joins.
import { closestFraction, haversineNm, interpolateGreatCircle, type LatLon } from "./spherical";

/** Coordinates equal to 1e-4 degree (~11 m) are one node: the source repeats shared vertices with float noise. */
const KEY_SCALE = 1e4;
/** MARNET cuts lanes at the antimeridian; ends at +180 and -180 within this latitude are the same place. */
const ANTIMERIDIAN_LAT_TOLERANCE = 0.01;
/**
 * Many short feeder lanes end on (or a few nm short of) another lane without sharing a vertex, so they form
 * their own components. A dangling component within this distance of the main network is joined to it at the
 * closest point; anything farther (the Caspian, a few isolated fjord stubs) is left out of routing.
 */
const JOIN_TOLERANCE_NM = 5;

/** Adjacency while building: neighbour index to edge length in nm. */
export type BuildAdjacency = Map<number, number>[];

export class GraphBuilder {
  readonly lat: number[] = [];
  readonly lon: number[] = [];
  readonly adjacency: BuildAdjacency = [];
  private readonly index = new Map<string, number>();

  nodeAt(lon: number, lat: number): number {
    const key = `${Math.round(lon * KEY_SCALE)},${Math.round(lat * KEY_SCALE)}`;
    const existing = this.index.get(key);
    if (existing !== undefined) return existing;
    return this.addNode(lat, lon, key);
  }

  addNode(lat: number, lon: number, key = `new:${this.lat.length}`): number {
    const id = this.lat.length;
    this.lat.push(lat);
    this.lon.push(lon);
    this.adjacency.push(new Map());
    this.index.set(key, id);
    return id;
  }

  point(id: number): LatLon {
    return { lat: this.lat[id] ?? 0, lon: this.lon[id] ?? 0 };
  }

  link(a: number, b: number, nm = haversineNm(this.point(a), this.point(b))): void {
    if (a === b) return;
    this.adjacency[a]?.set(b, nm);
    this.adjacency[b]?.set(a, nm);
  }

  unlink(a: number, b: number): void {
    this.adjacency[a]?.delete(b);
    this.adjacency[b]?.delete(a);
  }

  /** Every undirected edge once, as [lower id, higher id]. */
  edges(): [number, number][] {
    const edges: [number, number][] = [];
    this.adjacency.forEach((neighbours, a) => {
      for (const b of neighbours.keys()) if (b > a) edges.push([a, b]);
    });
    return edges;
  }
}

/** Zero-length edges between the +180 and -180 ends of lanes cut at the antimeridian, so the Pacific is crossable. */
export function joinAntimeridian(g: GraphBuilder): number {
  const east: number[] = [];
  const west: number[] = [];
  g.lon.forEach((lon, id) => {
    if (lon === 180) east.push(id);
    else if (lon === -180) west.push(id);
  });
  let links = 0;
  for (const e of east) {
    for (const w of west) {
      if (Math.abs((g.lat[e] ?? 0) - (g.lat[w] ?? 0)) <= ANTIMERIDIAN_LAT_TOLERANCE) {
        g.link(e, w, 0);
        links++;
      }
    }
  }
  return links;
}

export interface Components {
  of: Int32Array;
  sizes: number[];
  main: number;
}

export function labelComponents(adjacency: BuildAdjacency): Components {
  const of = new Int32Array(adjacency.length).fill(-1);
  const sizes: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < adjacency.length; start++) {
    if (of[start] !== -1) continue;
    const label = sizes.length;
    let size = 0;
    of[start] = label;
    stack.push(start);
    while (stack.length > 0) {
      const node = stack.pop() ?? 0;
      size++;
      for (const next of adjacency[node]?.keys() ?? []) {
        if (of[next] !== -1) continue;
        of[next] = label;
        stack.push(next);
      }
    }
    sizes.push(size);
  }
  let main = 0;
  sizes.forEach((size, label) => {
    if (size > (sizes[main] ?? 0)) main = label;
  });
  return { of, sizes, main };
}

/**
 * Attaches each small component to the main network where it comes closest (a T-junction MARNET drew
 * without a shared vertex): the nearest main edge is split at the closest point and a junction edge added.
 * Repeats so stubs hanging off other stubs join once their parent has.
 */
export function joinStubComponents(g: GraphBuilder, components: Components): number {
  const mainEdges: [number, number][] = [];
  const pending = new Map<number, number[]>();
  components.of.forEach((label, id) => {
    if (label === components.main) {
      for (const other of g.adjacency[id]?.keys() ?? []) if (other > id) mainEdges.push([id, other]);
      return;
    }
    const members = pending.get(label) ?? [];
    members.push(id);
    pending.set(label, members);
  });
  let joined = 0;
  let progress = true;
  while (progress) {
    progress = false;
    for (const [label, members] of pending) {
      const junction = closestJunction(g, members, mainEdges);
      if (!junction || junction.nm > JOIN_TOLERANCE_NM) continue;
      const attachAt = splitEdgeAt(g, junction, mainEdges);
      g.link(junction.node, attachAt);
      mainEdges.push([junction.node, attachAt]);
      for (const id of members) {
        for (const other of g.adjacency[id]?.keys() ?? []) if (other > id) mainEdges.push([id, other]);
      }
      pending.delete(label);
      joined++;
      progress = true;
    }
  }
  return joined;
}

interface Junction {
  node: number;
  /** Index into the main edge list. */
  edgeIndex: number;
  point: LatLon;
  nm: number;
}

function closestJunction(
  g: GraphBuilder,
  members: number[],
  edges: [number, number][],
): Junction | undefined {
  let best: Junction | undefined;
  const marginDegrees = JOIN_TOLERANCE_NM / 60 + 1e-6;
  for (const node of members) {
    const p = g.point(node);
    for (let edgeIndex = 0; edgeIndex < edges.length; edgeIndex++) {
      const [from, to] = edges[edgeIndex] ?? [0, 0];
      const latA = g.lat[from] ?? 0;
      const latB = g.lat[to] ?? 0;
      // Cheap rejection: a point more than the tolerance north or south of both ends cannot be within it,
      // nor east or west of both (unless the edge spans the antimeridian).
      if (p.lat < Math.min(latA, latB) - marginDegrees || p.lat > Math.max(latA, latB) + marginDegrees)
        continue;
      const lonA = g.lon[from] ?? 0;
      const lonB = g.lon[to] ?? 0;
      const lonMargin = marginDegrees / Math.max(0.05, Math.cos((p.lat * Math.PI) / 180));
      const spansAntimeridian = Math.abs(lonA - lonB) > 180;
      if (
        !spansAntimeridian &&
        (p.lon < Math.min(lonA, lonB) - lonMargin || p.lon > Math.max(lonA, lonB) + lonMargin)
      ) {
        continue;
      }
      const a = g.point(from);
      const b = g.point(to);
      const t = closestFraction(p, a, b);
      const point = interpolateGreatCircle(a, b, t);
      const nm = haversineNm(p, point);
      if (!best || nm < best.nm) best = { node, edgeIndex, point, nm };
    }
  }
  return best;
}

/** Returns the node to attach to: an end of the edge when the closest point is (nearly) there, else a new vertex. */
function splitEdgeAt(g: GraphBuilder, junction: Junction, mainEdges: [number, number][]): number {
  const edge = mainEdges[junction.edgeIndex];
  if (!edge) throw new Error("junction edge missing");
  const [a, b] = edge;
  const nearlyNm = 0.05;
  if (haversineNm(junction.point, g.point(a)) < nearlyNm) return a;
  if (haversineNm(junction.point, g.point(b)) < nearlyNm) return b;
  const middle = g.addNode(junction.point.lat, junction.point.lon);
  g.unlink(a, b);
  g.link(a, middle);
  g.link(middle, b);
  mainEdges[junction.edgeIndex] = [a, middle];
  mainEdges.push([middle, b]);
  return middle;
}
