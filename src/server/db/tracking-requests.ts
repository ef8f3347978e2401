// Tracking request repository: account-scoped creation (with duplicate detection), reads, search and edits of
// tracking requests. Never sees an HTTP request. The tracking engine moves requests on from `pending`.

import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { NewTrackingRequestInput } from "../../api/new-tracking-request";
import {
  IN_PROGRESS_TRACKING_REQUEST_STATUSES,
  type TrackingRequestStatus,
} from "../../api/tracking-request-statuses";
import { normalizeRequestNumber } from "../../api/tracking-requests";
import { type AccountRef, inOwnAccounts } from "./account-scope";
import type { Db } from "./connection";
import { applyRequestDefaults } from "./custom-field-defaults";
import { stageInitialFields } from "./initial-custom-fields";
import { listCount } from "./list-counts";
import { type ListOrder, type PageEdges, type PageRequest, pageWindow, readPage } from "./list-window";
import { accountEvents, containers, shipments, trackingRequests } from "./schema";
import { likePattern } from "./sql-helpers";

export type TrackingRequestRow = typeof trackingRequests.$inferSelect;

/** The channel on which a new pending request is announced (NOTIFY) to the tracking engines of every process. */
export const TRACKING_REQUESTS_CHANNEL = "tracking_requests";

/**
 * Statuses of a request that still stands for its number: a new request for the same number and line is a
 * duplicate of it, as long as the shipment it created (if any) is still tracked.
 */
export const ACTIVE_TRACKING_REQUEST_STATUSES = [
  "pending",
  "awaiting_manifest",
  "created",
] as const satisfies readonly TrackingRequestStatus[];

/** A request as the API accepted it: checked and normalized (the contract's check), with the line's main SCAC. */
export type NewTrackingRequest = NewTrackingRequestInput;

export interface CreatedTrackingRequest {
  request: TrackingRequestRow;
  /** The request already standing for this number, when the new one was refused as a duplicate. */
  duplicateOf: TrackingRequestRow | null;
}

/**
 * The request that stands for this number and line in the account (see ACTIVE_TRACKING_REQUEST_STATUSES); without
 * a line, the newest standing for the number with any line.
 */
export async function findActiveTrackingRequest(
  db: Db,
  accountId: string,
  normalizedNumber: string,
  scac: string | undefined,
): Promise<TrackingRequestRow | undefined> {
  const [found] = await db
    .select({ request: trackingRequests })
    .from(trackingRequests)
    .leftJoin(
      shipments,
      and(eq(shipments.id, trackingRequests.shipmentId), eq(shipments.accountId, accountId)),
    )
    .where(
      and(
        eq(trackingRequests.accountId, accountId),
        eq(trackingRequests.normalizedNumber, normalizedNumber),
        scac === undefined ? undefined : eq(trackingRequests.scac, scac),
        inArray(trackingRequests.status, [...ACTIVE_TRACKING_REQUEST_STATUSES]),
        // A created request stands only while its shipment exists and is tracked.
        or(ne(trackingRequests.status, "created"), isNotNull(shipments.id)),
        isNull(shipments.lineTrackingStoppedAt),
      ),
    )
    .orderBy(desc(trackingRequests.createdAt), desc(trackingRequests.id))
    .limit(1);
  return found?.request;
}

/** What the account already tracks under a number: a request standing for it, or a tracked box of that number. */
export interface TrackedNumber {
  /** The line's SCAC (the request's), or the line's id when found through a box (the caller names it). */
  scac: string | null;
  shippingLineId: string | null;
  trackingRequestId: string | null;
  /** The shipment, once there is one. */
  shipmentId: string | null;
  billOfLadingNumber: string | null;
}

/**
 * Whether the account already tracks this number (normalized): a request standing for it with any line, else a
 * container of that number on a shipment still tracked (a box pasted whose bill of lading is tracked).
 */
export async function findTrackedNumber(
  db: Db,
  accountId: string,
  normalizedNumber: string,
): Promise<TrackedNumber | undefined> {
  const request = await findActiveTrackingRequest(db, accountId, normalizedNumber, undefined);
  if (request) {
    const [shipment] = request.shipmentId
      ? await db
          .select({ bl: shipments.billOfLadingNumber, lineId: shipments.shippingLineId })
          .from(shipments)
          .where(and(eq(shipments.accountId, accountId), eq(shipments.id, request.shipmentId)))
      : [];
    return {
      scac: request.scac,
      shippingLineId: shipment?.lineId ?? null,
      trackingRequestId: request.id,
      shipmentId: shipment ? request.shipmentId : null,
      billOfLadingNumber: shipment?.bl ?? null,
    };
  }
  const [box] = await db
    .select({ shipmentId: shipments.id, bl: shipments.billOfLadingNumber, lineId: shipments.shippingLineId })
    .from(containers)
    .innerJoin(shipments, and(eq(shipments.id, containers.shipmentId), eq(shipments.accountId, accountId)))
    .where(
      and(
        eq(containers.accountId, accountId),
        eq(containers.number, normalizedNumber),
        isNull(shipments.lineTrackingStoppedAt),
      ),
    )
    .limit(1);
  if (!box) return undefined;
  return {
    scac: null,
    shippingLineId: box.lineId,
    trackingRequestId: null,
    shipmentId: box.shipmentId,
    billOfLadingNumber: box.bl,
  };
}

/**
 * Stores a new request. It is `pending` and due for the engine at once, unless the account already has a
 * request standing for the same number and line: then it is stored `failed` (`duplicate`), pointing at the
 * shipment already tracked, and subscribers hear `tracking_request.failed`, in the same transaction.
 */
export async function createTrackingRequest(
  db: Db,
  accountId: string,
  input: NewTrackingRequest,
  now: Date,
  /** Its `initial_custom_fields`, checked against the account's definitions; not kept for a duplicate. */
  initialFields?: Parameters<typeof stageInitialFields>[3],
): Promise<CreatedTrackingRequest> {
  return db.transaction(async (tx) => {
    // Two requests for one number sent at once must not both pass the duplicate check.
    const lockKey = `tracking_request:${accountId}:${input.scac}:${input.normalizedNumber}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
    const existing = await findActiveTrackingRequest(tx, accountId, input.normalizedNumber, input.scac);
    const values = {
      accountId,
      createdAt: now,
      updatedAt: now,
      requestType: input.requestType,
      requestNumber: input.requestNumber,
      normalizedNumber: input.normalizedNumber,
      scac: input.scac,
      refNumbers: input.refNumbers,
      tags: input.tags,
      customerId: input.customerId ?? null,
    };
    if (!existing) {
      const [request] = await tx
        .insert(trackingRequests)
        .values({ ...values, status: "pending", nextAttemptAt: now })
        .returning();
      if (initialFields) await stageInitialFields(tx, accountId, request!.id, initialFields, now);
      await applyRequestDefaults(tx, accountId, request!.id, now);
      // Delivered at commit: the engines of other processes on this PostgreSQL take the request up at once.
      await tx.execute(sql`select pg_notify(${TRACKING_REQUESTS_CHANNEL}, '')`);
      return { request: request!, duplicateOf: null };
    }
    const [request] = await tx
      .insert(trackingRequests)
      .values({
        ...values,
        status: "failed",
        failedReason: "duplicate",
        shipmentId: existing.shipmentId,
        nextAttemptAt: null,
      })
      .returning();
    await tx.insert(accountEvents).values({
      accountId,
      createdAt: now,
      event: "tracking_request.failed",
      referenceType: "tracking_request",
      referenceId: request!.id,
      shipmentId: existing.shipmentId,
    });
    return { request: request!, duplicateOf: existing };
  });
}

export interface TimeRange {
  /** Inclusive. */
  start?: Date;
  /** Exclusive. */
  end?: Date;
}

export interface TrackingRequestFilter {
  /** Part of the request number or of a reference number, case-insensitive, with or without spaces and dashes. */
  q?: string;
  /** The whole request number, compared normalized. */
  requestNumber?: string;
  statuses?: readonly string[];
  /** A main SCAC. */
  scac?: string;
  createdAt?: TimeRange;
  updatedAt?: TimeRange;
}

function timeConditions(column: typeof trackingRequests.createdAt, range: TimeRange | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (range?.start) conditions.push(gte(column, range.start));
  if (range?.end) conditions.push(lt(column, range.end));
  return conditions;
}

/**
 * Whether a request's number or one of its reference numbers holds the term (`q`, and GET /v2/search). The search
 * text holds the numbers as typed and without spaces and dashes (see the scale migration); its pg_trgm index serves
 * both matches.
 */
export function trackingRequestTextMatch(term: string): SQL {
  const q = term.trim();
  const normalized = normalizeRequestNumber(q);
  // A term of only spaces and dashes normalizes to nothing, which would match everything.
  return normalized && normalized !== q
    ? or(
        ilike(trackingRequests.searchText, likePattern(q)),
        ilike(trackingRequests.searchText, likePattern(normalized)),
      )!
    : ilike(trackingRequests.searchText, likePattern(q));
}

function trackingRequestConditions(accountId: string, filter: TrackingRequestFilter): SQL {
  const conditions: SQL[] = [eq(trackingRequests.accountId, accountId)];
  const q = filter.q?.trim();
  if (q) conditions.push(trackingRequestTextMatch(q));
  if (filter.requestNumber?.trim()) {
    conditions.push(
      eq(trackingRequests.normalizedNumber, normalizeRequestNumber(filter.requestNumber.trim())),
    );
  }
  if (filter.statuses?.length) conditions.push(inArray(trackingRequests.status, [...filter.statuses]));
  if (filter.scac) conditions.push(eq(trackingRequests.scac, filter.scac));
  conditions.push(...timeConditions(trackingRequests.createdAt, filter.createdAt));
  conditions.push(...timeConditions(trackingRequests.updatedAt, filter.updatedAt));
  return and(...conditions)!;
}

const TRACKING_REQUEST_ORDER: ListOrder = { at: trackingRequests.createdAt, tie: trackingRequests.id };

const isUnfiltered = (filter: TrackingRequestFilter) =>
  !filter.q?.trim() &&
  !filter.requestNumber?.trim() &&
  !filter.statuses?.length &&
  !filter.scac &&
  !filter.createdAt?.start &&
  !filter.createdAt?.end &&
  !filter.updatedAt?.start &&
  !filter.updatedAt?.end;

/** How many of the account's requests match: the kept count when unfiltered (the attention summary's too). */
export async function countTrackingRequests(
  db: Db,
  accountId: string,
  filter: TrackingRequestFilter,
): Promise<number> {
  if (isUnfiltered(filter)) return listCount(db, accountId, "tracking_requests");
  const [row] = await db
    .select({ n: count() })
    .from(trackingRequests)
    .where(trackingRequestConditions(accountId, filter));
  return row?.n ?? 0;
}

/** A page of the account's requests, newest first, and how many match in all. */
export async function listTrackingRequests(
  db: Db,
  accountId: string,
  filter: TrackingRequestFilter,
  page: PageRequest,
): Promise<{ rows: TrackingRequestRow[]; total: number; edges: PageEdges | undefined }> {
  const where = trackingRequestConditions(accountId, filter);
  return readPage(
    page,
    TRACKING_REQUEST_ORDER,
    () => countTrackingRequests(db, accountId, filter),
    (plan) => {
      const window = pageWindow(plan, trackingRequests, trackingRequests.id, where);
      return db
        .select()
        .from(trackingRequests)
        .where(window.where)
        .orderBy(...plan.orderBy)
        .limit(window.limit)
        .offset(window.offset);
    },
    (r) => ({ at: r.createdAt, tie: r.id }),
  );
}

export async function getTrackingRequest(
  db: Db,
  accountId: string,
  id: string,
): Promise<TrackingRequestRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(trackingRequests)
    .where(and(eq(trackingRequests.accountId, accountId), eq(trackingRequests.id, id)));
  return row;
}

export type TrackingRequestChanges = Partial<Pick<TrackingRequestRow, "refNumbers" | "tags">>;

/** Applies an edit; undefined when no such request exists in the account. */
export async function updateTrackingRequest(
  db: Db,
  accountId: string,
  id: string,
  changes: TrackingRequestChanges,
  now: Date,
): Promise<TrackingRequestRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(trackingRequests)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(trackingRequests.accountId, accountId), eq(trackingRequests.id, id)))
    .returning();
  return row;
}

/** How many of the account's tracking requests the engine still has to look at now (due, or claimed). */
export async function countUnsettledTrackingRequests(db: Db, accountId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trackingRequests)
    .where(
      and(
        eq(trackingRequests.accountId, accountId),
        or(isNotNull(trackingRequests.leaseUntil), lte(trackingRequests.nextAttemptAt, now)),
      ),
    );
  return row?.n ?? 0;
}

/** Tracking requests by id, each looked up in its own account (for a batch that spans accounts). */
export async function trackingRequestsByIds(db: Db, refs: AccountRef[]): Promise<TrackingRequestRow[]> {
  if (refs.length === 0) return [];
  return db
    .select()
    .from(trackingRequests)
    .where(inOwnAccounts(trackingRequests.accountId, trackingRequests.id, refs));
}

/** A tracking request as written in bulk (the demo fleet's), without its account. */
export type TrackingRequestValues = Omit<typeof trackingRequests.$inferInsert, "accountId">;

/** Adds tracking requests to the account, in one statement. */
export async function insertTrackingRequests(
  db: Db,
  accountId: string,
  rows: TrackingRequestValues[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(trackingRequests).values(rows.map((r) => ({ ...r, accountId })));
}

/**
 * How much tracking the account has under way: shipments still tracked, requests the carrier has yet to answer
 * (pending or awaiting a manifest), and every request it has made.
 */
export async function trackingLoad(
  db: Db,
  accountId: string,
): Promise<{ tracked: number; waiting: number; requested: number }> {
  const [tracked] = await db
    .select({ n: count() })
    .from(shipments)
    .where(and(eq(shipments.accountId, accountId), isNull(shipments.lineTrackingStoppedAt)));
  const [waiting] = await db
    .select({ n: count() })
    .from(trackingRequests)
    .where(
      and(
        eq(trackingRequests.accountId, accountId),
        inArray(trackingRequests.status, [...IN_PROGRESS_TRACKING_REQUEST_STATUSES]),
      ),
    );
  const [requested] = await db
    .select({ n: count() })
    .from(trackingRequests)
    .where(eq(trackingRequests.accountId, accountId));
  return { tracked: tracked?.n ?? 0, waiting: waiting?.n ?? 0, requested: requested?.n ?? 0 };
}
