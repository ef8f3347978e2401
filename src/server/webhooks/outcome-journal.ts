// A journal of webhook delivery outcomes for the embedded database: each outcome is appended to a file in the data
// directory the moment the receiver's answer is read, before the database write that records it, and the recorder
// keeps in the file only the outcomes it has not yet written. A service killed in between (kill -9, a crash) finds
// them there at its next start and records them then, instead of sending those notifications again.
//
// Why only on PGlite: its database lives and dies with the process, on one connection that outcome writes share
// with everything else, so at any moment many delivered notifications wait for their outcome to be written, and a
// kill -9 loses that wait (on PostgreSQL a statement sent to the server completes when the client dies, and the
// writes have connections of their own). An append goes to the operating system at once and outlives the process,
// as PGlite's own files do; neither is flushed to disk (PGlite does not fsync), so a power cut can lose both.
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

/** What the recorder needs of an outcome to write it later: the claim it ends and what the receiver answered. */
export interface JournalEntry {
  notificationId: string;
  webhookId: string;
  attempts: number;
  attemptLimit: number;
  claimToken: string;
  /** When the answer was read, in real time (ms): a retry waits from then. */
  realAt: number;
  statusCode: number | null;
  ok: boolean;
  error: string | null;
  durationMs: number;
  responseHead: string | null;
}

export class OutcomeJournal {
  constructor(readonly path: string) {}

  /** Appends one outcome (synchronously: it is in the file when this returns). */
  append(entry: JournalEntry): void {
    appendFileSync(this.path, `${JSON.stringify(entry)}\n`);
  }

  /** Leaves in the file only these outcomes (those not yet written to the database), replacing it whole. */
  keep(entries: readonly JournalEntry[]): void {
    const next = `${this.path}.next`;
    writeFileSync(next, entries.map((e) => `${JSON.stringify(e)}\n`).join(""));
    renameSync(next, this.path);
  }

  /** The outcomes in the file; a last line cut short by the kill is left out. */
  read(): JournalEntry[] {
    if (!existsSync(this.path)) return [];
    const entries: JournalEntry[] = [];
    for (const line of readFileSync(this.path, "utf8").split("\n")) {
      if (line === "") continue;
      try {
        entries.push(JSON.parse(line) as JournalEntry);
      } catch {
        // Only the line being appended when the process died can be torn.
      }
    }
    return entries;
  }
}
