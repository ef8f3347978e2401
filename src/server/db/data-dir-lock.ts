// An exclusive lock on the embedded database's directory: PGlite must never be opened by two processes at once.
// The lock file names its holder by process id and, where /proc tells it, the process's start time: a pid alone
// may belong to an unrelated process after a crash and a reboot (pids are reused), which would keep the directory
// locked for good; the same pid with another start time is another process, and the lock is stale.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      `The data directory ${dataDir} is in use by another service process${holderPid === undefined ? "" : ` (pid ${holderPid})`}. ` +
        "Stop that process, or start this one with another DATA_DIR or a DATABASE_URL.",
    );
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * When the process started, in clock ticks since boot (field 22 of /proc/<pid>/stat); undefined where there is
 * no /proc (macOS) or no such process. The command name (field 2) may hold spaces and parentheses, so the fields
 * are counted from its closing parenthesis.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** The lock file's text: the pid on the first line (as older versions wrote it), the start time on the second. */
export function lockFileText(pid: number): string {
  const started = processStartTime(pid);
  return started === undefined ? String(pid) : `${pid}\n${started}`;
}

/** Whether the process the lock file names still runs: its pid is alive and, when both are known, started then. */
function holderRuns(text: string): number | undefined {
  const [pidLine, started] = text.split("\n");
  const pid = Number.parseInt(pidLine ?? "", 10);
  if (!Number.isInteger(pid) || pid === process.pid || !processIsAlive(pid)) return undefined;
  const now = processStartTime(pid);
  if (started && now !== undefined && now !== started.trim()) return undefined;
  return pid;
}

/** Takes the lock or throws DataDirLockedError naming the holder; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, "service.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, lockFileText(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = holderRuns(readFileSync(lockPath, "utf8"));
      if (holder !== undefined) throw new DataDirLockedError(dataDir, holder);
      // The holder died without cleaning up (a crash or kill -9), or its pid now belongs to another process.
      rmSync(lockPath, { force: true });
    }
  }
  // Another process took it between our two attempts.
  throw new DataDirLockedError(dataDir, undefined);
}
