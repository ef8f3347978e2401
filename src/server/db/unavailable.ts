// Tells a database that cannot answer now (down, restarting, unreachable, too slow) from every other failure: the
// first is the service's trouble and passes (503, retry), a client's bad input is still a 4xx and a bug a 500.
// Drizzle wraps driver errors (`DrizzleQueryError`, whose message holds the SQL and its parameters), so the
// chain of causes is searched and only the driver's own message is ever shown or logged.

/** Socket errors of a connection that could not be opened or was lost. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that is going away or cannot take work now: connection exceptions (class 08), shutdown
 * and recovery (57P01 admin, 57P02 crash, 57P03 cannot connect now, 57P05 idle session timeout), a statement
 * cancelled by `statement_timeout` (57014), too many connections or no resources (class 53), and a session ended
 * for idling in a transaction (25P03).
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "57P05", "57014", "25P03"]);
const UNAVAILABLE_SQLSTATE_CLASSES = ["08", "53"];

/**
 * Messages node-postgres and its pool give without a code: a lost connection, a timeout. A pool or client that
 * this process itself closed is not among them: using it is a bug (500), not an outage.
 */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /^Client has encountered a connection error and is not queryable$/,
];

/** The driver's error at the root of the chain of causes (the one without the SQL text), or the error itself. */
export function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 8; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (cause === undefined || cause === null || cause === current) break;
    current = cause;
  }
  return current;
}

function unavailable(error: unknown, depth: number): boolean {
  if (!(error instanceof Error) || depth > 8) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return true;
  }
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // Node gives an AggregateError when every address of a host refused (::1 and 127.0.0.1).
  if (error instanceof AggregateError && error.errors.some((e) => unavailable(e, depth + 1))) return true;
  return unavailable(error.cause, depth + 1);
}

/** True when the error says the database cannot answer now (retrying later may succeed), not what was asked. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailable(error, 0);
}

/** A short description of the failure for the log: the driver's message and code, never the SQL or its values. */
export function describeDatabaseError(error: unknown): { error: string; code?: string } {
  const root = rootCause(error);
  if (!(root instanceof Error)) return { error: String(root) };
  const code = (root as { code?: unknown }).code;
  return typeof code === "string" ? { error: root.message, code } : { error: root.message };
}
