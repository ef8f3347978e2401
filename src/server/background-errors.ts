// How a background loop (tracking lanes, webhook fan-out and sender) reports a failed pass: while the database is
// out, to the service's outage tracker, which logs the outage once when it begins and once when it ends, instead
// of one line per pass (the fan-out tries ten times a second); any other failure as an error, without the failed
// SQL's parameters (log-safe-error.ts).
import { isDatabaseUnavailable } from "./db/unavailable";
import { logSafeError } from "./log-safe-error";
import type { Logger } from "./logger";

/** Told of failures that mean the database is unavailable (the service's DatabaseOutage). */
export interface OutageReporter {
  report(error: unknown): void;
}

export function reportBackgroundFailure(
  logger: Pick<Logger, "error">,
  outage: OutageReporter | undefined,
  message: string,
  error: unknown,
  fields: Record<string, unknown> = {},
): void {
  if (outage && isDatabaseUnavailable(error)) outage.report(error);
  else logger.error(message, { ...fields, ...logSafeError(error) });
}
