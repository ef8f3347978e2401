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

export async function measure(
  target: LoadTarget,
  options: { connections: number; durationSeconds: number },
): Promise<LoadFigures> {
  const { nextPath } = target;
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    connections: options.connections,
    duration: options.durationSeconds,
    // Our service answers a request at a time per connection, as browsers send them.
    pipelining: 1,
    ...(nextPath ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] } : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
