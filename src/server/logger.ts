// The service's structured logger: pino, one JSON line per entry ({"time","level","message",…fields}) on stderr,
// filtered by level. Any field that holds an Error is written as log-safe-error.ts allows (its kind, SQLSTATE and
// names, its frames), never with its message, which for a failed query carries the SQL's parameters.
import pino from "pino";
import { logSafeError } from "./log-safe-error";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The fields with every Error among them made safe; an `error` field that is one gives its safe fields. */
function safeFields(fields: Record<string, unknown>): Record<string, unknown> {
  const safe: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!(value instanceof Error)) safe[name] = value;
    else if (name === "error") Object.assign(safe, logSafeError(value));
    else safe[name] = logSafeError(value);
  }
  return safe;
}

export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Logger {
  const log = pino(
    {
      level,
      base: undefined,
      messageKey: "message",
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
    },
    // Synchronous: a line is written before the call returns, as a crash right after it must not lose it.
    { write: (line: string) => write(line.endsWith("\n") ? line.slice(0, -1) : line) },
  );
  return {
    debug: (message, fields = {}) => log.debug(safeFields(fields), message),
    info: (message, fields = {}) => log.info(safeFields(fields), message),
    warn: (message, fields = {}) => log.warn(safeFields(fields), message),
    error: (message, fields = {}) => log.error(safeFields(fields), message),
  };
}
