// The land and borders as one layer of a canvas renderer: traced once from the projected atlas into paths in the
// map's zoom-0 pixels and drawn at any zoom by scaling the canvas, three times side by side. The paths are cut into
// pieces by region, and only the pieces in view are drawn: zoomed in on a vessel, the detailed land of the rest of
// the world costs nothing. (As one Leaflet polygon per piece of land and per copy of the world, the coarse land
// alone was 24,000 points made into LatLng objects, projected and clipped on every zoom and pan.)
import L from "leaflet";
import { traceLineSet } from "./atlas-shapes";
import { type LineSet, type ProjectedLand, WORLD_WIDTH } from "./land-geometry";

/** Leaflet internals this drawing uses (stable across 1.x, not in its type definitions). */
interface CanvasInternals {
  _ctx?: CanvasRenderingContext2D;
  _drawing: boolean;
  options: { padding?: number };
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
/** Regions of the world, 8 by 8, that the paths are cut into (by where each polygon or border line lies). */
const GRID = 8;

/** A region's land and borders, and the box (zoom-0 pixels) they lie in. */
interface Piece {
  land: Path2D;
  borders: Path2D;
  box: [number, number, number, number];
}

/** Traced once per atlas, whichever map or zoom level asks again. */
const tracings = new WeakMap<ProjectedLand, Piece[]>();

function traced(shapes: ProjectedLand): Piece[] {
  let found = tracings.get(shapes);
  if (!found) {
    found = pieces(shapes);
    tracings.set(shapes, found);
  }
  return found;
}

/** The box of lines [first, first + count) of a set, and where their points start. */
function boxOf(set: LineSet, offsets: Uint32Array, first: number, count: number) {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const end = first + count < offsets.length ? offsets[first + count]! : set.points.length / 2;
  for (let i = offsets[first]!; i < end; i++) {
    const x = set.points[2 * i]!;
    const y = set.points[2 * i + 1]!;
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  }
  return box;
}

/** Where each line's points start in `points` (in points, not numbers). */
function offsetsOf(set: LineSet): Uint32Array {
  const offsets = new Uint32Array(set.lengths.length);
  let at = 0;
  set.lengths.forEach((n, i) => {
    offsets[i] = at;
    at += n;
  });
  return offsets;
}

function cellOf(box: readonly number[]): number {
  const cell = (v: number) => Math.max(0, Math.min(GRID - 1, Math.floor((v / WORLD_WIDTH) * GRID)));
  return cell((box[1]! + box[3]!) / 2) * GRID + cell((box[0]! + box[2]!) / 2);
}

function pieces(shapes: ProjectedLand): Piece[] {
  const byCell = new Map<number, Piece>();
  const pieceAt = (box: [number, number, number, number]) => {
    const cell = cellOf(box);
    let piece = byCell.get(cell);
    if (!piece) {
      piece = { land: new Path2D(), borders: new Path2D(), box: [...box] };
      byCell.set(cell, piece);
    }
    piece.box = [
      Math.min(piece.box[0], box[0]),
      Math.min(piece.box[1], box[1]),
      Math.max(piece.box[2], box[2]),
      Math.max(piece.box[3], box[3]),
    ];
    return piece;
  };
  // A polygon's rings go into one path, so that evenodd filling leaves its holes open.
  const landOffsets = offsetsOf(shapes.land);
  let ring = 0;
  for (const count of shapes.ringsPerPolygon) {
    const piece = pieceAt(boxOf(shapes.land, landOffsets, ring, count));
    traceLineSet(piece.land, shapes.land, landOffsets[ring]!, ring, count, true);
    ring += count;
  }
  const borderOffsets = offsetsOf(shapes.borders);
  for (let line = 0; line < shapes.borders.lengths.length; line++) {
    const piece = pieceAt(boxOf(shapes.borders, borderOffsets, line, 1));
    traceLineSet(piece.borders, shapes.borders, borderOffsets[line]!, line, 1, false);
  }
  return [...byCell.values()];
}

export class LandLayer extends L.Path {
  private readonly shapes: ProjectedLand;
  private readonly style: LandStyle;

  constructor(shapes: ProjectedLand, style: LandStyle, options: L.PathOptions) {
    super();
    L.setOptions(this, { ...options, interactive: false });
    this.shapes = shapes;
    this.style = style;
  }

  /** How the zoom-0 path maps to the map's layer pixels now: x' = x·scale + dx, y' = y·scale + dy. */
  private placement(map: L.Map) {
    const scale = 2 ** map.getZoom();
    const origin = map.getPixelOrigin();
    return { scale, dx: -origin.x, dy: -origin.y };
  }

  /** What the renderer's canvas covers (the view and its padding), in zoom-0 pixels. */
  private drawnArea(map: L.Map, renderer: CanvasInternals, scale: number) {
    const bounds = map.getPixelBounds();
    const size = bounds.getSize();
    const padding = renderer.options.padding ?? 0.1;
    return {
      left: (bounds.min!.x - size.x * padding) / scale,
      top: (bounds.min!.y - size.y * padding) / scale,
      right: (bounds.max!.x + size.x * padding) / scale,
      bottom: (bounds.max!.y + size.y * padding) / scale,
    };
  }

  // Leaflet's path steps (L.Path), for a layer that is one pre-traced drawing.

  _project(): void {
    const self = this as unknown as PathInternals;
    const map = self._map;
    if (!map) return;
    const worldWidth = WORLD_WIDTH;
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
    if (!map || !renderer || !ctx || !renderer._drawing) return;
    const { scale, dx, dy } = this.placement(map);
    const area = this.drawnArea(map, renderer, scale);
    // The pieces of each copy of the world that reach into the canvas; the rest would be drawn off it.
    const shown = COPIES.flatMap((copy) =>
      traced(this.shapes)
        .filter(
          ({ box }) =>
            box[0] + copy * WORLD_WIDTH <= area.right &&
            box[2] + copy * WORLD_WIDTH >= area.left &&
            box[1] <= area.bottom &&
            box[3] >= area.top,
        )
        .map((piece) => ({ piece, copy })),
    );
    const each = (draw: (piece: Piece) => void) => {
      for (const { piece, copy } of shown) {
        ctx.save();
        ctx.translate(dx + copy * WORLD_WIDTH * scale, dy);
        ctx.scale(scale, scale);
        draw(piece);
        ctx.restore();
      }
    };
    ctx.save();
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    // All the land, then the coasts, then the borders, so that no piece's fill covers a neighbour's lines.
    each((piece) => {
      ctx.fillStyle = this.style.land;
      ctx.fill(piece.land, "evenodd");
    });
    each((piece) => {
      // Line widths in screen pixels whatever the scale.
      ctx.lineWidth = COAST_WEIGHT / scale;
      ctx.strokeStyle = this.style.coast;
      ctx.stroke(piece.land);
    });
    each((piece) => {
      ctx.lineWidth = BORDER_WEIGHT / scale;
      ctx.globalAlpha = BORDER_OPACITY;
      ctx.strokeStyle = this.style.border;
      ctx.stroke(piece.borders);
    });
    ctx.restore();
  }

  _empty(): boolean {
    return false;
  }

  _containsPoint(): boolean {
    return false;
  }
}
