// The land and borders as one layer of a canvas renderer: each traced once into a path in the map's zoom-0 pixels
// and drawn at any zoom by scaling the canvas, three times side by side. As one Leaflet polygon per piece of land
// and per copy of the world, the coarse land alone was 24,000 points made into LatLng objects, projected and
// clipped on every zoom and pan, most of the map's first frame.
import L from "leaflet";
import { traceLines } from "./atlas-shapes";
import type { LandShapes } from "./land";

/** Leaflet internals this drawing uses (stable across 1.x, not in its type definitions). */
interface CanvasInternals {
  _ctx?: CanvasRenderingContext2D;
  _drawing: boolean;
}
interface PathInternals {
  _map: L.Map | undefined;
  _renderer: CanvasInternals | undefined;
  _pxBounds: L.Bounds | undefined;
}

export interface LandStyle {
  land: string;
  coast: string;
  border: string;
}

/** The world drawn three times side by side, so that lines unwrapped beyond ±180° still have land under them. */
const COPIES = [-1, 0, 1];
const COAST_WEIGHT = 0.6;
const BORDER_WEIGHT = 0.5;
const BORDER_OPACITY = 0.9;

interface Traced {
  land: Path2D;
  borders: Path2D;
  /** The world's width at zoom 0, in pixels (256 in Web Mercator). */
  worldWidth: number;
}

/** Traced once per atlas and projection, whichever map or zoom level asks again. */
const tracings = new WeakMap<LandShapes, Map<L.CRS, Traced>>();

function traced(shapes: LandShapes, crs: L.CRS): Traced {
  let byCrs = tracings.get(shapes);
  if (!byCrs) {
    byCrs = new Map();
    tracings.set(shapes, byCrs);
  }
  let found = byCrs.get(crs);
  if (!found) {
    // At zoom 0 of the map's projection: any zoom is that path scaled by a power of two.
    const toPoint = (lat: number, lng: number) => crs.latLngToPoint(L.latLng(lat, lng), 0);
    const land = new Path2D();
    // One path for all of it: evenodd filling leaves each polygon's holes open, as Leaflet's polygons did.
    traceLines(land, shapes.land.flat(), toPoint, true);
    const borders = new Path2D();
    traceLines(borders, shapes.borders, toPoint, false);
    found = { land, borders, worldWidth: toPoint(0, 180).x - toPoint(0, -180).x };
    byCrs.set(crs, found);
  }
  return found;
}

const crsOf = (map: L.Map) => map.options.crs ?? L.CRS.EPSG3857;

export class LandLayer extends L.Path {
  private readonly shapes: LandShapes;
  private readonly style: LandStyle;

  constructor(shapes: LandShapes, style: LandStyle, options: L.PathOptions) {
    super();
    L.setOptions(this, { ...options, interactive: false });
    this.shapes = shapes;
    this.style = style;
  }

  /** How the zoom-0 path maps to the map's layer pixels now: x' = x·scale + dx, y' = y·scale + dy. */
  private placement(map: L.Map) {
    const crs = crsOf(map);
    const scale = crs.scale(map.getZoom()) / crs.scale(0);
    const origin = map.getPixelOrigin();
    return { scale, dx: -origin.x, dy: -origin.y };
  }

  // Leaflet's path steps (L.Path), for a layer that is one pre-traced drawing.

  _project(): void {
    const self = this as unknown as PathInternals;
    const map = self._map;
    if (!map) return;
    const { worldWidth } = traced(this.shapes, crsOf(map));
    const { scale, dx, dy } = this.placement(map);
    // Every copy, with the longitudes that run on past ±180°: the renderer redraws it wherever it overlaps.
    self._pxBounds = L.bounds(
      [dx - 2 * worldWidth * scale, dy],
      [dx + 3 * worldWidth * scale, dy + worldWidth * scale],
    );
  }

  _update(): void {
    // Nothing to clip or simplify: the renderer draws the traced paths as they are.
  }

  _updatePath(): void {
    const self = this as unknown as PathInternals;
    const renderer = self._renderer;
    const map = self._map;
    const ctx = renderer?._ctx;
    if (!map || !ctx || !renderer._drawing) return;
    const { land, borders, worldWidth } = traced(this.shapes, crsOf(map));
    const { scale, dx, dy } = this.placement(map);
    ctx.save();
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    for (const copy of COPIES) {
      ctx.save();
      ctx.translate(dx + copy * worldWidth * scale, dy);
      ctx.scale(scale, scale);
      ctx.fillStyle = this.style.land;
      ctx.fill(land, "evenodd");
      // Line widths in screen pixels whatever the scale.
      ctx.lineWidth = COAST_WEIGHT / scale;
      ctx.strokeStyle = this.style.coast;
      ctx.stroke(land);
      ctx.lineWidth = BORDER_WEIGHT / scale;
      ctx.globalAlpha = BORDER_OPACITY;
      ctx.strokeStyle = this.style.border;
      ctx.stroke(borders);
      ctx.restore();
    }
    ctx.restore();
  }

  _empty(): boolean {
    return false;
  }

  _containsPoint(): boolean {
    return false;
  }
}
