// Control routes for the end-to-end tests (`TEST_CONTROL=1` only, loopback clients only): an account of the
// test's own, filled with sandbox shipments, so that a test never shares the data it changes with another test.
import { z } from "zod";
import { createAccount } from "../db/accounts";
import type { Db } from "../db/connection";
import { countUnsettledTrackingRequests, insertTrackingRequests } from "../db/tracking-requests";
import type { Clock, ManualClock } from "../tracking/clock";
import { topUpDemoShipments } from "../tracking/demo-fleet";
import type { TrackingEngine } from "../tracking/engine";
import type { SandboxCarrierNetwork } from "../tracking/sandbox";
import { heldBoxRequest } from "../tracking/sandbox-held-box";
import { isLoopbackClient } from "./client-address";
import type { App } from "./env";
import { ApiError } from "./errors";

export interface TestControl {
  engine: TrackingEngine;
  clock: Clock;
  /** The sandbox world's own clock, when it is paused (SANDBOX_PAUSED=1). */
  sandboxClock: ManualClock | undefined;
  /** The carrier network the engine asks, for shipments of a kind the test needs. */
  sandbox: SandboxCarrierNetwork;
}

const newAccountBody = z.object({
  company_name: z.string().min(1).max(200).default("E2E Account"),
  /** Sandbox shipments to track in the new account, made as the demo account's are. */
  shipments: z.number().int().min(0).max(200).default(0),
  /** Also a shipment with a box held at its terminal now, its last free day at most a day away. */
  held_box: z.boolean().default(false),
});

/** Long enough for the engine to turn 200 requests into shipments on a slow machine. */
const SETTLE_TIMEOUT_MS = 120_000;

export function registerTestControlRoutes(app: App, control: TestControl, db: Db) {
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
    if (parsed.data.shipments > 0)
      await topUpDemoShipments(db, account.id, control.clock.now(), parsed.data.shipments);
    if (parsed.data.held_box) {
      const now = control.clock.now();
      const request = heldBoxRequest(control.sandbox, control.sandboxClock?.now() ?? now, now);
      if (!request) throw new Error("the sandbox has no shipment with a box held at its terminal");
      await insertTrackingRequests(db, account.id, [request]);
    }
    if (parsed.data.shipments > 0 || parsed.data.held_box) await settle(control, db, account.id);
    return c.json({ id: account.id, api_key: apiKey }, 201);
  });
}

/**
 * Runs the engine until every request of the account has been looked at. Another pass (the background worker's)
 * may hold some of them for a moment, so this waits for those too rather than returning half an account.
 */
async function settle(control: TestControl, db: Db, accountId: string) {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await control.engine.runUntilIdle();
    if ((await countUnsettledTrackingRequests(db, accountId, control.clock.now())) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the tracking engine did not settle account ${accountId} in time`);
}
