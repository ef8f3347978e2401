// Where the arrival chart draws what: time of prediction across, predicted arrival time up (later higher). The
// line's ETA is a staircase (it holds until it is changed), ours a line through each prediction inside its band
// (earliest to latest), and the real arrival a level line once it happened.

/** One prediction, as times in milliseconds. */
export interface ForecastPoint {
  madeAt: number;
  predicted: number;
  earliest: number;
  latest: number;
  carrier: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** SVG polyline points of our prediction. */
  ours: string;
  /** SVG polygon points of its window. */
  band: string;
  /** SVG path of the line's ETA. */
  carrier: string;
  /** The height of the real arrival, when it happened. */
  arrivalY: number | null;
  /** The arrival times the lowest and highest ticks stand for, and their heights. */
  yTicks: { at: number; y: number }[];
  /** The prediction times the chart spans. */
  from: number;
  to: number;
}

const PAD = { left: 4, right: 4, top: 8, bottom: 8 };

export function chartGeometry(
  points: readonly ForecastPoint[],
  arrivedAt: number | null,
  /** The right edge: the arrival, or now while it is coming. */
  until: number,
  size = { width: 320, height: 140 },
): ChartGeometry | null {
  if (points.length === 0) return null;
  const from = (points[0] as ForecastPoint).madeAt;
  const to = Math.max(until, (points.at(-1) as ForecastPoint).madeAt, from + 1);
  const times = points.flatMap((p) => [p.earliest, p.latest, p.carrier, p.predicted]);
  if (arrivedAt !== null) times.push(arrivedAt);
  let low = Math.min(...times);
  let high = Math.max(...times);
  if (high - low < 3_600_000) {
    low -= 1_800_000;
    high += 1_800_000;
  }
  const innerWidth = size.width - PAD.left - PAD.right;
  const innerHeight = size.height - PAD.top - PAD.bottom;
  const x = (t: number) => PAD.left + ((t - from) / (to - from)) * innerWidth;
  const y = (t: number) => PAD.top + (1 - (t - low) / (high - low)) * innerHeight;
  const r = (v: number) => Math.round(v * 10) / 10;
  const xy = (t: number, at: number) => `${r(x(t))},${r(y(at))}`;

  // A single prediction is drawn to the right edge, so that it shows as a line and not a dot.
  const ours = points.map((p) => xy(p.madeAt, p.predicted));
  const last = points.at(-1) as ForecastPoint;
  ours.push(xy(to, last.predicted));
  const upper = points.map((p) => xy(p.madeAt, p.latest)).concat(xy(to, last.latest));
  const lower = points.map((p) => xy(p.madeAt, p.earliest)).concat(xy(to, last.earliest));
  const steps = points.map((p, i) =>
    i === 0 ? `M${xy(p.madeAt, p.carrier)}` : `H${r(x(p.madeAt))}V${r(y(p.carrier))}`,
  );
  steps.push(`H${r(x(to))}`);
  return {
    width: size.width,
    height: size.height,
    ours: ours.join(" "),
    band: [...upper, ...lower.reverse()].join(" "),
    carrier: steps.join(""),
    arrivalY: arrivedAt === null ? null : r(y(arrivedAt)),
    yTicks: [
      { at: high, y: r(y(high)) },
      { at: low, y: r(y(low)) },
    ],
    from,
    to,
  };
}
