// The embedded database's own thread: PGlite runs here, off the thread that answers HTTP requests, and answers the
// messages of pglite-thread.ts (one statement or script each, in the order they come). Plain JavaScript, so that
// the worker starts the same under tsx, vitest and the bundled service, none of which would transform it.
//
// The statements' order and transactions are the main thread's business (statement-priority.ts gives the one turn
// out; pglite-thread.ts sends a transaction's BEGIN, statements and COMMIT or ROLLBACK in turn): this thread only
// runs what it is sent.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** An error as plain data: its message and name, and the fields PostgreSQL reports (code, detail, constraint…). */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: "Error", fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function") continue;
    if (typeof value === "object" && value !== null) continue;
    fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/** Parsers that keep these types' text as it is (Drizzle's choice for dates, intervals and numeric arrays). */
function rawParsers(rawTypes) {
  if (!rawTypes?.length) return undefined;
  return Object.fromEntries(rawTypes.map((oid) => [oid, (value) => value]));
}

const { dataDir, image } = workerData;
const extensions = { pg_trgm };
// (With no data directory, the options must be the only argument: PGlite ignores a second one then.)
const client = dataDir
  ? new PGlite(dataDir, { extensions })
  : new PGlite({ extensions, ...(image ? { loadDataDir: new Blob([image]) } : {}) });

const operations = {
  // PGlite's results are plain data (rows, fields, counts and the command), sent back as they are.
  query: ({ sql, params, rowMode, rawTypes }) =>
    client.query(sql, params, { rowMode, parsers: rawParsers(rawTypes) }),
  exec: ({ sql, rowMode, rawTypes }) => client.exec(sql, { rowMode, parsers: rawParsers(rawTypes) }),
  async dump() {
    const blob = await client.dumpDataDir("none");
    return new Uint8Array(await blob.arrayBuffer());
  },
  async close() {
    await client.close();
    return null;
  },
};

try {
  await client.waitReady;
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: plainError(error) });
}

parentPort.on("message", async ({ id, op, ...args }) => {
  try {
    const result = await operations[op](args);
    parentPort.postMessage({ id, result });
    if (op === "close") parentPort.close();
  } catch (error) {
    parentPort.postMessage({ id, error: plainError(error) });
  }
});
