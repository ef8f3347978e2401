// Which side of its place each of the route map's permanent labels goes ("POL Tianjin Xingang", "TS1 Busan · ETA
// 3 Dec 15:00"): to the right, unless that would cover a label already placed (a transshipment port close to the
// port of lading) or run past the map's edge; then to the left, above or below, whichever covers and leaves out
// least (a hub near the port of lading at a narrow map's right edge has room only above or below). Places are
// taken in journey order, so the earlier stop keeps the usual side.

/** A label's place on the map in pixels (its marker's container point) and its width. */
export interface LabelAnchor {
  x: number;
  y: number;
  width: number;
}

export type LabelSide = "right" | "left" | "top" | "bottom";

/** The sides tried, in the order of preference: a later one only when strictly better. */
const SIDES: readonly LabelSide[] = ["right", "left", "top", "bottom"];

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
  if (side === "top" || side === "bottom") {
    const top = side === "top" ? anchor.y - GAP_PX - HEIGHT_PX : anchor.y + GAP_PX;
    const left = anchor.x - anchor.width / 2;
    return { left, right: left + anchor.width, top, bottom: top + HEIGHT_PX };
  }
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

/** The side for each label, in the anchors' order, on a map of `map.width` × `map.height` pixels. */
export function labelSides(
  anchors: readonly LabelAnchor[],
  map: { width: number; height: number },
): LabelSide[] {
  const placed: Box[] = [];
  return anchors.map((anchor) => {
    // The area of the label that covers earlier ones or lies outside the map.
    const cost = (side: LabelSide) => {
      const box = boxOf(anchor, side);
      const covered = placed.reduce((sum, other) => sum + overlap(box, other), 0);
      const outsideX = Math.max(0, box.right - map.width) + Math.max(0, -box.left);
      const outsideY = Math.max(0, box.bottom - map.height) + Math.max(0, -box.top);
      return covered + outsideX * HEIGHT_PX + outsideY * anchor.width;
    };
    // Right unless another side is strictly better: a label that fits either way keeps the usual side.
    let side: LabelSide = "right";
    let best = cost(side);
    for (const other of SIDES) {
      const c = cost(other);
      if (c < best) [side, best] = [other, c];
    }
    placed.push(boxOf(anchor, side));
    return side;
  });
}

/** About a label's width in pixels: 0.75rem semibold, with the tooltip's padding (measured in Chromium). */
export function labelWidth(text: string): number {
  return Math.round(text.length * 6.1 + 16);
}
