// Land/sea tests against Natural Earth 1:50m land polygons (world-atlas): keeps sea routes off land.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Feature, FeatureCollection, Geometry, Position } from "geojson";
import { feature } from "topojson-client";
import { destinationPoint, haversineNm, interpolateGreatCircle, type LatLon } from "./spherical";

type Topology = Parameters<typeof feature>[0];

/**
 * For point tests, coastline edges are bucketed by latitude band: a point ray-casts only against its own
 * band (a few hundred edges at most instead of ~60,000).
 */
const BAND_DEGREES = 0.1;
const BAND_COUNT = Math.ceil(180 / BAND_DEGREES);
/** For segment tests, coastline edges are bucketed in a lon/lat grid of this cell size. */
const CELL_DEGREES = 0.5;
const COLUMNS = 360 / CELL_DEGREES;
const ROWS = 180 / CELL_DEGREES;
/**
 * Great-circle segments are tested as chains of straight lon/lat pieces this long: over 20 nm a great
 * circle strays from the straight line by metres, far below the 1:50m coastline's accuracy.
 */
const PIECE_NM = 20;

/** Edges as flat [x1, y1, x2, y2, ...] arrays (lon/lat degrees). */
interface LandIndex {
  bands: Float64Array[];
  cells: Float64Array[];
}

let index: LandIndex | undefined;

function loadLand(): FeatureCollection | Feature {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve("world-atlas/land-50m.json"), "utf8")) as Topology;
  const land = topology.objects.land;
  if (!land) throw new Error("world-atlas land-50m.json has no 'land' object");
  return feature(topology, land);
}

function polygonsOf(geojson: FeatureCollection | Feature): Position[][][] {
  const geometries: Geometry[] =
    geojson.type === "FeatureCollection" ? geojson.features.map((f) => f.geometry) : [geojson.geometry];
  const polygons: Position[][][] = [];
  for (const geometry of geometries) {
    if (geometry.type === "Polygon") polygons.push(geometry.coordinates);
    else if (geometry.type === "MultiPolygon") polygons.push(...geometry.coordinates);
  }
  return polygons;
}

/**
 * Natural Earth rings that cross the antimeridian come out of topojson-client in spherical form: they jump
 * between +180 and -180, and Antarctica's ring circles the South Pole without closing. Planar geometry
 * needs closed, continuous rings, so each ring is unwrapped (every step under 180° of longitude), closed
 * through the pole if it circles one, and duplicated 360° over where it pokes out of [-180, 180].
 * Rings come back flat: [x0, y0, x1, y1, ...].
 */
function planarRings(ring: Position[]): number[][] {
  const flat: number[] = [];
  let previousLon: number | undefined;
  let latSum = 0;
  let minLon = Number.POSITIVE_INFINITY;
  let maxLon = Number.NEGATIVE_INFINITY;
  for (const [rawLon = 0, lat = 0] of ring) {
    let lon = rawLon;
    if (previousLon !== undefined) {
      while (lon - previousLon > 180) lon -= 360;
      while (lon - previousLon < -180) lon += 360;
    }
    flat.push(lon, lat);
    previousLon = lon;
    latSum += lat;
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
  }
  if (flat.length < 6) return [];
  const firstLon = flat[0] ?? 0;
  const firstLat = flat[1] ?? 0;
  const lastLon = flat[flat.length - 2] ?? 0;
  if (Math.abs(lastLon - firstLon) > 180) {
    const pole = latSum < 0 ? -90 : 90;
    flat.push(lastLon, pole, firstLon, pole, firstLon, firstLat);
  }
  const shifted = (by: number) => flat.map((value, i) => (i % 2 === 0 ? value + by : value));
  const rings = [flat];
  if (maxLon > 180) rings.push(shifted(-360));
  if (minLon < -180) rings.push(shifted(360));
  return rings;
}

function bandOf(lat: number): number {
  return clamp(Math.floor((lat + 90) / BAND_DEGREES), 0, BAND_COUNT - 1);
}

function columnOf(lon: number): number {
  return clamp(Math.floor((lon + 180) / CELL_DEGREES), 0, COLUMNS - 1);
}

function rowOf(lat: number): number {
  return clamp(Math.floor((lat + 90) / CELL_DEGREES), 0, ROWS - 1);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Calls `visit` for each latitude band and each grid cell an edge belongs in. */
function forEachBucket(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  visit: (kind: "band" | "cell", bucket: number) => void,
): void {
  // A horizontal edge never crosses a horizontal ray, so point tests can skip it.
  if (y1 !== y2) {
    for (let band = bandOf(Math.min(y1, y2)); band <= bandOf(Math.max(y1, y2)); band++) visit("band", band);
  }
  // Copies shifted fully outside [-180, 180] are only there for the point test's rays.
  if (Math.max(x1, x2) < -180 || Math.min(x1, x2) > 180) return;
  const columnStart = columnOf(Math.min(x1, x2));
  const columnEnd = columnOf(Math.max(x1, x2));
  for (let row = rowOf(Math.min(y1, y2)); row <= rowOf(Math.max(y1, y2)); row++) {
    for (let column = columnStart; column <= columnEnd; column++) visit("cell", row * COLUMNS + column);
  }
}

/** All ring edges as one flat [x1, y1, x2, y2, ...] array, zero-length edges dropped. */
function edgesOf(polygons: Position[][][]): Float64Array {
  const edges: number[] = [];
  for (const ring of polygons.flatMap((polygon) => polygon.flatMap(planarRings))) {
    for (let i = 0; i + 3 < ring.length; i += 2) {
      const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = ring.slice(i, i + 4);
      if (x1 !== x2 || y1 !== y2) edges.push(x1, y1, x2, y2);
    }
  }
  return Float64Array.from(edges);
}

/**
 * Indexes every ring's edges (outer rings and holes alike: even-odd counting handles holes). Two passes,
 * count then fill, so the bucket entries go straight into typed arrays.
 */
function buildLandIndex(polygons: Position[][][]): LandIndex {
  const edges = edgesOf(polygons);
  const bandCounts = new Uint32Array(BAND_COUNT);
  const cellCounts = new Uint32Array(ROWS * COLUMNS);
  const visitAll = (visit: (kind: "band" | "cell", bucket: number, edge: Float64Array) => void) => {
    for (let i = 0; i < edges.length; i += 4) {
      const edge = edges.subarray(i, i + 4);
      const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = edge;
      forEachBucket(x1, y1, x2, y2, (kind, bucket) => visit(kind, bucket, edge));
    }
  };
  visitAll((kind, bucket) => {
    const counts = kind === "band" ? bandCounts : cellCounts;
    counts[bucket] = (counts[bucket] ?? 0) + 4;
  });
  const empty = new Float64Array(0);
  const allocate = (size: number) => (size === 0 ? empty : new Float64Array(size));
  const bands = Array.from(bandCounts, allocate);
  const cells = Array.from(cellCounts, allocate);
  bandCounts.fill(0);
  cellCounts.fill(0);
  visitAll((kind, bucket, edge) => {
    const counts = kind === "band" ? bandCounts : cellCounts;
    const offset = counts[bucket] ?? 0;
    (kind === "band" ? bands : cells)[bucket]?.set(edge, offset);
    counts[bucket] = offset + 4;
  });
  return { bands, cells };
}

function landIndex(): LandIndex {
  index ??= buildLandIndex(polygonsOf(loadLand()));
  return index;
}

/**
 * Whether a position is on land per Natural Earth 1:50m (coastline generalised to ~1-2 km: narrow
 * estuaries, canals, rivers and harbour basins read as land; lakes are land). Loads the polygons on first use.
 */
export function isOnLand(lat: number, lon: number): boolean {
  const edges = landIndex().bands[bandOf(lat)];
  if (!edges) return false;
  // Even-odd ray cast eastwards.
  let inside = false;
  for (let i = 0; i < edges.length; i += 4) {
    const y1 = edges[i + 1] ?? 0;
    const y2 = edges[i + 3] ?? 0;
    if (y1 > lat === y2 > lat) continue;
    const x1 = edges[i] ?? 0;
    const x2 = edges[i + 2] ?? 0;
    if (lon < x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
  }
  return inside;
}

/**
 * Where the great-circle segment a→b crosses a coastline, as fractions of its length (ascending). An even
 * count between two sea points means it passes over land and back; zero means it stays at sea.
 */
export function coastlineCrossings(a: LatLon, b: LatLon, stopAtFirst = false): number[] {
  const cells = landIndex().cells;
  const pieces = Math.max(1, Math.ceil(haversineNm(a, b) / PIECE_NM));
  const found: number[] = [];
  let from = a;
  for (let k = 1; k <= pieces; k++) {
    const to = k === pieces ? b : interpolateGreatCircle(a, b, k / pieces);
    for (const [p, q, t0, t1] of splitAtAntimeridian(from, to)) {
      for (const t of pieceCrossings(cells, p, q)) {
        found.push((k - 1 + t0 + t * (t1 - t0)) / pieces);
        if (stopAtFirst) return found;
      }
    }
    from = to;
  }
  return found.sort((x, y) => x - y);
}

/** Whether the great-circle segment a→b touches land anywhere (ends included if they are on land). */
export function segmentCrossesLand(a: LatLon, b: LatLon): boolean {
  return coastlineCrossings(a, b, true).length > 0 || isOnLand(a.lat, a.lon) || isOnLand(b.lat, b.lon);
}

type Piece = [from: LatLon, to: LatLon, startFraction: number, endFraction: number];

/** One straight piece, or two if it jumps the antimeridian (each then stays inside [-180, 180]). */
function splitAtAntimeridian(p: LatLon, q: LatLon): Piece[] {
  const dLon = q.lon - p.lon;
  if (Math.abs(dLon) <= 180) return [[p, q, 0, 1]];
  const edge = p.lon > 0 ? 180 : -180;
  const unwrappedQ = q.lon + (p.lon > 0 ? 360 : -360);
  const t = (edge - p.lon) / (unwrappedQ - p.lon);
  const lat = p.lat + (q.lat - p.lat) * t;
  return [
    [p, { lat, lon: edge }, 0, t],
    [{ lat, lon: -edge }, q, t, 1],
  ];
}

/** Fractions along the straight lon/lat piece p→q where it crosses an indexed coastline edge. */
function pieceCrossings(cells: Float64Array[], p: LatLon, q: LatLon): number[] {
  const found: number[] = [];
  const dx = q.lon - p.lon;
  const dy = q.lat - p.lat;
  const rowEnd = rowOf(Math.max(p.lat, q.lat));
  const columnEnd = columnOf(Math.max(p.lon, q.lon));
  for (let row = rowOf(Math.min(p.lat, q.lat)); row <= rowEnd; row++) {
    for (let column = columnOf(Math.min(p.lon, q.lon)); column <= columnEnd; column++) {
      const edges = cells[row * COLUMNS + column];
      if (!edges || edges.length === 0) continue;
      for (let i = 0; i < edges.length; i += 4) {
        const ex = edges[i] ?? 0;
        const ey = edges[i + 1] ?? 0;
        const fx = (edges[i + 2] ?? 0) - ex;
        const fy = (edges[i + 3] ?? 0) - ey;
        const denominator = dx * fy - dy * fx;
        if (denominator === 0) continue; // parallel: touching along a coastline is not a crossing
        const wx = ex - p.lon;
        const wy = ey - p.lat;
        const t = (wx * fy - wy * fx) / denominator;
        const u = (wx * dy - wy * dx) / denominator;
        // Half-open ranges so a crossing exactly at a shared vertex counts once.
        if (t < 0 || t >= 1 || u < 0 || u >= 1) continue;
        // An edge spanning several cells is met in each; count it only in the cell holding the crossing.
        if (rowOf(p.lat + t * dy) !== row || columnOf(p.lon + t * dx) !== column) continue;
        found.push(t);
      }
    }
  }
  return found;
}

/** Search radii for nearestSeaPoint, nm: fine near the start because ports sit right at the water's edge. */
const SEA_SEARCH_RADII_NM = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 7, 10];

/**
 * The position itself if it is at sea, else the closest point found at sea within `maxNm` (16 bearings
 * on widening rings), else `undefined`: quay-side port coordinates often read as land at 1:50m.
 */
export function nearestSeaPoint(p: LatLon, maxNm = 10): LatLon | undefined {
  if (!isOnLand(p.lat, p.lon)) return p;
  for (const radius of SEA_SEARCH_RADII_NM) {
    if (radius > maxNm) break;
    for (let bearing = 0; bearing < 360; bearing += 22.5) {
      const q = destinationPoint(p, bearing, radius);
      if (!isOnLand(q.lat, q.lon)) return q;
    }
  }
  return undefined;
}
