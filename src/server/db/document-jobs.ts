// The extraction worker's queue (document_jobs): claims of due jobs under FOR UPDATE SKIP LOCKED, each with a
// lease, so that several service processes on one PostgreSQL share the work and a job of a process that died is
// taken again once its lease ends; and the write that settles a job: the document's outcome, its representation,
// the numbers it names and the account event (`document.extracted` / `document.extraction_failed`), with the job
// deleted, in one transaction, and only while the claim's lease is still the job's (a claim taken over writes
// nothing). Claims are across accounts by design (one queue serves all); every write names the job's account.
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "./connection";
import { type DocumentNumber, replaceDocumentNumbers } from "./documents";
import { insertOutbox } from "./outbox";
import { documentJobs, documentRepresentations, documents } from "./schema";

export type DocumentJobRow = typeof documentJobs.$inferSelect;

/** Claims up to `limit` due jobs, oldest due first, leased until `leaseNow + leaseMs`. */
export async function claimDocumentJobs(
  db: Db,
  o: { now: Date; leaseNow: Date; leaseMs: number; limit: number },
): Promise<{ lease: Date; jobs: DocumentJobRow[] }> {
  const lease = new Date(o.leaseNow.getTime() + o.leaseMs);
  const due = db
    .select({ id: documentJobs.documentId })
    .from(documentJobs)
    .where(
      and(
        lte(documentJobs.dueAt, o.now),
        or(isNull(documentJobs.leaseUntil), lt(documentJobs.leaseUntil, o.leaseNow)),
      ),
    )
    .orderBy(asc(documentJobs.dueAt))
    .limit(o.limit)
    .for("update", { skipLocked: true });
  const jobs = await db
    .update(documentJobs)
    .set({ leaseUntil: lease, attempts: sql`${documentJobs.attempts} + 1` })
    .where(inArray(documentJobs.documentId, due))
    .returning();
  return { lease, jobs };
}

/** Whether any job is due (the worker's idle probe). */
export async function anyDueDocumentJob(db: Db, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: documentJobs.documentId })
    .from(documentJobs)
    .where(
      and(
        lte(documentJobs.dueAt, now),
        or(isNull(documentJobs.leaseUntil), lt(documentJobs.leaseUntil, now)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type JobOutcome =
  | {
      status: "extracted";
      documentType: string;
      classificationNotes: string;
      pageCount: number | null;
      /** The new representation, or none when only the classification was redone. */
      representation?: { schemaVersion: string; payload: Record<string, unknown> };
      numbers?: DocumentNumber[];
    }
  | {
      status: "failed";
      reason: string;
      documentType: string;
      classificationNotes: string;
      pageCount: number | null;
    };

/**
 * Writes a job's outcome and deletes the job, with its account event, if the claim still holds the job: true when
 * written. A job asked for again while it ran (a reextract) was given a new due time, and stays for another pass.
 */
export async function settleDocumentJob(
  db: Db,
  job: Pick<DocumentJobRow, "documentId" | "accountId" | "dueAt">,
  lease: Date,
  outcome: JobOutcome,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ dueAt: documentJobs.dueAt })
      .from(documentJobs)
      .where(
        and(
          eq(documentJobs.documentId, job.documentId),
          eq(documentJobs.accountId, job.accountId),
          eq(documentJobs.leaseUntil, lease),
        ),
      )
      .for("update");
    if (!held) return false;
    let representationId: string | undefined;
    if (outcome.status === "extracted" && outcome.representation) {
      const [row] = await tx
        .insert(documentRepresentations)
        .values({
          accountId: job.accountId,
          documentId: job.documentId,
          schemaVersion: outcome.representation.schemaVersion,
          payload: outcome.representation.payload,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: documentRepresentations.id });
      representationId = row!.id;
      await replaceDocumentNumbers(tx, job.accountId, job.documentId, outcome.numbers ?? []);
    }
    const updated = await tx
      .update(documents)
      .set({
        documentType: outcome.documentType,
        classificationNotes: outcome.classificationNotes,
        pageCount: outcome.pageCount,
        extractionStatus: outcome.status,
        extractionFailureReason: outcome.status === "failed" ? outcome.reason : null,
        extractedAt: now,
        updatedAt: now,
        ...(representationId ? { lastRepresentationId: representationId } : {}),
      })
      .where(
        and(
          eq(documents.id, job.documentId),
          eq(documents.accountId, job.accountId),
          isNull(documents.discardedAt),
        ),
      )
      .returning({ id: documents.id });
    if (held.dueAt.getTime() > job.dueAt.getTime()) {
      // Asked for again while this pass ran: the next pass reads it again.
      await tx
        .update(documentJobs)
        .set({ leaseUntil: null })
        .where(eq(documentJobs.documentId, job.documentId));
    } else {
      await tx.delete(documentJobs).where(eq(documentJobs.documentId, job.documentId));
    }
    if (updated.length > 0)
      await insertOutbox(tx, [
        {
          accountId: job.accountId,
          event: outcome.status === "extracted" ? "document.extracted" : "document.extraction_failed",
          referenceType: "document",
          referenceId: job.documentId,
          createdAt: now,
        },
      ]);
    return true;
  });
}

/** Gives a claimed job back (the worker stops): due again at once, for this or another process. */
export async function releaseDocumentJob(db: Db, documentId: string, lease: Date): Promise<void> {
  await db
    .update(documentJobs)
    .set({ leaseUntil: null })
    .where(and(eq(documentJobs.documentId, documentId), eq(documentJobs.leaseUntil, lease)));
}
