// The bundled Natural Earth land and borders as flat arrays of Web Mercator points at zoom 0 (the world 256 px
// wide), ready to trace: made once per atlas, in a worker for the detailed one, so that the page's main thread
// only copies numbers into paths and never decodes topology or makes a LatLng per point.
import type { MultiLineString, Polygon, Position } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { planarRing, splitAtAntimeridian } from "./atlas-shapes";

export type Atlas = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/** Lines one after another: x, y pairs in `points`, the number of points of each line in `lengths`. */
export interface LineSet {
  points: Float32Array;
  lengths: Uint32Array;
}

export interface ProjectedLand {
  /** Every ring of every land polygon (outer ring, then its holes), continuous across the 180th meridian. */
  land: LineSet;
  /** How many rings of `land` each polygon has, in order: a polygon's holes are filled with it. */
  ringsPerPolygon: Uint32Array;
  /** Borders between countries, cut at the 180th meridian. */
  borders: LineSet;
}

/** The world's width at zoom 0 in Web Mercator, in pixels. */
export const WORLD_WIDTH = 256;
/** Where Web Mercator stops (Leaflet's SphericalMercator.MAX_LATITUDE). */
const MAX_LATITUDE = 85.0511287798;

/** Leaflet's EPSG:3857 at zoom 0: the same pixel Leaflet's `crs.latLngToPoint(latLng, 0)` gives. */
export function mercatorPoint(lat: number, lng: number): [number, number] {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  const y = Math.log((1 + sin) / (1 - sin)) / 2;
  return [(WORLD_WIDTH * (lng + 180)) / 360, WORLD_WIDTH * (0.5 - y / (2 * Math.PI))];
}

function lineSet(lines: readonly (readonly [number, number])[][]): LineSet {
  const total = lines.reduce((sum, l) => sum + l.length, 0);
  const points = new Float32Array(total * 2);
  const lengths = new Uint32Array(lines.length);
  let k = 0;
  lines.forEach((line, i) => {
    lengths[i] = line.length;
    for (const [lat, lng] of line) {
      const [x, y] = mercatorPoint(lat, lng);
      points[k++] = x;
      points[k++] = y;
    }
  });
  return { points, lengths };
}

/** The atlas's land and borders, projected. */
export function projectAtlas(atlas: Atlas): ProjectedLand {
  const rings: [number, number][][] = [];
  const ringsPerPolygon: number[] = [];
  for (const f of feature(atlas, atlas.objects.land).features) {
    const geometry = f.geometry as Polygon | { type: "MultiPolygon"; coordinates: Position[][][] };
    const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
    for (const polygon of polygons) {
      rings.push(...polygon.map(planarRing));
      ringsPerPolygon.push(polygon.length);
    }
  }
  const lines = mesh(atlas, atlas.objects.countries, (a, b) => a !== b) as MultiLineString;
  return {
    land: lineSet(rings),
    ringsPerPolygon: Uint32Array.from(ringsPerPolygon),
    borders: lineSet(lines.coordinates.flatMap(splitAtAntimeridian)),
  };
}
