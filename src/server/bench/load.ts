// One measurement of the HTTP benchmark: autocannon against one address for a while, reduced to the figures the
// report compares (requests a second, latency percentiles, and anything that was not a success).
import autocannon from "autocannon";

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface LoadTarget {
  url: string;
  method: "GET" | "PATCH";
  headers: Record<string, string>;
  /** Gives the path of each request in turn (for requests that must vary); else `url`'s path every time. */
  nextPath?: () => string;
}

/**
 * A run lasts `durationSeconds`, or with `amount`, until that many answers came back: for slow endpoints, whose
 * answers take longer than a timed run (which drops the requests still open when its time is up).
 */
export type LoadShape = { connections: number } & ({ durationSeconds: number } | { amount: number });

export async function measure(target: LoadTarget, shape: LoadShape): Promise<LoadFigures> {
  const { nextPath } = target;
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    connections: shape.connections,
    ...("amount" in shape ? { amount: shape.amount } : { duration: shape.durationSeconds }),
    // At scale an answer may take many seconds; autocannon's default (10 s) would count it as an error.
    timeout: 600,
    // Our service answers a request at a time per connection, as browsers send them.
    pipelining: 1,
    ...(nextPath ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] } : {}),
  });
  return {
    requestsPerSecond: result.duration > 0 ? result.requests.total / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
