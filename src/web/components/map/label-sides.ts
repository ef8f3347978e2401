// Which side of its place each of the route map's permanent labels goes ("POL Tianjin Xingang", "TS1 Busan · ETA
// 3 Dec 15:00"): to the right, unless that would cover a label already placed (a transshipment port close to the
// port of lading) or run past the map's right edge; then to the left. Places are taken in journey order, so the
// earlier stop keeps the usual side. A label that runs past the map's edge on either side (a long "· arrived …"
// on a phone) is shown short, its place's name alone, when it has a short form that fits better.

/** A label's place on the map in pixels (its marker's container point) and its width. */
export interface LabelAnchor {
  x: number;
  y: number;
  width: number;
  /** The width of the label's short form, when it has one. */
  shortWidth?: number;
}

export type LabelSide = "right" | "left";

/** Where a label goes, and whether in its short form. */
export interface LabelPlace {
  side: LabelSide;
  short: boolean;
}

/** A label's height and its gap from the marker, in pixels (Leaflet's tooltip at 0.75rem, and its offset). */
const HEIGHT_PX = 32;
const GAP_PX = 8;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

function boxOf(anchor: LabelAnchor, side: LabelSide): Box {
  const left = side === "right" ? anchor.x + GAP_PX : anchor.x - GAP_PX - anchor.width;
  return {
    left,
    right: left + anchor.width,
    top: anchor.y - HEIGHT_PX / 2,
    bottom: anchor.y + HEIGHT_PX / 2,
  };
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The side and form of each label, in the anchors' order, on a map `mapWidth` pixels wide. */
export function labelSides(anchors: readonly LabelAnchor[], mapWidth: number): LabelPlace[] {
  const placed: Box[] = [];
  return anchors.map((anchor) => {
    const outside = (box: Box) => Math.max(0, box.right - mapWidth) + Math.max(0, -box.left);
    const cost = (a: LabelAnchor, side: LabelSide) => {
      const box = boxOf(a, side);
      const covered = placed.reduce((sum, other) => sum + overlap(box, other), 0);
      return covered + outside(box) * HEIGHT_PX;
    };
    // Right unless left is strictly better: a label that fits either way keeps the usual side.
    const sideFor = (a: LabelAnchor): LabelSide => (cost(a, "left") < cost(a, "right") ? "left" : "right");
    let side = sideFor(anchor);
    let short = false;
    if (anchor.shortWidth !== undefined && outside(boxOf(anchor, side)) > 0) {
      const shortened = { ...anchor, width: anchor.shortWidth };
      const shortSide = sideFor(shortened);
      if (cost(shortened, shortSide) < cost(anchor, side)) {
        side = shortSide;
        short = true;
      }
    }
    placed.push(boxOf(short ? { ...anchor, width: anchor.shortWidth! } : anchor, side));
    return { side, short };
  });
}

/** About a label's width in pixels: 0.75rem semibold, with the tooltip's padding (measured in Chromium). */
export function labelWidth(text: string): number {
  return Math.round(text.length * 6.1 + 16);
}
