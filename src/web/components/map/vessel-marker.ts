// A vessel on a canvas map: a circle marker drawn as a small arrow pointing along the vessel's heading. It stays a
// circle marker for Leaflet (hit-testing, events, thousands of them on one canvas), only its drawing differs.
import L from "leaflet";

/** Leaflet internals this drawing uses (stable across 1.x, not in its type definitions). */
interface RendererInternals {
  _updateCircle(layer: L.Path): void;
}
interface CanvasInternals extends RendererInternals {
  _ctx: CanvasRenderingContext2D;
  _drawing: boolean;
  _fillStroke(ctx: CanvasRenderingContext2D, layer: L.Path): void;
}
interface SvgInternals extends RendererInternals {
  _setPath(layer: L.Path, path: string): void;
}
interface MarkerInternals {
  _renderer: CanvasInternals | SvgInternals | undefined;
  _point: L.Point;
  _radius: number;
  _empty(): boolean;
}

export interface VesselMarkerOptions extends L.CircleMarkerOptions {
  /** Degrees clockwise from north; null draws a plain circle (heading unknown). */
  heading: number | null;
}

export class VesselMarker extends L.CircleMarker {
  declare options: VesselMarkerOptions;

  constructor(latlng: L.LatLngExpression, options: VesselMarkerOptions) {
    super(latlng, options);
  }

  setHeading(heading: number | null): this {
    this.options.heading = heading;
    return this.redraw();
  }

  /** Leaflet's own drawing step, overridden to draw the arrow on canvas and SVG renderers alike. */
  _updatePath(): void {
    const self = this as unknown as MarkerInternals;
    const renderer = self._renderer;
    const heading = this.options.heading;
    if (!renderer || heading === null || !Number.isFinite(heading)) {
      renderer?._updateCircle(this);
      return;
    }
    const corners = arrow(self._point, Math.max(self._radius, 2), heading);
    if ("_setPath" in renderer) {
      if (self._empty()) return;
      renderer._setPath(this, `M${corners.map((p) => `${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join("L")}Z`);
      return;
    }
    if (!renderer._drawing || self._empty()) return;
    const ctx = renderer._ctx;
    ctx.beginPath();
    for (const [i, p] of corners.entries()) {
      if (i === 0) ctx.moveTo(p.x, p.y);
      else ctx.lineTo(p.x, p.y);
    }
    ctx.closePath();
    renderer._fillStroke(ctx, this);
  }
}

/**
 * The four corners of an arrow of radius `r` at `at` pointing along `heading` (screen space, y downwards); the
 * fleet's layer (vessels-layer.ts) draws the same arrows.
 */
export function arrow(at: { x: number; y: number }, r: number, heading: number): { x: number; y: number }[] {
  const angle = (heading * Math.PI) / 180;
  const fx = Math.sin(angle);
  const fy = -Math.cos(angle);
  // To the right of the heading.
  const rx = -fy;
  const ry = fx;
  const { x, y } = at;
  return [
    { x: x + fx * r * 1.7, y: y + fy * r * 1.7 },
    { x: x - fx * r + rx * r, y: y - fy * r + ry * r },
    { x: x - fx * r * 0.45, y: y - fy * r * 0.45 },
    { x: x - fx * r - rx * r, y: y - fy * r - ry * r },
  ];
}
