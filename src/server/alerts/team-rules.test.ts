// Service tests of team alert rules: an admin sets a rule for a role or for chosen people; each of them is told once
// (the bell, their own email with their own unsubscribe link), the rule's Slack channel once per change; they read
// it but cannot change it; one person's unsubscribe stops the email for them only; someone removed, or outside the
// audience, is told nothing; bad audiences are 422s at their pointer and a member's attempt a 403, nothing stored.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserByEmail, removeMember } from "../db/people";
import { alertRules, alerts } from "../db/schema";
import { recordArrival } from "../testing/alert-fixtures";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";
import { decodedBody, headersOf, type SmtpSink, startSmtpSink } from "../testing/smtp-sink";
import { type Receiver, startReceiver } from "../webhooks/test-receiver";

// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely, each check naming what it is about.
type Doc = any;

describe("team alert rules", () => {
  let h: Harness;
  let smtp: SmtpSink;
  let receiver: Receiver;
  let accountId: string;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    receiver = await startReceiver();
    h = await createHarness({
      config: { smtpUrl: smtp.url },
      webhooks: { allowHttp: true, allowPrivateAddresses: true },
    });
    accountId = (await h.newAccount("Team Co")).account.id;
    for (const [name, role] of [
      ["adam", "admin"],
      ["ana", "member"],
      ["ben", "member"],
      ["vic", "viewer"],
    ] as const) {
      cookies[name] = await personCookie(h, accountId, `${name}@team.example`, role);
      ids[name] = (await findUserByEmail(h.db, `${name}@team.example`))!.id;
    }
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
    await receiver.close();
  });

  const post = (who: string, attributes: Record<string, unknown>) =>
    asPerson(h, cookies[who]!, "/v2/alert_rules", { method: "POST", json: { data: { attributes } } });
  const get = async (who: string, path: string) =>
    (await asPerson(h, cookies[who]!, path)).json() as Promise<Doc>;
  /** An arrival past the grouping window of the last emails; answers who was emailed, and the bell's counts. */
  async function arrival() {
    h.clock.advance(11 * 60_000);
    const containerId = await recordArrival(h, accountId, `TEAU${String(1_000_000 + ++n).slice(-7)}`);
    await h.mail.runOnce();
    const mail = smtp.received.splice(0);
    const told = await h.db
      .select({ userId: alerts.userId })
      .from(alerts)
      .where(eq(alerts.containerId, containerId));
    const name = (id: string) => Object.keys(ids).find((k) => ids[k] === id);
    return {
      emailed: mail.flatMap((m) => m.to.map((to) => to.split("@")[0]!)).sort(),
      bell: told.map((t) => name(t.userId)).sort(),
      mail,
    };
  }

  it("refuses a member's team rule and bad audiences, storing nothing", async () => {
    const forbidden = await post("ana", {
      name: "Mine for all",
      kind: "vessel_arrived",
      audience: { roles: ["member"] },
    });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as Doc).errors[0].detail).toContain("only an owner or admin");

    const stranger = await post("adam", {
      name: "Strangers",
      kind: "vessel_arrived",
      audience: { user_ids: [ids.ana, "0b7c6f0e-1f0a-4c1e-9d59-3f1f7e0a9a11"] },
    });
    expect(stranger.status).toBe(422);
    expect(((await stranger.json()) as Doc).errors[0].source.pointer).toBe(
      "/data/attributes/audience/user_ids/1",
    );
    for (const audience of [
      { roles: ["boss"] },
      {},
      { roles: [] },
      { roles: ["member"], user_ids: [ids.ana] },
    ]) {
      const bad = await post("adam", { name: "Bad", kind: "vessel_arrived", audience });
      expect(bad.status, JSON.stringify(audience)).toBe(422);
    }
    expect(await h.db.select().from(alertRules).where(eq(alertRules.accountId, accountId))).toEqual([]);
  });

  it("tells each of its people once, posts to Slack once, and lets only admins change it", async () => {
    await h.service.alerts.runOnce();
    const members = await post("adam", {
      name: "Arrivals for the team",
      kind: "vessel_arrived",
      audience: { roles: ["member"] },
      channels: ["email", "in_app", "slack"],
      slack_url: `${receiver.url}/slack/T1/B1/team`,
    });
    expect(members.status, await members.clone().text()).toBe(201);
    const ruleId = ((await members.json()) as Doc).data.id;
    const vicOnly = await post("adam", {
      name: "Arrivals for Vic",
      kind: "vessel_arrived",
      audience: { user_ids: [ids.vic!.toUpperCase()] },
      channels: ["in_app"],
    });
    expect(((await vicOnly.json()) as Doc).data.attributes.audience).toEqual({ user_ids: [ids.vic] });

    const first = await arrival();
    expect(first.bell).toEqual(["ana", "ben", "vic"]);
    expect(first.emailed).toEqual(["ana", "ben"]);
    const anaMail = decodedBody(first.mail.find((m) => m.to.includes("ana@team.example"))!.raw);
    expect(anaMail).toContain(
      "the team alert rule “Arrivals for the team” (Vessel arrived), which an admin of Team Co set for you",
    );
    expect(await h.service.chat.runOnce()).toBe(1);
    expect(receiver.requests).toHaveLength(1);

    // Ana reads it, without its Slack address or secret, and may not change or delete it; Adam may.
    const anaRules = (await get("ana", "/v2/alert_rules")).data;
    expect(anaRules.map((r: Doc) => [r.attributes.name, r.attributes.editable])).toEqual([
      ["Arrivals for the team", false],
    ]);
    expect(anaRules[0].attributes).toMatchObject({ slack_url: null, chat_signing_secret: null });
    expect((await get("vic", "/v2/alert_rules")).data.map((r: Doc) => r.attributes.name)).toEqual([
      "Arrivals for Vic",
    ]);
    const adams = (await get("adam", "/v2/alert_rules")).data;
    expect(adams).toHaveLength(2);
    // One change told two people: the rule told of one change.
    expect(adams.find((r: Doc) => r.id === ruleId).attributes.fired_last_day).toBe(1);
    const patch = (who: string, attributes: Record<string, unknown>) =>
      asPerson(h, cookies[who]!, `/v2/alert_rules/${ruleId}`, {
        method: "PATCH",
        json: { data: { attributes } },
      });
    expect((await patch("ben", { name: "Mine now" })).status).toBe(403);
    expect((await asPerson(h, cookies.ben!, `/v2/alert_rules/${ruleId}`, { method: "DELETE" })).status).toBe(
      403,
    );

    // Ana's one-click unsubscribe stops the email for her only; the bell still tells her.
    const headers = headersOf(first.mail.find((m) => m.to.includes("ana@team.example"))!.raw);
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)![1]!;
    const stop = await h.app.request(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(stop.status).toBe(200);
    expect((await get("ana", `/v2/alert_rules/${ruleId}`)).data.attributes.email_stopped_for_you).toBe(true);
    const second = await arrival();
    expect(second.bell).toEqual(["ana", "ben", "vic"]);
    expect(second.emailed).toEqual(["ben"]);

    // Ben leaves the account; Adam widens the rule to viewers.
    await removeMember(h.db, accountId, ids.ben!);
    expect((await patch("adam", { audience: { roles: ["member", "viewer"] } })).status).toBe(200);
    const third = await arrival();
    expect(third.bell).toEqual(["ana", "vic", "vic"]);
    expect(third.emailed).toEqual(["vic"]);
    // A person's own rule cannot become a team rule by an edit.
    const own = ((await (await post("adam", { name: "Mine", kind: "vessel_arrived" })).json()) as Doc).data
      .id;
    const widened = await asPerson(h, cookies.adam!, `/v2/alert_rules/${own}`, {
      method: "PATCH",
      json: { data: { attributes: { audience: { roles: ["member"] } } } },
    });
    expect(widened.status).toBe(422);
  });
});
