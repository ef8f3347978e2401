// The activity log's repository: entries written beside the change they record (pass the transaction), a page of
// an account's log newest first with filters, and the retention's prune. Never sees an HTTP request.
import { and, eq, gte, inArray, lt, lte, type SQL, sql } from "drizzle-orm";
import type { ActivityKind } from "../../api/people";
import type { Db } from "./connection";
import { type ListOrder, type PageEdges, type PageRequest, readPage } from "./list-window";
import { activities } from "./schema";

export type ActivityRow = typeof activities.$inferSelect;

/** Who did it: a person, a key, the service itself, or someone not signed in (a failed sign-in). */
export type ActivityActor =
  | { type: "user"; userId: string; name: string }
  | { type: "api_key"; apiKeyId: string; name: string }
  | { type: "system"; name?: string }
  | { type: "anonymous"; name?: string | null };

export interface NewActivity {
  /** Null: no account (a failed sign-in with an email nobody has). */
  accountId: string | null;
  kind: ActivityKind;
  actor: ActivityActor;
  ipAddress?: string | null;
  userAgent?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  summary: string;
  details?: Record<string, unknown>;
  occurredAt: Date;
}

export function activityValues(entry: NewActivity): typeof activities.$inferInsert {
  const { actor } = entry;
  return {
    accountId: entry.accountId,
    occurredAt: entry.occurredAt,
    kind: entry.kind,
    actorType: actor.type,
    userId: actor.type === "user" ? actor.userId : null,
    apiKeyId: actor.type === "api_key" ? actor.apiKeyId : null,
    actorName: actor.name ?? null,
    ipAddress: entry.ipAddress ?? null,
    // A user agent is the client's to write: kept to a length that says what it is, no more.
    userAgent: entry.userAgent ? entry.userAgent.slice(0, 300) : null,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    summary: entry.summary,
    details: entry.details ?? {},
  };
}

/** Records entries; pass the transaction of the change they describe, so that both happen or neither. */
export async function recordActivities(db: Db, entries: NewActivity[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(activities).values(entries.map(activityValues));
}

export interface ActivityFilter {
  actorType?: string;
  userId?: string;
  apiKeyId?: string;
  kinds?: string[];
  start?: Date;
  end?: Date;
  /** Members and viewers see their own entries only. */
  onlyUserId?: string;
}

const ORDER: ListOrder = { at: activities.occurredAt, tie: activities.id };

function conditions(accountId: string, filter: ActivityFilter): SQL | undefined {
  return and(
    eq(activities.accountId, accountId),
    filter.onlyUserId ? eq(activities.userId, filter.onlyUserId) : undefined,
    filter.userId ? eq(activities.userId, filter.userId) : undefined,
    filter.apiKeyId ? eq(activities.apiKeyId, filter.apiKeyId) : undefined,
    filter.actorType ? eq(activities.actorType, filter.actorType) : undefined,
    filter.kinds?.length ? inArray(activities.kind, filter.kinds) : undefined,
    filter.start ? gte(activities.occurredAt, filter.start) : undefined,
    filter.end ? lte(activities.occurredAt, filter.end) : undefined,
  );
}

/**
 * A page of the account's log, newest first (keyset underneath, on the (account, occurred_at, id) index, or the
 * (account, user, …) one for a person's own entries), and the exact number of entries that match.
 */
export async function listActivities(
  db: Db,
  accountId: string,
  filter: ActivityFilter,
  page: PageRequest,
): Promise<{ rows: ActivityRow[]; total: number; edges: PageEdges | undefined }> {
  const where = conditions(accountId, filter);
  return readPage(
    page,
    ORDER,
    async () => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(activities).where(where);
      return Number(row?.n ?? 0);
    },
    (plan) =>
      db
        .select()
        .from(activities)
        .where(and(where, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
    (r) => ({ at: r.occurredAt, tie: r.id }),
  );
}

/**
 * Deletes entries older than `before`, at most `batch` at a time (a short transaction each, so that a long backlog
 * never holds locks for long); returns how many went. Spans accounts by design: retention is the same for all.
 */
export async function pruneActivities(db: Db, before: Date, batch = 5_000): Promise<number> {
  const deleted = await db.execute(sql`
    delete from ${activities} where ${activities.id} in (
      select ${activities.id} from ${activities} where ${lt(activities.occurredAt, before)} limit ${batch}
    )`);
  // node-postgres says rowCount, PGlite affectedRows.
  const counts = deleted as unknown as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}
