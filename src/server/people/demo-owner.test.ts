// Tests of the demo owner: made once with a password kept in the data directory, and with the alert rules a
// coordinator starts with, which later starts leave as the owner left them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAlertRule, listAlertRules } from "../db/alerts";
import { findUserByEmail } from "../db/people";
import { createHarness, type Harness } from "../testing/service-harness";
import { DEMO_OWNER_EMAIL, ensureDemoOwner } from "./demo-owner";

let h: Harness;
let dataDir: string;

beforeAll(async () => {
  h = await createHarness();
  dataDir = mkdtempSync(join(tmpdir(), "demo-owner-"));
});
afterAll(async () => {
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The demo owner as the alert rules' repository reads them. */
const ownerReads = (accountId: string, userId: string) => ({ accountId, userId, role: "owner", admin: true });

describe("the demo owner", () => {
  it("starts with alert rules for what costs money soon, and keeps the owner's changes on later starts", async () => {
    const { account } = await h.newAccount("Demo Logistics");
    const first = await ensureDemoOwner(h.db, dataDir, account.id, new Date());
    const owner = (await findUserByEmail(h.db, DEMO_OWNER_EMAIL))!;
    const rules = await listAlertRules(h.db, ownerReads(account.id, owner.id));
    expect(rules.map((r) => [r.kind, r.threshold, r.channels])).toEqual([
      ["lfd_within", 2, ["in_app", "email"]],
      ["available_for_pickup", null, ["in_app", "email"]],
      ["hold_added", null, ["in_app", "email"]],
      ["eta_moved", 24, ["in_app", "email"]],
    ]);

    // The next start: the same password, no second set of rules, and a rule the owner deleted stays deleted.
    await deleteAlertRule(h.db, ownerReads(account.id, owner.id), rules[3]!.id);
    const again = await ensureDemoOwner(h.db, dataDir, account.id, new Date());
    expect(again.password).toBe(first.password);
    expect((await listAlertRules(h.db, ownerReads(account.id, owner.id))).map((r) => r.kind)).toEqual([
      "lfd_within",
      "available_for_pickup",
      "hold_added",
    ]);
  });
});
