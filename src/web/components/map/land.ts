// The bundled Natural Earth land and borders (world-atlas), made drawable on a flat map. The coarse atlas is imported
// here, so that it loads together with any page's chunk that shows a map; the detailed one only when zoomed in.
import type { MultiLineString, Polygon, Position } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import coarse from "world-atlas/countries-110m.json";
import { planarRing, splitAtAntimeridian } from "./atlas-shapes";

/** 1:110m for the world, 1:50m (~0.75 MB, loaded only then) when zoomed in. */
export type LandDetail = "110m" | "50m";

type Atlas = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

export interface LandShapes {
  /** Land polygons, each a list of rings of [lat, lng], longitudes continuous (see planarRing). */
  land: [number, number][][][];
  /** Borders between countries, as lines of [lat, lng] that do not cross the 180th meridian. */
  borders: [number, number][][];
}

const cache = new Map<LandDetail, Promise<LandShapes>>();

/** The land at that detail, decoded once and shared by every map. */
export function landShapes(detail: LandDetail): Promise<LandShapes> {
  let found = cache.get(detail);
  if (!found) {
    const atlas =
      detail === "110m"
        ? Promise.resolve(coarse as unknown as Atlas)
        : import("world-atlas/countries-50m.json").then((m) => m.default as unknown as Atlas);
    found = atlas.then(shapesOf);
    cache.set(detail, found);
  }
  return found;
}

function shapesOf(atlas: Atlas): LandShapes {
  const land: [number, number][][][] = [];
  for (const f of feature(atlas, atlas.objects.land).features) {
    const geometry = f.geometry as Polygon | { type: "MultiPolygon"; coordinates: Position[][][] };
    const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
    for (const polygon of polygons) land.push(polygon.map(planarRing));
  }
  const lines = mesh(atlas, atlas.objects.countries, (a, b) => a !== b) as MultiLineString;
  return { land, borders: lines.coordinates.flatMap(splitAtAntimeridian) };
}
