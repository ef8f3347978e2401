// What readiness and metrics ask the database: is it answering, are this code's migrations applied, how deep are
// the outboxes. Plain reads, cheap at any size (each count walks a partial index that is empty when all is done).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { serverSourcePath } from "../paths";
import type { Db } from "./connection";
import { rowsOf } from "./raw-rows";

/** Runs a trivial query: resolves when the database answers, throws otherwise. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The creation time of the newest migration this code ships (drizzle-kit's journal). */
function newestShippedMigration(): { tag: string; when: number } {
  const journal = JSON.parse(
    readFileSync(join(serverSourcePath("db/migrations"), "meta", "_journal.json"), "utf8"),
  ) as { entries: { tag: string; when: number }[] };
  const newest = journal.entries.at(-1);
  if (!newest) throw new Error("the migration journal lists no migration");
  return newest;
}

/**
 * Whether the database holds every migration this code ships; Drizzle's migrator applies a migration when the
 * newest one recorded is older than it, so the same comparison tells what it would still apply.
 */
export async function migrationsApplied(db: Db): Promise<{ applied: boolean; missing?: string }> {
  const newest = newestShippedMigration();
  const [row] = rowsOf<{ newest: string | null }>(
    await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`),
  );
  const recorded = row?.newest ? Number(row.newest) : 0;
  return recorded >= newest.when ? { applied: true } : { applied: false, missing: newest.tag };
}

/** Recorded events not yet fanned out to webhooks, and notifications still to be delivered. */
export async function outboxDepth(db: Db): Promise<{ events: number; notifications: number }> {
  const [row] = rowsOf<{ events: string; notifications: string }>(
    await db.execute(sql`select
      (select count(*) from account_events where dispatched_at is null)::text as events,
      (select count(*) from webhook_notifications where delivery_status = 'pending')::text as notifications`),
  );
  return { events: Number(row?.events ?? 0), notifications: Number(row?.notifications ?? 0) };
}
