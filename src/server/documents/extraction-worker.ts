// The extraction worker: claims due document jobs (a lease each, so that several processes share them and a
// dead process's jobs are taken again), reads each document off the request path (extraction.ts; PDFs in a
// worker thread), and settles it: outcome, representation, named numbers and the account event in one
// transaction. After a document of a type the account trusts is read, its untracked numbers are tracked
// (`track`, given by the composition root: number inference and tracking requests are the tracking package's).
// Back to back while there is work; an idle pass waits for the interval or a wake-up (an upload in this process).
import { type OutageReporter, reportBackgroundFailure } from "../background-errors";
import type { Db } from "../db/connection";
import {
  claimDocumentJobs,
  type DocumentJobRow,
  releaseDocumentJob,
  settleDocumentJob,
} from "../db/document-jobs";
import { documentLinks, getDocumentForJob } from "../db/documents";
import { inboundEmailOf } from "../db/inbound-email";
import type { Logger } from "../logger";
import { type BlobStore, blobBuffer } from "./blob-store";
import { type ExtractionDeps, extractDocument } from "./extraction";

/** Numbers to track for an account, with the document's references; the tracking package does it. */
export type TrackNumbers = (
  accountId: string,
  numbers: { number: string; numberType: string; scac: string | null }[],
  refNumbers: string[],
) => Promise<void>;

export interface ExtractionWorkerOptions extends ExtractionDeps {
  db: Db;
  /** Where documents' bytes are kept. */
  blobs: BlobStore;
  /** Real time: leases, not the (possibly sped-up) service clock. */
  clock: { now(): Date };
  logger: Logger;
  outage?: OutageReporter;
  intervalMs?: number;
  leaseMs?: number;
  track?: TrackNumbers;
  /** Told after each settled job (tests and the benchmark wait on it). */
  onSettled?: (documentId: string, status: "extracted" | "failed") => void;
}

export interface ExtractionWorker {
  wake(): void;
  stop(): Promise<void>;
  /** Runs passes until no job is due (tests). */
  runUntilIdle(): Promise<void>;
}

export function startExtractionWorker(o: ExtractionWorkerOptions, autostart = true): ExtractionWorker {
  const intervalMs = o.intervalMs ?? 1_000;
  const leaseMs = o.leaseMs ?? 60_000;
  let stopped = false;
  let woken = false;
  let endPause: (() => void) | undefined;

  async function pass(): Promise<number> {
    const now = o.clock.now();
    const { lease, jobs } = await claimDocumentJobs(o.db, { now, leaseNow: now, leaseMs, limit: 1 });
    for (const job of jobs) {
      if (stopped) {
        await releaseDocumentJob(o.db, job.documentId, lease);
        continue;
      }
      await runJob(job, lease);
    }
    return jobs.length;
  }

  async function runJob(job: DocumentJobRow, lease: Date) {
    const found = await getDocumentForJob(o.db, job.accountId, job.documentId);
    if (!found) {
      // Discarded meanwhile: nothing to read, nothing to announce.
      await settleDocumentJob(
        o.db,
        job,
        lease,
        {
          status: "failed",
          reason: "unreadable",
          documentType: "other",
          classificationNotes: "",
          pageCount: null,
        },
        o.clock.now(),
      );
      return;
    }
    // An image is not read at all (no OCR here): its bytes stay in the database.
    const bytes = found.blob.contentType.startsWith("image/")
      ? new Uint8Array(0)
      : await blobBuffer(o.blobs, found.blob);
    const outcome = await extractDocument(
      bytes,
      found.blob.contentType,
      job.kind === "reclassify" ? "reclassify" : "extract",
      o,
    );
    const settled = await settleDocumentJob(o.db, job, lease, outcome, o.clock.now());
    if (!settled) return;
    o.onSettled?.(job.documentId, outcome.status);
    if (outcome.status !== "extracted" || !o.track || job.kind !== "extract") return;
    const settings = await inboundEmailOf(o.db, job.accountId, o.clock.now());
    if (!settings.autoTrackDocumentTypes.includes(outcome.documentType)) return;
    const links = (await documentLinks(o.db, job.accountId, [job.documentId])).get(job.documentId);
    const refs =
      (
        outcome.representation?.payload as { fields?: { reference_numbers?: { value: string }[] } }
      )?.fields?.reference_numbers?.map((r) => r.value) ?? [];
    if (links && links.untracked.length > 0) await o.track(job.accountId, links.untracked, refs);
  }

  async function loop() {
    while (!stopped) {
      woken = false;
      let done = 0;
      try {
        done = await pass();
      } catch (error) {
        reportBackgroundFailure(o.logger, o.outage, "document extraction pass failed", error);
      }
      if (stopped) break;
      if (done > 0 || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
        endPause = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endPause = undefined;
    }
  }

  const running = autostart ? loop() : Promise.resolve();
  return {
    wake() {
      woken = true;
      endPause?.();
    },
    async stop() {
      stopped = true;
      endPause?.();
      await running;
    },
    async runUntilIdle() {
      while ((await pass()) > 0) {}
    },
  };
}
