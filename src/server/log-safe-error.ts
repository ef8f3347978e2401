// What of a failure the log may keep: its kind, PostgreSQL's error code and names, and where in the code it
// happened, but never the failed SQL's parameters or the message of a database error, which carry the request's
// values (a customer's name, a search, a key's hash) into the log.

interface PgErrorFields {
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** A drizzle "Failed query … params: …" error, or PostgreSQL's own (a SQLSTATE code) under it. */
function databaseError(error: Error): PgErrorFields | undefined {
  const cause = (error as { cause?: unknown }).cause;
  if ("params" in error || "query" in error) return (cause ?? {}) as PgErrorFields;
  const code = (error as PgErrorFields).code;
  if (typeof code === "string" && SQLSTATE.test(code)) return error as PgErrorFields;
  return undefined;
}

/** The stack's frames without its first line, which repeats the message. */
function framesOf(error: Error): string | undefined {
  return error.stack
    ?.split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");
}

export function logSafeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  const database = databaseError(error);
  if (!database) return { error: `${error.name}: ${error.message}`, stack: framesOf(error) };
  const names = Object.fromEntries(
    (["table", "column", "constraint", "routine"] as const)
      .filter((field) => typeof database[field] === "string")
      .map((field) => [field, database[field]]),
  );
  return {
    error: `${error.name}: a database query failed`,
    ...(typeof database.code === "string" ? { sqlstate: database.code } : {}),
    ...names,
    stack: framesOf(error),
  };
}
