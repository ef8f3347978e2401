// The HTTP benchmark's figures: medians over the interleaved rounds, our service against the bare server, and the
// table printed at the end.
import type { LoadFigures } from "./load";

export interface EndpointResult {
  name: string;
  method: string;
  path: string;
  status: number;
  /** Bytes of the answer as sent, and its content-encoding. */
  bytes: number;
  encoding: string | null;
  /** How each of our runs was bounded: by time, or (slow endpoints) by a number of answers. */
  measuredBy: string;
  ours: LoadFigures[];
  bare: LoadFigures[];
  /** With `--auth both`: our runs authenticated by a session cookie (`ours` are then by key), interleaved. */
  cookie?: LoadFigures[];
  /**
   * After each of our runs, how long the service went on answering the requests the run left open (the next
   * run waits for that).
   */
  drainedMs: number[];
  /** Largest service RSS while this endpoint was measured, in kB (when the benchmark started the service). */
  maxRssKb?: number;
}

export interface Summary {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Latencies are medians over the rounds that completed requests at all (NaN when none did). */
export function summarize(rounds: readonly LoadFigures[]): Summary | null {
  if (rounds.length === 0) return null;
  const completed = rounds.filter((r) => r.requests > 0);
  return {
    requestsPerSecond: median(rounds.map((r) => r.requestsPerSecond)),
    p50Ms: median(completed.map((r) => r.p50Ms)),
    p99Ms: median(completed.map((r) => r.p99Ms)),
    failures: rounds.reduce((n, r) => n + r.non2xx + r.errors, 0),
  };
}

const fixed = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n) ? "–" : n.toFixed(digits);

/** Requests a second, with a decimal below 10 (slow endpoints), and "0" only when nothing completed. */
const rate = (n: number | undefined) => (n !== undefined && n < 10 ? fixed(n, 1) : fixed(n));

/** `durationSeconds`: a run in which no request completed says its latency was longer than that. */
export function formatTable(results: readonly EndpointResult[], durationSeconds: number): string {
  const latency = (summary: Summary | null, n: number | undefined) =>
    summary && Number.isNaN(n ?? Number.NaN) && summary.requestsPerSecond === 0
      ? `>${durationSeconds * 1000}`
      : fixed(n, 1);
  const header = [
    "endpoint",
    "bytes",
    "ours req/s",
    "bare req/s",
    "ours/bare",
    "p50 ms",
    "bare p50",
    "p99 ms",
    "bare p99",
  ];
  const sideBySide = results.some((r) => r.cookie && r.cookie.length > 0);
  if (sideBySide) header.push("cookie req/s", "cookie/token", "cookie p50", "cookie p99");
  const rows = results.map((r) => {
    const ours = summarize(r.ours);
    const bare = summarize(r.bare);
    const cookie = summarize(r.cookie ?? []);
    const ratio = ours && bare ? ours.requestsPerSecond / bare.requestsPerSecond : undefined;
    const failed = ours && ours.failures > 0 ? ` (${ours.failures} failed)` : "";
    const cookieCells = sideBySide
      ? [
          rate(cookie?.requestsPerSecond),
          cookie && ours ? (cookie.requestsPerSecond / ours.requestsPerSecond).toFixed(3) : "–",
          latency(cookie, cookie?.p50Ms),
          latency(cookie, cookie?.p99Ms),
        ]
      : [];
    return [
      `${r.name}${failed}`,
      `${r.bytes}${r.encoding ? ` ${r.encoding}` : ""}`,
      rate(ours?.requestsPerSecond),
      rate(bare?.requestsPerSecond),
      ratio === undefined ? "–" : ratio < 0.01 ? ratio.toFixed(4) : ratio.toFixed(3),
      latency(ours, ours?.p50Ms),
      fixed(bare?.p50Ms, 1),
      latency(ours, ours?.p99Ms),
      fixed(bare?.p99Ms, 1),
      ...cookieCells,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
