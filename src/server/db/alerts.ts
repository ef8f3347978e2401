// Alerts repository: a person's alert rules (their own, and the team rules an admin set for them), the alerts
// worker's reads (the account event log after its cursor, the rules of the accounts in it, each team rule once per
// person it tells, the facts the rules look at) and writes (alerts stored once per rule, person and change, the
// cursor moved in the same transaction), and a person's notifications.
import { randomUUID } from "node:crypto";
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MissingEvent } from "../../api/expected-events";
import { type FreeTimeFacts, freeTimeFactsOf } from "../../api/free-time";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { freeTimeColumns } from "./free-time";
import { containerListCondition } from "./list-filters";
import { queryRows } from "./raw-rows";
import {
  accountEvents,
  accounts,
  alertCursor,
  alertRuleMutes,
  alertRules,
  alerts,
  containers,
  members,
  ports,
  shipments,
  shippingLines,
  terminals,
  trackingRequests,
  users,
} from "./schema";

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertRuleValues = Pick<
  AlertRuleRow,
  "name" | "kind" | "threshold" | "holdName" | "scope" | "channels"
> &
  Partial<Pick<AlertRuleRow, "slackUrl" | "teamsUrl" | "chatSecret" | "audience">>;
export type AlertRow = typeof alerts.$inferSelect;
export type NewAlert = typeof alerts.$inferInsert;

/** The rules a person made (their own, and the team rules they set), which their limit counts. */
const mine = (accountId: string, userId: string) =>
  and(eq(alertRules.accountId, accountId), eq(alertRules.userId, userId));

/** Who asks: a person of the account, with their role; an owner or admin reads and changes every team rule. */
export interface RuleReader {
  accountId: string;
  userId: string;
  role: string;
  admin: boolean;
}

/** Whether a team rule's audience names the person: their role, or them. */
const audienceHas = (role: string, userId: string) =>
  sql`((${alertRules.audience} -> 'roles') @> jsonb_build_array(${role}::text)
    or (${alertRules.audience} -> 'user_ids') @> jsonb_build_array(${userId}::text))`;

/** The rules a person sees: their own, and the team rules that tell them (an admin: every team rule). */
const visibleTo = (who: RuleReader) =>
  and(
    eq(alertRules.accountId, who.accountId),
    or(
      and(isNull(alertRules.audience), eq(alertRules.userId, who.userId)),
      and(isNotNull(alertRules.audience), who.admin ? undefined : audienceHas(who.role, who.userId)),
    ),
  );

/** The rules a person may change: their own; an admin also every team rule. */
const editableBy = (who: RuleReader) =>
  and(
    eq(alertRules.accountId, who.accountId),
    or(
      and(isNull(alertRules.audience), eq(alertRules.userId, who.userId)),
      who.admin ? isNotNull(alertRules.audience) : sql`false`,
    ),
  );

export function listAlertRules(db: Db, who: RuleReader): Promise<AlertRuleRow[]> {
  return db
    .select()
    .from(alertRules)
    .where(visibleTo(who))
    .orderBy(asc(alertRules.createdAt), asc(alertRules.id));
}

/** Team rules a person turned the email of off for themselves, of those given. */
export async function mutedRules(db: Db, userId: string, ruleIds: string[]): Promise<Set<string>> {
  if (ruleIds.length === 0) return new Set();
  const rows = await db
    .select({ ruleId: alertRuleMutes.ruleId })
    .from(alertRuleMutes)
    .where(and(eq(alertRuleMutes.userId, userId), inArray(alertRuleMutes.ruleId, ruleIds)));
  return new Set(rows.map((r) => r.ruleId));
}

/**
 * How many changes each rule told of since `since`, by rule id (rules that told none are absent): a team rule's
 * change counts once, however many people it told.
 */
export async function firingsSince(
  db: Db,
  accountId: string,
  ruleIds: string[],
  since: Date,
): Promise<Map<string, number>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await db
    .select({ ruleId: alerts.ruleId, n: countDistinct(alerts.dedupeKey) })
    .from(alerts)
    .where(and(eq(alerts.accountId, accountId), inArray(alerts.ruleId, ruleIds), gt(alerts.createdAt, since)))
    .groupBy(alerts.ruleId);
  return new Map(rows.map((r) => [r.ruleId!, r.n]));
}

export async function getAlertRule(db: Db, who: RuleReader, id: string): Promise<AlertRuleRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(alertRules)
    .where(and(visibleTo(who), eq(alertRules.id, id)));
  return row;
}

/** Creates the rule, unless the person already has `limit` rules (then undefined). */
export async function createAlertRule(
  db: Db,
  accountId: string,
  userId: string,
  values: AlertRuleValues,
  limit: number,
  now: Date,
): Promise<AlertRuleRow | undefined> {
  return db.transaction(async (tx) => {
    // Serializes one person's creates, so that two at once cannot pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alert_rules:${userId}`}))`);
    const [held] = await tx.select({ n: count() }).from(alertRules).where(mine(accountId, userId));
    if ((held?.n ?? 0) >= limit) return undefined;
    const [row] = await tx
      .insert(alertRules)
      .values({ ...values, accountId, userId, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  });
}

export async function updateAlertRule(
  db: Db,
  who: RuleReader,
  id: string,
  values: Partial<AlertRuleValues>,
  now: Date,
): Promise<AlertRuleRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(alertRules)
    .set({ ...values, updatedAt: now })
    .where(and(editableBy(who), eq(alertRules.id, id)))
    .returning();
  return row;
}

export async function deleteAlertRule(db: Db, who: RuleReader, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(alertRules)
    .where(and(editableBy(who), eq(alertRules.id, id)))
    .returning({ id: alertRules.id });
  return deleted.length > 0;
}

/**
 * One-click unsubscribe (the link's signature names the rule, and the person it was sent to): a person's own rule
 * loses its email channel; a team rule's email stops for that person only. Answers the rule's name and whether it
 * is a team rule, or undefined when the rule is gone (or is not the link's person's).
 */
export async function stopRuleEmail(
  db: Db,
  ruleId: string,
  userId: string | undefined,
  now: Date,
): Promise<{ name: string; team: boolean } | undefined> {
  if (!isUuid(ruleId) || (userId !== undefined && !isUuid(userId))) return undefined;
  const [rule] = await db
    .select({ name: alertRules.name, userId: alertRules.userId, audience: alertRules.audience })
    .from(alertRules)
    .where(eq(alertRules.id, ruleId));
  if (!rule) return undefined;
  if (rule.audience) {
    if (userId === undefined) return undefined;
    await db.insert(alertRuleMutes).values({ ruleId, userId, createdAt: now }).onConflictDoNothing();
    return { name: rule.name, team: true };
  }
  if (userId !== undefined && userId !== rule.userId) return undefined;
  await db
    .update(alertRules)
    .set({ channels: sql`array_remove(${alertRules.channels}, 'email')`, updatedAt: now })
    .where(eq(alertRules.id, ruleId));
  return { name: rule.name, team: false };
}

// ---- The worker ----

const CURSOR_ID = 1;

/**
 * Locks the worker's cursor for the transaction (creating it at the log's current end the first time, so that a
 * new installation does not alert on history) and answers its position; undefined when another process holds it.
 */
/** How many alerts the account's people have been raised, all told (the end-to-end tests' control counts them). */
export async function countAccountAlerts(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alerts).where(eq(alerts.accountId, accountId));
  return row?.n ?? 0;
}

export async function lockAlertCursor(tx: Db): Promise<number | undefined> {
  await tx.execute(sql`insert into ${alertCursor} (id, last_seq)
    values (${CURSOR_ID}, (select coalesce(max(stream_seq), 0) from ${accountEvents}))
    on conflict (id) do nothing`);
  const result = (await tx.execute(
    sql`select last_seq::text as last_seq from ${alertCursor} where id = ${CURSOR_ID} for update skip locked`,
  )) as unknown as { rows: { last_seq: string }[] };
  const row = result.rows[0];
  return row ? Number(row.last_seq) : undefined;
}

export async function moveAlertCursor(tx: Db, to: number, now: Date): Promise<void> {
  await tx.update(alertCursor).set({ lastSeq: to, updatedAt: now }).where(eq(alertCursor.id, CURSOR_ID));
}

export type LoggedEvent = Pick<
  typeof accountEvents.$inferSelect,
  "id" | "accountId" | "event" | "referenceType" | "referenceId" | "shipmentId" | "containerId" | "changes"
> & { seq: number };

/** Up to `limit` events of every account after position `after`, in log order (the worker serves all accounts). */
export async function eventsAfter(db: Db, after: number, limit: number): Promise<LoggedEvent[]> {
  const rows = await db
    .select({
      seq: accountEvents.streamSeq,
      id: accountEvents.id,
      accountId: accountEvents.accountId,
      event: accountEvents.event,
      referenceType: accountEvents.referenceType,
      referenceId: accountEvents.referenceId,
      shipmentId: accountEvents.shipmentId,
      containerId: accountEvents.containerId,
      changes: accountEvents.changes,
    })
    .from(accountEvents)
    .where(gt(accountEvents.streamSeq, after))
    .orderBy(asc(accountEvents.streamSeq))
    .limit(limit);
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}

/**
 * A rule as it tells one person who is still a member of its account: a person's own rule, or a team rule once for
 * each member its audience names (`userId` is then that member; `channels` without email when they muted it).
 */
export type LiveRule = AlertRuleRow & {
  email: string;
  /** A team rule's Slack or Teams message goes once per change: from this one of its people's alerts. */
  postsChat: boolean;
  /** The person's quiet hours in this account (HH:MM), and the zone they are in; null when none. */
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string | null;
};

/** The rules of the accounts (of the kinds, when given) whose people are still members there. */
export async function liveRules(
  db: Db,
  accountIds: string[],
  kinds?: readonly string[],
): Promise<LiveRule[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({
      rule: alertRules,
      userId: members.userId,
      email: users.email,
      quietStart: members.quietStart,
      quietEnd: members.quietEnd,
      timeZone: members.summaryTimeZone,
      muted: sql<boolean>`${alertRuleMutes.ruleId} is not null`,
    })
    .from(alertRules)
    .innerJoin(
      members,
      and(
        eq(members.accountId, alertRules.accountId),
        sql`case when ${alertRules.audience} is null then ${members.userId} = ${alertRules.userId}
          else ((${alertRules.audience} -> 'roles') @> jsonb_build_array(${members.role})
            or (${alertRules.audience} -> 'user_ids') @> jsonb_build_array(${members.userId}::text)) end`,
      ),
    )
    .innerJoin(users, eq(users.id, members.userId))
    .leftJoin(
      alertRuleMutes,
      and(eq(alertRuleMutes.ruleId, alertRules.id), eq(alertRuleMutes.userId, members.userId)),
    )
    .where(
      and(
        inArray(alertRules.accountId, accountIds),
        kinds ? inArray(alertRules.kind, [...kinds]) : undefined,
      ),
    )
    .orderBy(asc(alertRules.id), asc(members.userId));
  const chatFrom = new Set<string>();
  return rows.map(({ rule, muted, ...person }) => {
    const postsChat = !chatFrom.has(rule.id);
    chatFrom.add(rule.id);
    return {
      ...rule,
      ...person,
      channels: muted ? rule.channels.filter((c) => c !== "email") : rule.channels,
      postsChat,
    };
  });
}

/** What rules read of a shipment and its containers: scope facts and the words of the alert. */
export interface AlertFacts {
  containerId: string | null;
  containerNumber: string | null;
  shipmentId: string | null;
  billOfLading: string | null;
  shippingLineId: string | null;
  scac: string | null;
  portOfDischargeId: string | null;
  portName: string | null;
  portZone: string | null;
  /** The inland destination's name (a rail journey's end), when the shipment has one. */
  destinationName: string | null;
  /** The shipment's customer (a party of the account). */
  customerId: string | null;
  tags: string[];
  lastFreeDayAt: Date | null;
  lastFreeDayZone: string | null;
  awaitingPickup: boolean;
  /** The saved views (of the rules' scopes) that hold it when the change is read: set by the worker. */
  views?: Set<string>;
}

const destinations = alias(ports, "destination");
const shipmentFactColumns = {
  shipmentId: shipments.id,
  billOfLading: shipments.billOfLadingNumber,
  shippingLineId: shipments.shippingLineId,
  scac: shippingLines.scac,
  portOfDischargeId: shipments.portOfDischargeId,
  portName: ports.name,
  portZone: ports.timeZone,
  destinationName: destinations.name,
  customerId: shipments.customerId,
  tags: shipments.tags,
};

/** Facts of containers by id (each with its shipment's), within their accounts. */
export async function containerFacts(db: Db, accountIds: string[], ids: string[]): Promise<AlertFacts[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      containerId: containers.id,
      containerNumber: containers.number,
      lastFreeDayAt: containers.lastFreeDayAt,
      lastFreeDayZone: containers.lastFreeDayTimeZone,
      awaitingPickup: containers.awaitingPickup,
      ...shipmentFactColumns,
    })
    .from(containers)
    .innerJoin(shipments, eq(shipments.id, containers.shipmentId))
    .innerJoin(shippingLines, eq(shippingLines.id, shipments.shippingLineId))
    .leftJoin(ports, eq(ports.id, shipments.portOfDischargeId))
    .leftJoin(destinations, eq(destinations.id, shipments.destinationId))
    .where(and(inArray(containers.accountId, accountIds), inArray(containers.id, ids)));
  return rows.map((r) => ({ ...r, awaitingPickup: r.awaitingPickup ?? false }));
}

/** What a shipment's facts say of the container they have none of. */
const NO_CONTAINER = {
  containerId: null,
  containerNumber: null,
  lastFreeDayAt: null,
  lastFreeDayZone: null,
  awaitingPickup: false,
} as const;

/** Facts of shipments by id (no container), within their accounts. */
export async function shipmentFacts(db: Db, accountIds: string[], ids: string[]): Promise<AlertFacts[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(shipmentFactColumns)
    .from(shipments)
    .innerJoin(shippingLines, eq(shippingLines.id, shipments.shippingLineId))
    .leftJoin(ports, eq(ports.id, shipments.portOfDischargeId))
    .leftJoin(destinations, eq(destinations.id, shipments.destinationId))
    .where(and(inArray(shipments.accountId, accountIds), inArray(shipments.id, ids)));
  return rows.map((r) => ({ ...r, ...NO_CONTAINER }));
}

/** A tracked shipment we predict later than its line's ETA, with its facts (no container). */
export interface PredictedLateFacts extends AlertFacts {
  accountId: string;
  podEtaAt: Date;
  predictedAt: Date;
  reason: string | null;
}

/**
 * The accounts' tracked shipments still coming whose predicted arrival is more than `minSeconds` later than the
 * line's ETA (shipments_account_predicted_late_idx finds them).
 */
export async function predictedLateShipments(
  db: Db,
  accountIds: string[],
  minSeconds: number,
): Promise<PredictedLateFacts[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({
      accountId: shipments.accountId,
      podEtaAt: shipments.podEtaAt,
      predictedAt: shipments.podPredictedArrivalAt,
      reason: shipments.podPredictedArrivalReason,
      ...shipmentFactColumns,
    })
    .from(shipments)
    .innerJoin(shippingLines, eq(shippingLines.id, shipments.shippingLineId))
    .leftJoin(ports, eq(ports.id, shipments.portOfDischargeId))
    .leftJoin(destinations, eq(destinations.id, shipments.destinationId))
    .where(
      and(
        inArray(shipments.accountId, accountIds),
        gt(shipments.predictedLateSeconds, minSeconds),
        isNull(shipments.lineTrackingStoppedAt),
      ),
    );
  return rows.flatMap((r) =>
    r.podEtaAt && r.predictedAt
      ? [
          {
            ...r,
            podEtaAt: r.podEtaAt,
            predictedAt: r.predictedAt,
            ...NO_CONTAINER,
          },
        ]
      : [],
  );
}

/** The accounts' containers whose `kind` of expected event is missing now, with their facts. */
export async function containersMissing(
  db: Db,
  accountIds: string[],
  kind: MissingEvent,
  now: Date,
): Promise<(AlertFacts & { accountId: string })[]> {
  const out: (AlertFacts & { accountId: string })[] = [];
  for (const accountId of accountIds) {
    // The lists' own condition (db/list-filters.ts), so that an alert and filter[expected_missing] always agree.
    const rows = await db
      .select({ id: containers.id })
      .from(containers)
      .where(containerListCondition(accountId, { expectedMissing: [kind] }, { now }));
    const facts = await containerFacts(
      db,
      [accountId],
      rows.map((r) => r.id),
    );
    out.push(...facts.map((f) => ({ ...f, accountId })));
  }
  return out;
}

export interface RequestFacts {
  id: string;
  number: string;
  scac: string;
  shippingLineId: string | null;
  customerId: string | null;
  tags: string[];
  failedReason: string | null;
  shipmentId: string | null;
}

export async function trackingRequestFacts(
  db: Db,
  accountIds: string[],
  ids: string[],
): Promise<RequestFacts[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: trackingRequests.id,
      number: trackingRequests.requestNumber,
      scac: trackingRequests.scac,
      shippingLineId: shippingLines.id,
      customerId: trackingRequests.customerId,
      tags: trackingRequests.tags,
      failedReason: trackingRequests.failedReason,
      shipmentId: trackingRequests.shipmentId,
    })
    .from(trackingRequests)
    .leftJoin(shippingLines, eq(shippingLines.scac, trackingRequests.scac))
    .where(and(inArray(trackingRequests.accountId, accountIds), inArray(trackingRequests.id, ids)));
}

/**
 * The containers of the accounts still waiting where their last free day runs, with a day from `from` to `until`:
 * what the daily check looks at (the partial index on awaiting boxes' days serves it).
 */
export async function awaitingLastFreeDays(
  db: Db,
  accountIds: string[],
  from: Date,
  until: Date,
  /** Only these boxes (ones that just changed); every waiting box when absent. */
  containerIds?: string[],
): Promise<(AlertFacts & { accountId: string })[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({
      accountId: containers.accountId,
      containerId: containers.id,
      containerNumber: containers.number,
      lastFreeDayAt: containers.lastFreeDayAt,
      lastFreeDayZone: containers.lastFreeDayTimeZone,
      awaitingPickup: containers.awaitingPickup,
      ...shipmentFactColumns,
    })
    .from(containers)
    .innerJoin(shipments, eq(shipments.id, containers.shipmentId))
    .innerJoin(shippingLines, eq(shippingLines.id, shipments.shippingLineId))
    .leftJoin(ports, eq(ports.id, shipments.portOfDischargeId))
    .leftJoin(destinations, eq(destinations.id, shipments.destinationId))
    .where(
      and(
        inArray(containers.accountId, accountIds),
        eq(containers.awaitingPickup, true),
        containerIds ? inArray(containers.id, containerIds) : undefined,
        sql`${containers.lastFreeDayAt} >= ${from.toISOString()}::timestamptz`,
        sql`${containers.lastFreeDayAt} < ${until.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((r) => ({ ...r, awaitingPickup: r.awaitingPickup ?? false }));
}

/**
 * The containers of the accounts picked up full and not yet returned empty, picked up since `pickedUpSince`, with
 * what the free time rule reads of them: what the daily empty-return check counts detention of (the partial index
 * of containers whose clocks may run serves it: discharged, the empty not yet back).
 */
export async function awaitingEmptyReturns(
  db: Db,
  accountIds: string[],
  pickedUpSince: Date,
  /** Only these boxes (ones that just changed); every box out when absent. */
  containerIds?: string[],
): Promise<(AlertFacts & { accountId: string; freeTime: FreeTimeFacts })[]> {
  if (accountIds.length === 0) return [];
  const pickedUp = sql`coalesce(${containers.podFullOutAt}, ${containers.finalDestinationFullOutAt})`;
  const rows = await db
    .select({
      accountId: containers.accountId,
      containerId: containers.id,
      containerNumber: containers.number,
      // With the last free day the alert names, which the rule reads too.
      ...freeTimeColumns,
      lastFreeDayZone: containers.lastFreeDayTimeZone,
      awaitingPickup: containers.awaitingPickup,
      portLocode: ports.locode,
      destinationZone: destinations.timeZone,
      firmsCode: terminals.firmsCode,
      terminalName: terminals.name,
      ...shipmentFactColumns,
    })
    .from(containers)
    .innerJoin(shipments, eq(shipments.id, containers.shipmentId))
    .innerJoin(shippingLines, eq(shippingLines.id, shipments.shippingLineId))
    .leftJoin(ports, eq(ports.id, shipments.portOfDischargeId))
    .leftJoin(destinations, eq(destinations.id, shipments.destinationId))
    .leftJoin(terminals, eq(terminals.id, containers.podTerminalId))
    .where(
      and(
        inArray(containers.accountId, accountIds),
        isNotNull(containers.podDischargedAt),
        isNull(containers.emptyTerminatedAt),
        containerIds ? inArray(containers.id, containerIds) : undefined,
        sql`${pickedUp} >= ${pickedUpSince.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((r) => ({
    accountId: r.accountId,
    containerId: r.containerId,
    containerNumber: r.containerNumber,
    shipmentId: r.shipmentId,
    billOfLading: r.billOfLading,
    shippingLineId: r.shippingLineId,
    scac: r.scac,
    portOfDischargeId: r.portOfDischargeId,
    portName: r.portName,
    portZone: r.portZone,
    destinationName: r.destinationName,
    customerId: r.customerId,
    tags: r.tags,
    lastFreeDayAt: r.lastFreeDayAt,
    lastFreeDayZone: r.lastFreeDayZone,
    awaitingPickup: r.awaitingPickup ?? false,
    freeTime: freeTimeFactsOf(r, {
      scac: r.scac,
      port_locode: r.portLocode,
      terminal: r.firmsCode || r.terminalName ? { firms_code: r.firmsCode, name: r.terminalName } : null,
      pod_timezone: r.portZone,
      final_destination_timezone: r.destinationZone,
    }),
  }));
}

/** The accounts that have rules of the kinds (the daily check's accounts). */
export async function accountsWithRules(db: Db, kinds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountId: alertRules.accountId })
    .from(alertRules)
    .where(inArray(alertRules.kind, [...kinds]));
  return rows.map((r) => r.accountId);
}

/** Alerts by id, oldest first (a held email lists them in the order they were raised). */
export async function alertsByIds(db: Db, ids: string[]): Promise<AlertRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(alerts)
    .where(inArray(alerts.id, ids))
    .orderBy(asc(alerts.createdAt), asc(alerts.id));
}

/**
 * Stores the alerts not stored before (by rule, person and change); answers those it stored now. One statement with
 * the rows as one JSON parameter: a batch of changes in an account of many people is tens of thousands of alerts,
 * which as parameters would be more than a statement carries (65,535), and cost far more to build than to insert.
 */
export async function insertAlerts(tx: Db, rows: NewAlert[]): Promise<AlertRow[]> {
  if (rows.length === 0) return [];
  const full: AlertRow[] = rows.map((r) => ({
    id: r.id ?? randomUUID(),
    accountId: r.accountId,
    userId: r.userId,
    ruleId: r.ruleId ?? null,
    ruleName: r.ruleName,
    kind: r.kind,
    dedupeKey: r.dedupeKey,
    eventId: r.eventId ?? null,
    containerId: r.containerId ?? null,
    shipmentId: r.shipmentId ?? null,
    containerNumber: r.containerNumber ?? null,
    title: r.title,
    details: r.details ?? [],
    team: r.team ?? false,
    createdAt: r.createdAt ?? new Date(),
    readAt: r.readAt ?? null,
  }));
  const json = full.map((r) => ({
    id: r.id,
    account_id: r.accountId,
    user_id: r.userId,
    rule_id: r.ruleId,
    rule_name: r.ruleName,
    kind: r.kind,
    dedupe_key: r.dedupeKey,
    event_id: r.eventId,
    container_id: r.containerId,
    shipment_id: r.shipmentId,
    container_number: r.containerNumber,
    title: r.title,
    details: r.details,
    team: r.team,
    created_at: r.createdAt.toISOString(),
    read_at: r.readAt?.toISOString() ?? null,
  }));
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`insert into ${alerts} (id, account_id, user_id, rule_id, rule_name, kind, dedupe_key, event_id, container_id,
        shipment_id, container_number, title, details, team, created_at, read_at)
      select x.id, x.account_id, x.user_id, x.rule_id, x.rule_name, x.kind, x.dedupe_key, x.event_id, x.container_id,
        x.shipment_id, x.container_number, x.title, x.details, x.team, x.created_at, x.read_at
      from json_to_recordset(${JSON.stringify(json)}::json) as x(id uuid, account_id uuid, user_id uuid, rule_id uuid,
        rule_name text, kind text, dedupe_key text, event_id uuid, container_id uuid, shipment_id uuid,
        container_number text, title text, details jsonb, team boolean, created_at timestamptz, read_at timestamptz)
      on conflict (rule_id, user_id, dedupe_key) do nothing
      returning id`,
  );
  const stored = new Set(inserted.map((r) => r.id));
  return full.filter((r) => stored.has(r.id));
}

// ---- A person's notifications ----

const ofPerson = (accountId: string, userId: string, unread: boolean) =>
  and(eq(alerts.accountId, accountId), eq(alerts.userId, userId), unread ? isNull(alerts.readAt) : undefined);

export async function listNotifications(
  db: Db,
  accountId: string,
  userId: string,
  options: { unread: boolean; limit: number; offset: number },
): Promise<{ rows: AlertRow[]; total: number; unread: number }> {
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(alerts)
      .where(ofPerson(accountId, userId, options.unread))
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ n: count() })
      .from(alerts)
      .where(ofPerson(accountId, userId, options.unread)),
    db
      .select({ n: count() })
      .from(alerts)
      .where(ofPerson(accountId, userId, true)),
  ]);
  return { rows, total: total?.n ?? 0, unread: unread?.n ?? 0 };
}

/** Marks one notification read (or unread again); undefined when the person has no such notification. */
export async function markNotification(
  db: Db,
  accountId: string,
  userId: string,
  id: string,
  readAt: Date | null,
): Promise<AlertRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(alerts)
    .set({ readAt })
    .where(and(ofPerson(accountId, userId, false), eq(alerts.id, id)))
    .returning();
  return row;
}

/** Marks every unread notification of the person read; answers how many. */
export async function markAllNotificationsRead(
  db: Db,
  accountId: string,
  userId: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(alerts)
    .set({ readAt: now })
    .where(ofPerson(accountId, userId, true))
    .returning({ id: alerts.id });
  return rows.length;
}

/** The company names of the accounts (an alert email says which account's rule sent it). */
export async function companyNames(db: Db, accountIds: string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, name: accounts.companyName })
    .from(accounts)
    .where(inArray(accounts.id, accountIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}
