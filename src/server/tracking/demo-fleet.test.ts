// The demo fleet when several processes start at once on one database: each tops the demo account up, and
// together they still make it the demo's number of shipments (not one fleet per process), in one demo account.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../db/connection";
import { ensureDemoAccount } from "../db/demo-account";
import { accounts, trackingRequests } from "../db/schema";
import { createHarness, type Harness } from "../testing/service-harness";
import { DEMO_ACTIVE_SHIPMENTS, topUpDemoShipments } from "./demo-fleet";

describe("the demo fleet's top-up", () => {
  let h: Harness;
  let dataDir: string;
  const closing: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    h = await createHarness();
    dataDir = mkdtempSync(join(tmpdir(), "demo-fleet-"));
  });
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
    await h.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Handles of `n` processes on the database under test: connections of their own on PostgreSQL, the one on PGlite. */
  async function processes(n: number): Promise<Db[]> {
    const url = h.databaseUrl;
    if (!url) return Array.from({ length: n }, () => h.db);
    return Promise.all(
      Array.from({ length: n }, async () => {
        const other = await openDatabase({ url });
        closing.push(() => other.close());
        return other.db;
      }),
    );
  }

  it("makes one demo account and one fleet when three processes start together", async () => {
    const dbs = await processes(3);
    const demos = await Promise.all(dbs.map((db) => ensureDemoAccount(db, dataDir)));
    expect(new Set(demos.map((d) => d.accountId)).size).toBe(1);
    expect(await h.db.select().from(accounts).where(eq(accounts.isDemo, true))).toHaveLength(1);

    const accountId = demos[0]!.accountId;
    const added = await Promise.all(dbs.map((db) => topUpDemoShipments(db, accountId, h.clock.now())));
    expect(added.reduce((a, b) => a + b, 0)).toBe(DEMO_ACTIVE_SHIPMENTS);
    const requests = await h.db
      .select({ number: trackingRequests.normalizedNumber })
      .from(trackingRequests)
      .where(eq(trackingRequests.accountId, accountId));
    expect(requests).toHaveLength(DEMO_ACTIVE_SHIPMENTS);
    expect(new Set(requests.map((r) => r.number)).size).toBe(DEMO_ACTIVE_SHIPMENTS);
  });
});
