// Waits, between two runs of the HTTP benchmark, until the service has finished the requests the last run left behind.
// autocannon stops at the end of its time and drops the requests still open, but the service goes on answering
// them; measuring the next run (or the bare server, on the same two cores) meanwhile would charge it that work.
import { readFileSync } from "node:fs";
import pg from "pg";

const SAMPLE_MS = 500;
/** Below this share of one core, the service process counts as idle (its workers' passes cost a little). */
const IDLE_CPU_SHARE = 0.15;

/** CPU time of a process so far, in clock ticks (1/100 s); undefined when /proc cannot tell. */
function cpuTicks(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ");
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
    return fields ? Number(fields[11]) + Number(fields[12]) : undefined;
  } catch {
    return undefined;
  }
}

export interface IdleProbe {
  /** Returns how long it waited, in ms. */
  wait(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Idle means: the service process (when we know its pid) used little CPU over the last sample, and the database
 * (when it is a PostgreSQL server we can reach) runs no query but ours; both for two samples in a row. Gives up
 * after `maxMs`. With neither to look at, it only pauses for a second.
 */
export async function idleProbe(options: {
  pid?: number;
  databaseUrl?: string;
  maxMs: number;
}): Promise<IdleProbe> {
  let client: pg.Client | undefined;
  if (options.databaseUrl) {
    client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
  }
  const databaseBusy = async () => {
    if (!client) return false;
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    return (rows[0]?.n ?? 0) > 0;
  };
  return {
    async wait() {
      const started = Date.now();
      if (options.pid === undefined && !client) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return Date.now() - started;
      }
      let quiet = 0;
      let before = options.pid === undefined ? undefined : cpuTicks(options.pid);
      while (quiet < 2 && Date.now() - started < options.maxMs) {
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
        const after = options.pid === undefined ? undefined : cpuTicks(options.pid);
        const cpuBusy =
          before !== undefined && after !== undefined && ((after - before) * 10) / SAMPLE_MS > IDLE_CPU_SHARE;
        before = after;
        quiet = cpuBusy || (await databaseBusy()) ? 0 : quiet + 1;
      }
      return Date.now() - started;
    },
    async close() {
      await client?.end();
    },
  };
}
