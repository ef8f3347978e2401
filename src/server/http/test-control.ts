// Control routes for the end-to-end tests (`TEST_CONTROL=1` only, loopback clients only): an account of the
// test's own, filled with sandbox shipments, so that a test never shares the data it changes with another test;
// and, for that account only, time moved on in its sandbox world, so that the service records real events
// (the live stream's tests) while the world of every other account stays paused; and people of that account with
// the roles a test needs (made with the account, or added later), each with a generated password to sign in with
// (as `npm run accounts -- create-user` makes them), for the tests of roles and of settings that would change the
// shared demo account for every other test (requiring two-factor, single sign-on).
import { Hono } from "hono";
import { z } from "zod";
import { HOUR } from "../../api/durations";
import { ROLES } from "../../api/roles";
import type { Clock, ManualClock } from "../clock";
import { createAccount, getAccount } from "../db/accounts";
import { countAccountAlerts } from "../db/alerts";
import type { Db } from "../db/connection";
import { countAccountEvents } from "../db/outbox";
import type { ReferenceData } from "../db/reference-data";
import { countUnsettledTrackingRequests, insertTrackingRequests } from "../db/tracking-requests";
import { countUnsettledShipments, makeAccountShipmentsDue } from "../db/tracking-work";
import { createPerson } from "../people/operator";
import { topUpDemoShipments } from "../tracking/demo-fleet";
import type { TrackingEngine } from "../tracking/engine";
import type { AccountTimeShifts } from "../tracking/sandbox/account-time-shifts";
import type { SandboxCarrierNetwork } from "../tracking/sandbox/network";
import { heldBoxRequest } from "../tracking/sandbox-held-box";
import { lateAtSeaRequest } from "../tracking/sandbox-late-box";
import { onRailRequest } from "../tracking/sandbox-rail-box";
import { rolledSoonRequest } from "../tracking/sandbox-rolled-box";
import { isLoopbackClient } from "./client-address";
import type { AppEnv } from "./env";
import { ApiError, notFound } from "./errors";

export interface TestControl {
  engine: TrackingEngine;
  clock: Clock;
  /** The sandbox world's own clock, when it is paused (SANDBOX_PAUSED=1). */
  sandboxClock: ManualClock | undefined;
  /** The carrier network the engine asks, for shipments of a kind the test needs. */
  sandbox: SandboxCarrierNetwork;
  /** The accounts whose sandbox world runs ahead; the same object the sandbox network was given. */
  timeShifts: AccountTimeShifts;
  /** The event log's fan-out, which numbers recorded events for the live stream and the alerts. */
  eventLog: { fanOut(): Promise<number> };
  /** People's alerts: an advance answers once what it changed has become alerts. */
  alerts: { runOnce(): Promise<number> };
  /** Our predicted arrivals: worked out before an answer, as the alerts are. */
  forecaster: { runOnce(): Promise<number> };
  reference: ReferenceData;
}

const newAccountBody = z.object({
  company_name: z.string().min(1).max(200).default("E2E Account"),
  /** Sandbox shipments to track in the new account, made as the demo account's are. */
  shipments: z.number().int().min(0).max(200).default(0),
  /** Also a shipment with a box held at its terminal now, its last free day at most a day away. */
  held_box: z.boolean().default(false),
  /** Also a shipment whose ship sails to its port of discharge well behind the line's ETA (predicted late). */
  late_at_sea: z.boolean().default(false),
  /**
   * Also a shipment whose line rolls its boxes to a later vessel within two days of the world's now: the answer's
   * `rolls_in_hours` says how far to advance the account for the line to show it.
   */
  rolled_soon: z.boolean().default(false),
  /** Also a shipment with a box loaded on a train or travelling on one now (the "At rail" quick filter's case). */
  on_rail: z.boolean().default(false),
  /** People of the account, made as the operator's `create-user` makes them (email verified, a new password). */
  people: z
    .array(z.object({ email: z.email(), role: z.enum(ROLES), name: z.string().min(1).max(200).optional() }))
    .max(10)
    .default([]),
});

const advanceBody = z.object({
  /** How far to move the account's sandbox world on; a voyage's next events are hours to days apart. */
  hours: z
    .number()
    .positive()
    .max(24 * 120),
  /**
   * Refresh the account's shipments through the engine once the world moved on (the default). False moves the
   * world only: the shipments wait for their next turn, or for a user's "refresh now" (the refresh tests).
   */
  refresh: z.boolean().default(true),
});

const newPersonBody = z.object({
  email: z.email(),
  name: z.string().trim().min(1).max(200),
  role: z.enum(ROLES),
  /** False: the email is not confirmed yet, as the first owner's is after sign-up (the confirmation tests). */
  email_verified: z.boolean().default(true),
});

/** Long enough for the engine to turn 200 requests into shipments on a slow machine. */
const SETTLE_TIMEOUT_MS = 120_000;

export function testControlRoutes(control: TestControl, db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("/__test__/*", async (c, next) => {
    if (!isLoopbackClient(c)) {
      throw new ApiError(403, { code: "forbidden", detail: "Test control answers loopback clients only." });
    }
    await next();
  });

  app.post("/__test__/accounts", async (c) => {
    const parsed = newAccountBody.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) {
      throw new ApiError(422, {
        code: "invalid_request",
        detail: parsed.error.issues[0]?.message ?? "bad body",
      });
    }
    const { account, apiKey } = await createAccount(db, parsed.data.company_name);
    const people: { email: string; password: string | undefined }[] = [];
    for (const person of parsed.data.people) {
      const made = await createPerson(db, { ...person, accountId: account.id, now: new Date() });
      people.push({ email: made.email, password: made.password });
    }
    if (parsed.data.shipments > 0)
      await topUpDemoShipments(db, account.id, control.clock.now(), parsed.data.shipments);
    if (parsed.data.held_box) {
      const now = control.clock.now();
      const request = heldBoxRequest(control.sandbox, control.sandboxClock?.now() ?? now, now);
      if (!request) throw new Error("the sandbox has no shipment with a box held at its terminal");
      await insertTrackingRequests(db, account.id, [request]);
    }
    if (parsed.data.late_at_sea) {
      const now = control.clock.now();
      const world = control.sandboxClock?.now() ?? now;
      const request = await lateAtSeaRequest(control.sandbox, control.reference, world, now);
      if (!request) throw new Error("the sandbox has no shipment sailing well behind its line's ETA");
      await insertTrackingRequests(db, account.id, [request]);
    }
    if (parsed.data.on_rail) {
      const now = control.clock.now();
      const request = onRailRequest(control.sandbox, control.sandboxClock?.now() ?? now, now);
      if (!request) throw new Error("the sandbox has no shipment with a box on a train");
      await insertTrackingRequests(db, account.id, [request]);
    }
    let rollsInHours: number | undefined;
    if (parsed.data.rolled_soon) {
      const now = control.clock.now();
      const found = rolledSoonRequest(control.sandbox, control.sandboxClock?.now() ?? now, now);
      if (!found) throw new Error("the sandbox has no shipment about to be rolled");
      await insertTrackingRequests(db, account.id, [found.request]);
      rollsInHours = found.rollsInHours;
    }
    const tracked =
      parsed.data.shipments > 0 ||
      parsed.data.held_box ||
      parsed.data.late_at_sea ||
      parsed.data.rolled_soon ||
      parsed.data.on_rail;
    if (tracked) {
      await settle(control, db, account.id);
      await control.forecaster.runOnce();
    }
    return c.json({ id: account.id, api_key: apiKey, people, rolls_in_hours: rollsInHours }, 201);
  });

  // The account's world moves on, then its shipments are refreshed through the engine's own path (a due refresh),
  // so that what the service records (transport events, container.updated, shipment.estimated.arrival, …) is
  // exactly what it records in production. Other accounts' worlds do not move, so their refreshes change nothing.
  app.post("/__test__/accounts/:id/advance", async (c) => {
    const accountId = c.req.param("id");
    const parsed = advanceBody.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) {
      throw new ApiError(422, {
        code: "invalid_request",
        detail: `hours: ${parsed.error.issues[0]?.message ?? "bad body"}`,
      });
    }
    if (!z.uuid().safeParse(accountId).success || !(await getAccount(db, accountId)))
      throw notFound("account", accountId);
    const before = await countAccountEvents(db, accountId);
    const alertsBefore = await countAccountAlerts(db, accountId);
    const shiftMs = control.timeShifts.advance(accountId, parsed.data.hours * HOUR);
    if (!parsed.data.refresh) {
      return c.json({
        account_id: accountId,
        hours_ahead: shiftMs / HOUR,
        shipments_refreshed: 0,
        events: 0,
        alerts: 0,
      });
    }
    const due = await makeAccountShipmentsDue(db, accountId, control.clock.now());
    await settle(control, db, accountId);
    await control.forecaster.runOnce();
    // What the world's move changed is people's alerts (a last free day come near) before the answer, not at the
    // workers' next passes: on a busy machine those came after a test had stopped looking (issue 35). The alerts
    // read the events once the fan-out has numbered them.
    await control.eventLog.fanOut();
    await control.alerts.runOnce();
    const events = (await countAccountEvents(db, accountId)) - before;
    return c.json({
      account_id: accountId,
      hours_ahead: shiftMs / HOUR,
      shipments_refreshed: due,
      events,
      alerts: (await countAccountAlerts(db, accountId)) - alertsBefore,
    });
  });
  // A person of the account with a role, made as the operator makes one; answers the password, shown this once.
  app.post("/__test__/accounts/:id/people", async (c) => {
    const accountId = c.req.param("id");
    const parsed = newPersonBody.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiError(422, {
        code: "invalid_request",
        detail: `${issue?.path.join(".") || "body"}: ${issue?.message ?? "bad body"}`,
      });
    }
    if (!z.uuid().safeParse(accountId).success || !(await getAccount(db, accountId)))
      throw notFound("account", accountId);
    const { email_verified: emailVerified, ...person } = parsed.data;
    const made = await createPerson(db, { ...person, emailVerified, accountId, now: control.clock.now() });
    // Someone who already has a password keeps it, and the test cannot know it: it names a fresh email instead.
    if (!made.password)
      throw new ApiError(409, {
        code: "conflict",
        detail: `${made.email} is someone already; use a new email.`,
      });
    return c.json({ email: made.email, password: made.password, role: parsed.data.role }, 201);
  });
  return app;
}

/**
 * Runs the engine until every request and due shipment of the account has been looked at. Another pass (the background worker's)
 * may hold some of them for a moment, so this waits for those too rather than returning half an account.
 */
async function settle(control: TestControl, db: Db, accountId: string) {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await control.engine.runUntilIdle();
    const now = control.clock.now();
    const unsettled =
      (await countUnsettledTrackingRequests(db, accountId, now)) +
      (await countUnsettledShipments(db, accountId, now));
    if (unsettled === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the tracking engine did not settle account ${accountId} in time`);
}
