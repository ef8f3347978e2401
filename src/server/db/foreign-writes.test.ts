// Tests that the repositories' writes by id stay in the account named: each is called with another account's ids
// (a carrier connection and a DCSA subscription of account A, named with account B) and must change nothing of A.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCarrierConnection } from "../testing/dcsa-push-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";
import { getCarrierConnection, recordCarrierConnectionStatus } from "./carrier-connections";
import {
  type DcsaSubscriptionRow,
  deleteSubscriptions,
  insertPendingSubscriptions,
  recordRemovalTrouble,
  recordSubscriptionOutcome,
  subscriptionsOfConnection,
} from "./dcsa-subscriptions";
import { dcsaSubscriptions } from "./schema";

let h: Harness;
let owner: string;
let stranger: string;
let connectionId: string;
let subscription: DcsaSubscriptionRow;

beforeAll(async () => {
  h = await createHarness();
  owner = (await h.newAccount("Owner Co")).account.id;
  stranger = (await h.newAccount("Stranger Co")).account.id;
  connectionId = (await insertCarrierConnection(h.db, owner, { baseUrl: "https://maeu.example/tnt" })).id;
  [subscription] = (await insertPendingSubscriptions(
    h.db,
    [
      {
        accountId: owner,
        connectionId,
        requestType: "bill_of_lading",
        reference: "MAEU1",
        secretSealed: "x",
      },
    ],
    h.clock.now(),
  )) as [DcsaSubscriptionRow];
});
afterAll(() => h.close());

const subscriptionNow = async () =>
  (await h.db.select().from(dcsaSubscriptions).where(eq(dcsaSubscriptions.id, subscription.id)))[0];

describe("writes by id, named with another account", () => {
  it("do not record a carrier connection's status", async () => {
    const before = await getCarrierConnection(h.db, owner, connectionId);
    const recorded = await recordCarrierConnectionStatus(
      h.db,
      { accountId: stranger, id: connectionId },
      "ok",
      null,
      h.clock.now(),
    );
    expect(recorded).toBeUndefined();
    expect(await getCarrierConnection(h.db, owner, connectionId)).toEqual(before);
    // Named with its own account, it does.
    const own = await recordCarrierConnectionStatus(
      h.db,
      { accountId: owner, id: connectionId },
      "ok",
      null,
      h.clock.now(),
    );
    expect(own?.status).toBe("ok");
  });

  it("do not change, list or delete a DCSA subscription", async () => {
    const foreign = { accountId: stranger, id: subscription.id };
    await recordSubscriptionOutcome(h.db, foreign, { status: "failed", detail: "forged" }, h.clock.now());
    await recordRemovalTrouble(h.db, foreign, "forged");
    await deleteSubscriptions(h.db, [foreign]);
    expect(await subscriptionNow()).toEqual(subscription);
    expect(await subscriptionsOfConnection(h.db, { accountId: stranger, id: connectionId })).toEqual([]);

    // Named with their own account, they do.
    const own = { accountId: owner, id: subscription.id };
    expect(await subscriptionsOfConnection(h.db, { accountId: owner, id: connectionId })).toHaveLength(1);
    await recordRemovalTrouble(h.db, own, "carrier down");
    expect((await subscriptionNow())?.statusDetail).toBe("carrier down");
    await deleteSubscriptions(h.db, [own]);
    expect(await subscriptionNow()).toBeUndefined();
  });
});
