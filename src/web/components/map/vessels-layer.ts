// Many vessels as one layer of a canvas renderer: each drawn as VesselMarker draws one (an arrow along its heading,
// a circle when that is unknown), found under the pointer by the layer itself. As one Leaflet circle marker each,
// 2,000 vessels were 2,000 layers added to the map one by one (ids, events, bounds, a redraw request each), ~45 ms
// of the map page's first frame; here they are two arrays projected in one loop.
import L from "leaflet";
import { arrow } from "./vessel-marker";

/** Leaflet internals this drawing uses (stable across 1.x, not in its type definitions). */
interface CanvasInternals {
  _ctx?: CanvasRenderingContext2D;
  _drawing: boolean;
  _bounds: L.Bounds;
  _fillStroke(ctx: CanvasRenderingContext2D, layer: L.Path): void;
}
interface PathInternals {
  _map: L.Map | undefined;
  _renderer: CanvasInternals | undefined;
  _pxBounds: L.Bounds | undefined;
}

export interface VesselPoint {
  lat: number;
  lng: number;
  /** Degrees clockwise from north; null draws a plain circle. */
  heading: number | null;
}

export interface VesselsLayerOptions extends L.PathOptions {
  /** The arrow's (or circle's) radius in pixels. */
  radius: number;
}

export class VesselsLayer extends L.Path {
  declare options: VesselsLayerOptions;
  private readonly points: VesselPoint[];
  /** Layer pixels of each point, as of the last projection. */
  private xs = new Float64Array(0);
  private ys = new Float64Array(0);

  constructor(points: VesselPoint[], options: VesselsLayerOptions) {
    super();
    L.setOptions(this, { fill: true, ...options });
    this.points = points;
  }

  /** Moves the vessel at `index` (another copy of the world, say); `redraw()` once after a batch of moves. */
  move(index: number, lat: number, lng: number): void {
    const point = this.points[index];
    if (!point) return;
    point.lat = lat;
    point.lng = lng;
  }

  /** Where the vessel at `index` is drawn. */
  latLngOf(index: number): L.LatLng | undefined {
    const point = this.points[index];
    return point ? L.latLng(point.lat, point.lng) : undefined;
  }

  /** The vessel drawn at that layer point (the last drawn, so the one on top), or -1. */
  vesselAt(p: L.Point): number {
    const reach = this.options.radius + this.tolerance();
    for (let i = this.points.length - 1; i >= 0; i--) {
      const dx = this.xs[i]! - p.x;
      const dy = this.ys[i]! - p.y;
      if (dx * dx + dy * dy <= reach * reach) return i;
    }
    return -1;
  }

  private tolerance() {
    const renderer = (this as unknown as { _renderer?: { options: { tolerance?: number } } })._renderer;
    return (
      (this.options.stroke !== false ? (this.options.weight ?? 0) / 2 : 0) +
      (renderer?.options.tolerance ?? 0)
    );
  }

  // Leaflet's path steps (L.Path), for a layer that is many small drawings.

  _project(): void {
    const self = this as unknown as PathInternals;
    const map = self._map;
    if (!map) return;
    const n = this.points.length;
    if (this.xs.length !== n) {
      this.xs = new Float64Array(n);
      this.ys = new Float64Array(n);
    }
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const { lat, lng } = this.points[i]!;
      const p = map.latLngToLayerPoint([lat, lng]);
      this.xs[i] = p.x;
      this.ys[i] = p.y;
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
    }
    // Arrows reach 1.7 radii ahead of their point.
    const pad = this.options.radius * 1.7 + this.tolerance();
    self._pxBounds = n > 0 ? L.bounds([minX - pad, minY - pad], [maxX + pad, maxY + pad]) : undefined;
  }

  _update(): void {
    // Nothing to clip: _updatePath skips the vessels outside the renderer's bounds.
  }

  _updatePath(): void {
    const self = this as unknown as PathInternals;
    const renderer = self._renderer;
    const ctx = renderer?._ctx;
    if (!ctx || !renderer._drawing) return;
    const r = Math.max(this.options.radius, 2);
    const reach = r * 1.7 + (this.options.weight ?? 0);
    const { min, max } = renderer._bounds;
    for (let i = 0; i < this.points.length; i++) {
      const x = this.xs[i]!;
      const y = this.ys[i]!;
      if (x + reach < min!.x || x - reach > max!.x || y + reach < min!.y || y - reach > max!.y) continue;
      const heading = this.points[i]!.heading;
      ctx.beginPath();
      if (heading === null || !Number.isFinite(heading)) {
        ctx.arc(x, y, Math.max(Math.round(this.options.radius), 1), 0, Math.PI * 2, false);
      } else {
        for (const [k, c] of arrow({ x, y }, r, heading).entries()) {
          if (k === 0) ctx.moveTo(c.x, c.y);
          else ctx.lineTo(c.x, c.y);
        }
        ctx.closePath();
      }
      renderer._fillStroke(ctx, this);
    }
  }

  _empty(): boolean {
    return this.points.length === 0;
  }

  _containsPoint(p: L.Point): boolean {
    return this.vesselAt(p) >= 0;
  }
}
