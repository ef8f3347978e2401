// Service tests of the alerts' Slack and Teams channels, against a real HTTP receiver on loopback: a rule's alert is
// posted as Block Kit to its Slack address and as an Adaptive Card to its Teams address, signed with the rule's
// secret; a receiver's 500 is retried on the webhooks' schedule (in real time), a 410 ends it at once, and a person
// removed from the account receives nothing more. A second service, held to public addresses, refuses at the API
// (422, nothing stored) a chat channel without its address, a plain http one, one that reaches a private network
// and one whose host does not resolve.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatWorker } from "../alerts/chat-worker";
import type { Resolver } from "../net/outbound-guard";
import { verifyStandardWebhooks } from "../net/webhook-signing";
import { recordArrival } from "../testing/alert-fixtures";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";
import { type Receiver, startReceiver } from "../webhooks/test-receiver";

// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely, each check naming what it is about.
type Doc = any;

describe("alerts in Slack and Teams", () => {
  let h: Harness;
  let receiver: Receiver;
  let accountId: string;
  let owner: string;
  let ana: string;
  let ruleId: string;
  let secret: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    h = await createHarness({ webhooks: { allowHttp: true, allowPrivateAddresses: true } });
    accountId = (await h.newAccount("Chat Co")).account.id;
    owner = await personCookie(h, accountId, "olga@chat.example", "owner");
    ana = await personCookie(h, accountId, "ana@chat.example", "member");
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  const get = async (cookie: string, path: string) =>
    (await asPerson(h, cookie, path)).json() as Promise<Doc>;
  const chatDeliveries = async (cookie: string) =>
    (await get(cookie, "/v2/alert_deliveries?page[size]=100")).data
      .filter((d: Doc) => d.attributes.channel !== "in_app")
      .map((d: Doc) => d.attributes);

  /** A vessel arrival of a new container, later than the last (the history lists the newest first). */
  const arrival = (number: string) => {
    h.clock.advance(60_000);
    return recordArrival(h, accountId, number);
  };

  it("posts Block Kit to Slack and an Adaptive Card to Teams, signed with the rule's secret", async () => {
    await h.service.alerts.runOnce();
    const made = await asPerson(h, ana, "/v2/alert_rules", {
      method: "POST",
      json: {
        data: {
          attributes: {
            name: "Arrivals",
            kind: "vessel_arrived",
            channels: ["in_app", "slack", "teams"],
            slack_url: `${receiver.url}/slack/T1/B1/abc`,
            teams_url: `${receiver.url}/teams/hook`,
          },
        },
      },
    });
    expect(made.status).toBe(201);
    const rule = ((await made.json()) as Doc).data;
    expect(rule.attributes).toMatchObject({
      channels: ["in_app", "slack", "teams"],
      slack_url: `${receiver.url}/slack/T1/B1/abc`,
      teams_url: `${receiver.url}/teams/hook`,
    });
    expect(rule.attributes.chat_signing_secret).toMatch(/^whsec_/);
    ruleId = rule.id;
    secret = rule.attributes.chat_signing_secret;

    const containerId = await arrival("MSCU1234565");
    // Queued with the alert, before anything is sent.
    expect((await chatDeliveries(ana)).map((d: Doc) => d.status)).toEqual(["queued", "queued"]);
    expect(await h.service.chat.runOnce()).toBe(2);

    const slack = receiver.requests.find((r) => r.path === "/slack/T1/B1/abc")!;
    const teams = receiver.requests.find((r) => r.path === "/teams/hook")!;
    expect(slack.headers["content-type"]).toBe("application/json");
    const blocks = JSON.parse(slack.body);
    expect(blocks.text).toBe("Vessel arrived: MSCU1234565 at Los Angeles");
    expect(blocks.blocks[0]).toEqual({
      type: "header",
      text: { type: "plain_text", text: "Vessel arrived: MSCU1234565 at Los Angeles", emoji: false },
    });
    const button = blocks.blocks.find((b: Doc) => b.type === "actions").elements[0];
    expect(button.text.text).toBe("Open the container");
    expect(new URL(button.url).pathname).toBe(`/containers/${containerId}`);
    expect(blocks.blocks.at(-1).elements[0].text).toContain(
      "your alert rule “Arrivals” (Vessel arrived) in Chat Co",
    );

    const card = JSON.parse(teams.body).attachments[0];
    expect(card.contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(card.content.type).toBe("AdaptiveCard");
    expect(card.content.body[0].text).toBe("Vessel arrived: MSCU1234565 at Los Angeles");
    expect(new URL(card.content.actions[0].url).pathname).toBe(`/containers/${containerId}`);

    // Signed as webhook notifications are, with the rule's secret.
    for (const request of [slack, teams]) {
      const headers = {
        id: request.headers["webhook-id"] as string,
        timestamp: request.headers["webhook-timestamp"] as string,
        signature: request.headers["webhook-signature"] as string,
      };
      expect(verifyStandardWebhooks(secret, headers, request.body, Math.floor(Date.now() / 1000))).toBe(true);
    }

    // The history: sent, to the host only (the rest of the address is its credential).
    const sent = await chatDeliveries(ana);
    expect(sent).toHaveLength(2);
    for (const d of sent) {
      expect(d).toMatchObject({ status: "sent", recipient: "127.0.0.1", attempts: 1, last_error: null });
      expect(d.delivered_at).not.toBeNull();
    }
    // Nothing is sent twice.
    expect(await h.service.chat.runOnce()).toBe(0);
    expect(receiver.requests).toHaveLength(2);
  });

  it("retries a receiver's 500 on the webhooks' schedule, and gives up at once on a 410", async () => {
    receiver.reply = (request) =>
      request.path.startsWith("/slack")
        ? { status: 500, body: "internal_error" }
        : { status: 410, body: "this webhook was removed" };
    const before = receiver.requests.length;
    await arrival("MSCU7654326");
    expect(await h.service.chat.runOnce()).toBe(2);
    expect(receiver.requests.length).toBe(before + 2);
    const [slack, teams] = ["slack", "teams"].map(
      async (channel) =>
        (await get(ana, `/v2/alert_deliveries?filter[channel]=${channel}`)).data[0].attributes,
    );
    expect(await slack).toMatchObject({
      status: "retrying",
      attempts: 1,
      last_error: "HTTP 500: internal_error",
    });
    expect(await teams).toMatchObject({ status: "failed", last_error: "HTTP 410: this webhook was removed" });

    // Not again before its time (a minute or so, real time) ...
    expect(await h.service.chat.runOnce()).toBe(0);
    // ... and at it, once the receiver is well.
    receiver.reply = () => ({ status: 200, body: "ok" });
    const later = createChatWorker({
      db: h.db,
      logger: h.service.logger,
      allowPrivateAddresses: true,
      now: () => new Date(Date.now() + 2 * 60 * 60_000),
    });
    expect(await later.runOnce()).toBe(1);
    const retried = (await get(ana, "/v2/alert_deliveries?filter[channel]=slack")).data[0].attributes;
    expect(retried).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(receiver.requests.length).toBe(before + 3);
  });

  it("sends nothing more to a person removed from the account", async () => {
    const before = receiver.requests.length;
    await arrival("MSCU1111110");
    const anaId = (await get(ana, "/v2/users/me")).data.id;
    const removed = await asPerson(h, owner, `/v2/users/${anaId}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await h.service.chat.runOnce()).toBe(2);
    expect(receiver.requests.length).toBe(before);
    const all = (await get(owner, "/v2/alert_deliveries?filter[status]=failed&page[size]=100")).data.map(
      (d: Doc) => d.attributes.last_error,
    );
    expect(all.filter((e: string) => e === "the person is no longer a member of the account")).toHaveLength(
      2,
    );
    expect(ruleId).toBeDefined();
  });
});

describe("alert rules' Slack and Teams addresses", () => {
  let h: Harness;
  let ana: string;
  /** Names as a public DNS would answer them: one public, one inside a private network, the rest unknown. */
  const resolve: Resolver = async (host) => {
    if (host === "hooks.slack.com") return [{ address: "52.1.2.3", family: 4 }];
    if (host === "chat.inside.example") return [{ address: "10.0.0.5", family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  };

  beforeAll(async () => {
    h = await createHarness({ webhooks: { resolve } });
    const accountId = (await h.newAccount("Guarded Co")).account.id;
    ana = await personCookie(h, accountId, "ana@guarded.example", "member");
  });
  afterAll(() => h.close());

  const create = async (attributes: Record<string, unknown>) => {
    const response = await asPerson(h, ana, "/v2/alert_rules", {
      method: "POST",
      json: { data: { attributes: { name: "Holds", kind: "hold_added", ...attributes } } },
    });
    return { status: response.status, body: (await response.json()) as Doc };
  };
  const rules = async () => (await (await asPerson(h, ana, "/v2/alert_rules")).json()) as Doc;

  it("refuses a chat channel without its address, or an address it could never send to, storing nothing", async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ channels: ["slack"] }, "/data/attributes/slack_url", /The slack channel needs slack_url/],
      [
        { channels: ["teams"], slack_url: "https://hooks.slack.com/x" },
        "/data/attributes/teams_url",
        /needs teams_url/,
      ],
      [
        { channels: ["slack"], slack_url: "http://hooks.slack.com/x" },
        "/data/attributes/slack_url",
        /must be an https address/,
      ],
      [
        { channels: ["slack"], slack_url: "hooks.slack.com/x" },
        "/data/attributes/slack_url",
        /absolute https address/,
      ],
      [
        { channels: ["slack"], slack_url: "https://127.0.0.1/x" },
        "/data/attributes/slack_url",
        /127\.0\.0\.1, which is loopback.*Slack and Teams messages may only reach public addresses/,
      ],
      [
        { channels: ["teams"], teams_url: "https://chat.inside.example/hook" },
        "/data/attributes/teams_url",
        /resolves to 10\.0\.0\.5.*Slack and Teams messages may only reach public addresses/,
      ],
      [
        { channels: ["slack"], slack_url: "https://nowhere.example/hook" },
        "/data/attributes/slack_url",
        /host 'nowhere\.example' could not be found/,
      ],
      [
        { channels: ["slack", "pager"] },
        "/data/attributes/channels/1",
        /each channel must be one of email, in_app, slack, teams/,
      ],
    ];
    for (const [attributes, pointer, detail] of cases) {
      const { status, body } = await create(attributes);
      expect(status, JSON.stringify(attributes)).toBe(422);
      expect(body.errors[0].source.pointer).toBe(pointer);
      expect(body.errors[0].detail).toMatch(detail);
    }
    expect((await rules()).data).toEqual([]);
  });

  it("keeps a public address, and refuses an edit that leaves a chat channel without one", async () => {
    const { status, body } = await create({
      channels: ["email"],
      slack_url: "https://hooks.slack.com/services/T/B/x",
    });
    expect(status).toBe(201);
    // An address kept without its channel makes no secret yet: nothing is signed.
    expect(body.data.attributes.chat_signing_secret).toBeNull();
    const id = body.data.id;
    const patch = (attributes: Record<string, unknown>) =>
      asPerson(h, ana, `/v2/alert_rules/${id}`, { method: "PATCH", json: { data: { attributes } } });
    const on = await patch({ channels: ["email", "slack"] });
    expect(on.status).toBe(200);
    const secret = ((await on.json()) as Doc).data.attributes.chat_signing_secret;
    expect(secret).toMatch(/^whsec_/);
    const cleared = await patch({ slack_url: null });
    expect(cleared.status).toBe(422);
    expect(((await cleared.json()) as Doc).errors[0].source.pointer).toBe("/data/attributes/slack_url");
    const teams = await patch({ channels: ["teams"] });
    expect(teams.status).toBe(422);
    const kept = (await rules()).data[0].attributes;
    expect(kept).toMatchObject({
      channels: ["email", "slack"],
      slack_url: "https://hooks.slack.com/services/T/B/x",
      chat_signing_secret: secret,
    });
  });
});
