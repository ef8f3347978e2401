// The alerts worker: turns the changes the engine recorded (the account event log, in `stream_seq` order, the same
// outbox that feeds webhooks and the live stream) into alerts for the people whose rules match, and checks the
// waiting containers' last free days, and the empty return deadlines of those out full, by the service clock, in
// the zone of each day's place.
//
// Each batch is one transaction: the cursor row is locked (`FOR UPDATE SKIP LOCKED`: one process at a time, the
// others skip the pass), the alerts are stored (`(rule_id, user_id, dedupe_key)` unique: at most once per rule,
// person and change whatever happens; a team rule tells each of its people) with
// their emails queued in the mail outbox, and the cursor moves past the batch. A crash before the commit loses
// nothing (the batch is read again); a process started again goes on from the cursor. The daily check's alerts are
// keyed by container and day, so running it every few minutes, in several processes, alerts once.
//
// A person's alert emails: those of one batch go as one message; one raised within ALERT_EMAIL_GROUP_MINUTES of
// their last alert email is grouped (a delivery due at the window's end), one raised in their quiet hours is held
// (due at their end); each pass sends the waiting ones now due, a person's as one message. Every message lists by
// name only what is left of the person's hourly cap (ALERT_EMAIL_HOURLY_CAP alerts), and counts the rest.
import {
  ALERT_EMAIL_GROUP_MINUTES,
  ALERT_EMAIL_HOURLY_CAP,
  type AlertChannel,
  type AlertKind,
  DETENTION_KINDS,
  isChatChannel,
  LFD_KINDS,
  PREDICTION_KINDS,
} from "../../api/alerts";
import { DAY } from "../../api/durations";
import { MISSING_EVENTS } from "../../api/expected-events";
import { FREE_DAYS_MAX, freeTimeOf } from "../../api/free-time";
import { RECENT_EXCEPTION_MS } from "../../api/voyage-exceptions";
import { type OutageReporter, reportBackgroundFailure } from "../background-errors";
import type { Clock } from "../clock";
import {
  claimHeldEmails,
  insertAlertDeliveries,
  type NewAlertDelivery,
  recentEmailing,
  settleHeldEmails,
} from "../db/alert-deliveries";
import {
  type AlertFacts,
  type AlertRow,
  accountsWithRules,
  alertsByIds,
  awaitingEmptyReturns,
  awaitingLastFreeDays,
  companyNames,
  containerFacts,
  containersMissing,
  eventsAfter,
  insertAlerts,
  type LiveRule,
  liveRules,
  lockAlertCursor,
  moveAlertCursor,
  type NewAlert,
  predictedLateShipments,
  shipmentFacts,
  trackingRequestFacts,
} from "../db/alerts";
import type { Db } from "../db/connection";
import { tariffsOfAccounts } from "../db/free-time-tariffs";
import { voyageExceptionsSince } from "../db/voyage-exceptions";
import type { Logger } from "../logger";
import { sendLater } from "../mail/messages";
import { chatPayload } from "./chat-messages";
import { type Grouping, groupedAlertsEmail } from "./email";
import {
  type AlertDraft,
  alertsForEvent,
  EMPTY_RETURN_PASSED_DAYS,
  emptyReturnAlerts,
  lfdAlerts,
  missingEventAlerts,
  predictedLateAlerts,
  voyageExceptionAlerts,
} from "./match";
import { quietUntil } from "./summary-schedule";
import { markViews, type ViewFilters } from "./view-scope";

export interface AlertWorkerOptions {
  db: Db;
  /** The service's clock: what "today" is for the last free days, and the alerts' times. */
  clock: Clock;
  logger: Logger;
  outage?: OutageReporter;
  /**
   * Real time, which the mail and chat workers send by: an email or chat message is due at once in real time,
   * whatever the service clock reads (a sped-up demo's runs ahead of it). The system's by default.
   */
  realNow?: () => Date;
  /** PUBLIC_URL (links in the emails) and the secret that signs their unsubscribe links. */
  publicUrl: string;
  secret: string;
  /** A person's alert emails within this many minutes of their last wait and go as one (ALERT_EMAIL_GROUP_MINUTES). */
  emailGroupMinutes?: number;
  /** A saved view's filters as its list parses them (rules scoped to a view); without it such rules hold nothing. */
  viewFilters?: ViewFilters;
  /** Told when emails were queued: the mail worker sends them at once. */
  onMailQueued?: () => void;
  /** Told when Slack or Teams messages were queued: the chat worker sends them at once. */
  onChatQueued?: () => void;
  /** How often the log is read when nothing wakes the worker (real time). */
  intervalMs?: number;
  /** How often the last free days are checked (real time). */
  lfdIntervalMs?: number;
  batchSize?: number;
}

export interface AlertWorker {
  start(): void;
  /** A pass soon; with `lfd`, the last-free-day check too (a rule was made or changed: it tells of today at once). */
  wake(lfd?: boolean): void;
  /**
   * One pass (tests): the log up to its end, then the last-free-day check; answers the alerts stored. It waits for
   * a pass already under way (a rule's `wake`) first, which would otherwise hold the cursor and make this one skip.
   */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 1_000;
const DEFAULT_LFD_INTERVAL_MS = 300_000;
/** The people whose held and grouped emails are released in one transaction. */
const HELD_PEOPLE = 100;
/**
 * About as many alerts as one transaction stores (a batch of changes stops at the change that reaches it; the last
 * free days are checked in chunks of it): what the worker holds in memory at once.
 */
const MAX_ALERTS_PER_TRANSACTION = 1_000;

/** The kinds the daily check raises: the last free days, and the empty return deadlines. */
const DAILY_KINDS: readonly AlertKind[] = [...LFD_KINDS, ...DETENTION_KINDS];

/** The items by key, each group in the items' order. */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export function createAlertWorker(options: AlertWorkerOptions): AlertWorker {
  const { db, clock, logger } = options;
  const batchSize = options.batchSize ?? 200;
  const viewFilters: ViewFilters = options.viewFilters ?? (async () => undefined);
  const groupMs = (options.emailGroupMinutes ?? ALERT_EMAIL_GROUP_MINUTES) * 60_000;
  const realNow = options.realNow ?? (() => new Date());
  // Chat messages were queued since the chat worker was last told (a batch rolled back only wakes it for nothing).
  let chatQueued = false;
  const tellChat = () => {
    if (!chatQueued) return;
    chatQueued = false;
    options.onChatQueued?.();
  };

  /** Stores the drafts, queues the emails of those stored now; answers how many were stored. */
  async function store(tx: Db, drafts: AlertDraft[]): Promise<number> {
    if (drafts.length === 0) return 0;
    const now = clock.now();
    const rows: NewAlert[] = drafts.map((d) => ({
      accountId: d.rule.accountId,
      userId: d.rule.userId,
      ruleId: d.rule.id,
      ruleName: d.rule.name,
      kind: d.rule.kind,
      dedupeKey: d.dedupeKey,
      eventId: d.eventId,
      containerId: d.containerId,
      shipmentId: d.shipmentId,
      containerNumber: d.containerNumber,
      title: d.title,
      details: d.details,
      createdAt: now,
      // A rule without the in-app channel keeps its alerts (the record that it fired) out of the unread count.
      readAt: d.rule.channels.includes("in_app") ? null : now,
      team: d.rule.audience !== null,
    }));
    const stored = await insertAlerts(tx, rows);
    // A team rule is one LiveRule per person it tells: each alert's is its rule's for its person.
    const rules = new Map(drafts.map((d) => [`${d.rule.id}/${d.rule.userId}`, d.rule]));
    const ruleOf = (alert: AlertRow) =>
      alert.ruleId ? rules.get(`${alert.ruleId}/${alert.userId}`) : undefined;
    // Each channel's delivery is logged with the alert (the history, and an email's outcome through its message).
    const deliveries: NewAlertDelivery[] = stored
      .filter((alert) => ruleOf(alert)?.channels.includes("in_app"))
      .map((alert) => delivery(alert, "in_app", null, now));
    const told = stored.filter((alert) =>
      ruleOf(alert)?.channels.some((c) => c === "email" || isChatChannel(c)),
    );
    let chats = 0;
    if (told.length > 0) {
      const names = await companyNames(tx, [...new Set(told.map((a) => a.accountId))]);
      deliveries.push(
        ...(await emailsOf(
          tx,
          told.filter((alert) => ruleOf(alert)!.channels.includes("email")),
          ruleOf,
          names,
          now,
        )),
      );
      for (const alert of told) {
        const rule = ruleOf(alert)!;
        // Each chat channel's message is its own outbox row, sent by the chat worker; a team rule's goes once per
        // change, with one of its people's alerts.
        if (!rule.postsChat) continue;
        for (const channel of rule.channels.filter(isChatChannel)) {
          const target = channel === "slack" ? rule.slackUrl : rule.teamsUrl;
          if (!target) continue;
          const account = { name: names.get(alert.accountId) ?? "your account" };
          deliveries.push({
            ...delivery(alert, channel, null, now),
            target,
            payload: chatPayload(channel, alert, {
              ruleName: rule.name,
              account,
              publicUrl: options.publicUrl,
            }),
            status: "pending",
            nextAttemptAt: realNow(),
          });
          chats++;
        }
      }
    }
    await insertAlertDeliveries(tx, deliveries);
    if (chats > 0) chatQueued = true;
    return stored.length;
  }

  function delivery(
    alert: AlertRow,
    channel: AlertChannel,
    mailId: string | null,
    now: Date,
  ): NewAlertDelivery {
    return {
      accountId: alert.accountId,
      userId: alert.userId,
      alertId: alert.id,
      channel,
      mailId,
      createdAt: now,
    };
  }

  /**
   * The email deliveries of alerts stored now, a person's together: held while they are in quiet hours; grouped
   * until the window after their last alert email ends (held instead if quiet hours have begun by then); else sent
   * at once, as one email, listing by name what is left of their hourly cap.
   */
  async function emailsOf(
    tx: Db,
    emailed: AlertRow[],
    ruleOf: (alert: AlertRow) => LiveRule | undefined,
    names: Map<string, string>,
    now: Date,
  ): Promise<NewAlertDelivery[]> {
    const byPerson = groupBy(emailed, (alert) => `${alert.accountId}/${alert.userId}`);
    const recent = await recentEmailing(
      tx,
      [...byPerson.values()].map((group) => group[0]!),
      now,
    );
    const deliveries: NewAlertDelivery[] = [];
    for (const [person, group] of byPerson) {
      // The person's settings are on each of their rules: the first alert's says where to send and when not to.
      const rule = ruleOf(group[0]!)!;
      const quiet = (at: Date) =>
        rule.quietStart && rule.quietEnd
          ? quietUntil({ start: rule.quietStart, end: rule.quietEnd, timeZone: rule.timeZone }, at)
          : null;
      const last = recent.get(person)?.lastMailedAt?.getTime();
      const windowEnd = last !== undefined && last + groupMs > now.getTime() ? new Date(last + groupMs) : now;
      const quietEnd = quiet(windowEnd);
      if (quietEnd || windowEnd > now) {
        deliveries.push(
          ...group.map((alert) => ({
            ...delivery(alert, "email", null, now),
            status: quietEnd ? "held" : "grouped",
            nextAttemptAt: quietEnd ?? windowEnd,
          })),
        );
        continue;
      }
      const allowance = ALERT_EMAIL_HOURLY_CAP - (recent.get(person)?.listedLastHour ?? 0);
      const sent = await queueEmail(tx, group, rule.email, { quiet: false, allowance }, names, now);
      deliveries.push(
        ...group.map((alert, i) => ({
          ...delivery(alert, "email", sent.mailId, now),
          mailedAt: now,
          countedOnly: i >= sent.listed,
        })),
      );
    }
    return deliveries;
  }

  /** Queues one email of a person's alerts in the mail outbox; answers its id and how many alerts it listed. */
  async function queueEmail(
    tx: Db,
    group: AlertRow[],
    to: string,
    grouping: Grouping,
    names: Map<string, string>,
    now: Date,
  ): Promise<{ mailId: string; listed: number }> {
    const accountId = group[0]!.accountId;
    const mail = groupedAlertsEmail(
      group,
      { name: names.get(accountId) ?? "your account" },
      grouping,
      options,
    );
    const queued = await sendLater(
      tx,
      accountId,
      { kind: "alert", to, ...mail },
      now,
      mail.headers,
      realNow(),
    );
    return { mailId: queued.id, listed: mail.listed };
  }

  /**
   * One batch of the log; `more`: there is more to read. A batch stops early, at a change, once its alerts number
   * MAX_ALERTS_PER_TRANSACTION: a batch of arrivals in an account of many people is otherwise tens of thousands of
   * alerts held at once (each as a draft, a row, its JSON and the statement's text), which is what the service's
   * memory peaks at under load.
   */
  async function eventBatch(): Promise<{ stored: number; more: boolean; touched: string[] }> {
    return db.transaction(async (tx) => {
      const after = await lockAlertCursor(tx);
      if (after === undefined) return { stored: 0, more: false, touched: [] };
      const events = await eventsAfter(tx, after, batchSize);
      if (events.length === 0) return { stored: 0, more: false, touched: [] };
      let more = events.length === batchSize;
      const accountIds = [...new Set(events.map((e) => e.accountId))];
      const all = await liveRules(tx, accountIds);
      // The checks' kinds are raised by the clock and the forecast, not by events.
      const rules = all.filter(
        (r) => !DAILY_KINDS.includes(r.kind as AlertKind) && !PREDICTION_KINDS.includes(r.kind as AlertKind),
      );
      let stored = 0;
      if (rules.length > 0) {
        const ruled = new Set(rules.map((r) => r.accountId));
        const wanted = events.filter((e) => ruled.has(e.accountId));
        const requestIds = wanted
          .filter((e) => e.referenceType === "tracking_request")
          .map((e) => e.referenceId);
        const containerIds = wanted.flatMap((e) =>
          e.containerId && e.referenceType !== "tracking_request" ? [e.containerId] : [],
        );
        const shipmentIds = wanted.flatMap((e) =>
          !e.containerId && e.shipmentId && e.referenceType !== "tracking_request" ? [e.shipmentId] : [],
        );
        const [boxes, ships, requests] = await Promise.all([
          containerFacts(tx, accountIds, [...new Set(containerIds)]),
          shipmentFacts(tx, accountIds, [...new Set(shipmentIds)]),
          trackingRequestFacts(tx, accountIds, [...new Set(requestIds)]),
        ]);
        await markViews(tx, rules, [...boxes, ...ships], viewFilters, clock.now());
        const byContainer = new Map(boxes.map((f) => [f.containerId!, f]));
        const byShipment = new Map(ships.map((f) => [f.shipmentId!, f]));
        const byRequest = new Map(requests.map((r) => [r.id, r]));
        const drafts: AlertDraft[] = [];
        for (const [i, event] of events.entries()) {
          if (!ruled.has(event.accountId)) continue;
          const request =
            event.referenceType === "tracking_request" ? byRequest.get(event.referenceId) : undefined;
          if (event.referenceType === "tracking_request" && !request) continue;
          const facts: AlertFacts | undefined = event.containerId
            ? byContainer.get(event.containerId)
            : event.shipmentId
              ? byShipment.get(event.shipmentId)
              : undefined;
          drafts.push(...alertsForEvent(event, rules, request ? undefined : facts, request));
          // The changes after this one wait for the next transaction: the cursor stops here.
          if (drafts.length >= MAX_ALERTS_PER_TRANSACTION && i < events.length - 1) {
            events.length = i + 1;
            more = true;
            break;
          }
        }
        stored = await store(tx, drafts);
      }
      // A box that changed in an account with last-free-day (or empty return) rules has its day checked at once,
      // after the batch (a day just published, or moved into a rule's window, or a box just picked up, tells within
      // seconds, not at the next daily check).
      const lfdAccounts = new Set(
        all.filter((r) => DAILY_KINDS.includes(r.kind as AlertKind)).map((r) => r.accountId),
      );
      const touched = events.flatMap((e) =>
        e.containerId &&
        lfdAccounts.has(e.accountId) &&
        (e.event === "container.updated" || e.event.startsWith("container.transport."))
          ? [e.containerId]
          : [],
      );
      await moveAlertCursor(tx, events.at(-1)!.seq, clock.now());
      return { stored, more, touched };
    });
  }

  /**
   * Emails held through quiet hours that have ended, or grouped in a window that has: each person's go as one
   * message, listing what is left of their hourly cap; someone no longer a member of the account is sent nothing.
   * Answers how many messages were queued.
   */
  async function releaseHeld(): Promise<number> {
    let queued = 0;
    for (let round = 0; round < 20; round++) {
      const batch = await releaseHeldBatch();
      queued += batch.queued;
      if (batch.people < HELD_PEOPLE) break;
    }
    return queued;
  }

  /** One transaction of releaseHeld: up to HELD_PEOPLE people's emails; answers how many people and messages. */
  async function releaseHeldBatch(): Promise<{ people: number; queued: number }> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const held = await claimHeldEmails(tx, now, HELD_PEOPLE);
      if (held.length === 0) return { people: 0, queued: 0 };
      const byPerson = groupBy(held, (h) => `${h.accountId}/${h.userId}`);
      const names = await companyNames(tx, [...new Set(held.map((h) => h.accountId))]);
      const recent = await recentEmailing(
        tx,
        [...byPerson.values()].map((group) => group[0]!),
        now,
      );
      let queued = 0;
      for (const [person, group] of byPerson) {
        const ids = group.map((h) => h.id);
        const first = group[0]!;
        if (!first.member) {
          await settleHeldEmails(tx, ids, { error: "the person is no longer a member of the account" });
          continue;
        }
        const alertRows = await alertsByIds(
          tx,
          group.map((h) => h.alertId),
        );
        const allowance = ALERT_EMAIL_HOURLY_CAP - (recent.get(person)?.listedLastHour ?? 0);
        const quiet = group.some((h) => h.quiet);
        const sent = await queueEmail(tx, alertRows, first.email, { quiet, allowance }, names, now);
        const deliveryOf = new Map(group.map((h) => [h.alertId, h.id]));
        const counted = alertRows.slice(sent.listed).map((alert) => deliveryOf.get(alert.id)!);
        await settleHeldEmails(tx, ids, { mailId: sent.mailId, mailedAt: now, counted });
        queued++;
      }
      return { people: byPerson.size, queued };
    });
  }

  /**
   * The daily check: every waiting box whose last free day is near (or just passed), against the LFD rules; with
   * `containerIds`, only those boxes (ones that just changed).
   */
  async function lfdCheck(containerIds?: string[]): Promise<number> {
    if (containerIds?.length === 0) return 0;
    const accountIds = await accountsWithRules(db, LFD_KINDS);
    if (accountIds.length === 0) return 0;
    const now = clock.now();
    const rules = await liveRules(db, accountIds, LFD_KINDS);
    const boxes = await awaitingLastFreeDays(
      db,
      accountIds,
      new Date(now.getTime() - 7 * DAY),
      new Date(now.getTime() + 62 * DAY),
      containerIds,
    );
    await markViews(db, rules, boxes, viewFilters, now);
    const byAccount = groupBy(rules, (rule) => rule.accountId);
    // The drafts are made a chunk at a time: the boxes near their day times the people of a large account is more
    // than needs holding at once, and most were stored by an earlier check (the day's alert is kept once).
    let stored = 0;
    let chunk: AlertDraft[] = [];
    for (const [i, box] of boxes.entries()) {
      chunk.push(...lfdAlerts(box, byAccount.get(box.accountId) ?? [], now));
      if (chunk.length < MAX_ALERTS_PER_TRANSACTION && i < boxes.length - 1) continue;
      const drafts = chunk;
      chunk = [];
      if (drafts.length > 0) stored += await db.transaction((tx) => store(tx, drafts));
    }
    return stored;
  }

  /**
   * The daily empty-return check: every box picked up and not yet returned whose detention deadline (counted with
   * its account's tariffs, as its container's `detention` is) is within a rule's days or passed in the last week;
   * with `containerIds`, only those boxes.
   */
  async function emptyReturnCheck(containerIds?: string[]): Promise<number> {
    if (containerIds?.length === 0) return 0;
    const accountIds = await accountsWithRules(db, DETENTION_KINDS);
    if (accountIds.length === 0) return 0;
    const now = clock.now();
    const rules = await liveRules(db, accountIds, DETENTION_KINDS);
    // A deadline is at most FREE_DAYS_MAX days after pickup (or the discharge before it): boxes out longer ago are
    // past the week in which a passed deadline is told of.
    const since = new Date(now.getTime() - (FREE_DAYS_MAX + EMPTY_RETURN_PASSED_DAYS + 1) * DAY);
    const [boxes, tariffs] = await Promise.all([
      awaitingEmptyReturns(db, accountIds, since, containerIds),
      tariffsOfAccounts(db, accountIds),
    ]);
    await markViews(db, rules, boxes, viewFilters, now);
    const byAccount = groupBy(rules, (rule) => rule.accountId);
    let stored = 0;
    let chunk: AlertDraft[] = [];
    for (const [i, box] of boxes.entries()) {
      const accountTariffs = tariffs.get(box.accountId);
      const { detention } = accountTariffs
        ? freeTimeOf(accountTariffs, box.freeTime, now)
        : { detention: null };
      chunk.push(...emptyReturnAlerts(box, detention, byAccount.get(box.accountId) ?? []));
      if (chunk.length < MAX_ALERTS_PER_TRANSACTION && i < boxes.length - 1) continue;
      const drafts = chunk;
      chunk = [];
      if (drafts.length > 0) stored += await db.transaction((tx) => store(tx, drafts));
    }
    return stored;
  }

  /** Both daily checks (the last free days, the empty returns); with `containerIds`, of those boxes only. */
  async function dailyCheck(containerIds?: string[]): Promise<number> {
    return (await lfdCheck(containerIds)) + (await emptyReturnCheck(containerIds));
  }

  /**
   * The forecast check: every tracked shipment we predict later than its line's ETA by more than a rule's hours,
   * and every box whose expected departure, arrival or availability news is missing (with the last-free-day
   * check: these come due with the clock and the predictions, not with the event log).
   */
  async function predictionCheck(): Promise<number> {
    const accountIds = await accountsWithRules(db, PREDICTION_KINDS);
    if (accountIds.length === 0) return 0;
    const rules = await liveRules(db, accountIds, PREDICTION_KINDS);
    const byAccount = groupBy(rules, (rule) => rule.accountId);
    const drafts: AlertDraft[] = [];
    const lateRules = rules.filter((r) => r.kind === "predicted_late");
    if (lateRules.length > 0) {
      const fewestHours = Math.min(...lateRules.map((r) => r.threshold ?? 0));
      const accounts = [...new Set(lateRules.map((r) => r.accountId))];
      const late = await predictedLateShipments(db, accounts, fewestHours * 3600);
      await markViews(db, lateRules, late, viewFilters, clock.now());
      drafts.push(...late.flatMap((s) => predictedLateAlerts(s, byAccount.get(s.accountId) ?? [])));
    }
    const missingRules = rules.filter((r) => r.kind === "expected_event_missing");
    if (missingRules.length > 0) {
      const accounts = [...new Set(missingRules.map((r) => r.accountId))];
      for (const kind of MISSING_EVENTS) {
        const boxes = await containersMissing(db, accounts, kind, clock.now());
        await markViews(db, missingRules, boxes, viewFilters, clock.now());
        drafts.push(
          ...boxes.flatMap((box) => missingEventAlerts(box, kind, byAccount.get(box.accountId) ?? [])),
        );
      }
    }
    const exceptionRules = rules.filter((r) => r.kind === "voyage_exception");
    if (exceptionRules.length > 0) {
      const accounts = [...new Set(exceptionRules.map((r) => r.accountId))];
      // The last 7 days' (what Needs attention counts); each is alerted once, by its id.
      const since = new Date(clock.now().getTime() - RECENT_EXCEPTION_MS);
      const exceptions = await voyageExceptionsSince(db, accounts, since);
      const facts = new Map(
        (await containerFacts(db, accounts, [...new Set(exceptions.map((x) => x.containerId))])).map((f) => [
          f.containerId,
          f,
        ]),
      );
      const boxes = exceptions.flatMap((x) => {
        const f = facts.get(x.containerId);
        return f ? [{ exception: x, facts: { ...f, accountId: x.accountId } }] : [];
      });
      await markViews(
        db,
        exceptionRules,
        boxes.map((b) => b.facts),
        viewFilters,
        clock.now(),
      );
      for (const box of boxes) {
        drafts.push(
          ...voyageExceptionAlerts(box.exception, box.facts, byAccount.get(box.facts.accountId) ?? []),
        );
      }
    }
    let stored = 0;
    for (let i = 0; i < drafts.length; i += MAX_ALERTS_PER_TRANSACTION) {
      const chunk = drafts.slice(i, i + MAX_ALERTS_PER_TRANSACTION);
      stored += await db.transaction((tx) => store(tx, chunk));
    }
    return stored;
  }

  async function runOnce(): Promise<number> {
    while (running) await running;
    let stored = 0;
    for (let i = 0; i < 50; i++) {
      const batch = await eventBatch();
      stored += batch.stored;
      if (!batch.more) break;
    }
    // Every waiting box's day (which covers the boxes that just changed), and every shipment predicted late.
    stored += await dailyCheck();
    stored += await predictionCheck();
    const released = await releaseHeld();
    if (stored > 0 || released > 0) options.onMailQueued?.();
    tellChat();
    return stored;
  }

  let timer: NodeJS.Timeout | undefined;
  let lfdTimer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  // A pass asked for while one runs: its events are read by the running pass's loop; the daily checks it asks for
  // (`againWithLfd`: a rule was made) are added to that pass's, or run by a pass of their own if the running pass
  // was past its loop. Dropping them left a new rule silent until the next timed check, minutes later.
  let again = false;
  let againWithLfd = false;
  let stopped = false;
  const pass = (asked: boolean) => {
    if (stopped) return;
    if (running) {
      again = true;
      againWithLfd ||= asked;
      return;
    }
    running = (async () => {
      let withLfd = asked;
      try {
        let stored = 0;
        const touched = new Set<string>();
        do {
          again = false;
          withLfd ||= againWithLfd;
          againWithLfd = false;
          for (let i = 0; i < 50; i++) {
            const batch = await eventBatch();
            stored += batch.stored;
            for (const id of batch.touched) touched.add(id);
            if (!batch.more || stopped) break;
          }
        } while (again && !stopped);
        if (!stopped) stored += await dailyCheck(withLfd ? undefined : [...touched]);
        if (!stopped && withLfd) stored += await predictionCheck();
        const released = stopped ? 0 : await releaseHeld();
        if (stored > 0 || released > 0) {
          logger.debug("alerts stored", { stored, released });
          options.onMailQueued?.();
        }
        tellChat();
      } catch (error) {
        reportBackgroundFailure(logger, options.outage, "alerts pass failed", error);
      } finally {
        running = undefined;
        if (again && !stopped) {
          const next = againWithLfd;
          again = false;
          againWithLfd = false;
          pass(next);
        }
      }
    })();
  };

  return {
    start() {
      stopped = false;
      pass(true);
      timer = setInterval(() => pass(false), options.intervalMs ?? DEFAULT_INTERVAL_MS);
      lfdTimer = setInterval(() => pass(true), options.lfdIntervalMs ?? DEFAULT_LFD_INTERVAL_MS);
      timer.unref();
      lfdTimer.unref();
    },
    wake: (lfd = false) => pass(lfd),
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(lfdTimer);
      await running;
    },
  };
}
