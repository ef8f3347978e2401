// The saved views resources through the SDK's own client, joined to an McpServer in memory, reading a service
// harness's app in-process as the caller: the views listed and read are the caller's account's, never another's,
// and a view's count is its list's meta.total now.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedViewDocumentSchema } from "../../../../api/saved-views";
import { createHarness, type Harness, insertShipment } from "../../../testing/service-harness";
import { apiCaller, inProcessFetch } from "../api-caller";
import { registerSavedViewResources, SAVED_VIEWS_URI } from "./saved-views";

let h: Harness;
let mine: { key: string; id: string; accountId: string };
let theirs: { key: string; id: string };

async function saveView(key: string, attributes: Record<string, unknown>) {
  const response = await h.request(key, "/v2/saved_views", {
    method: "POST",
    json: { data: { type: "saved_view", attributes } },
  });
  expect(response.status).toBe(201);
  return savedViewDocumentSchema.parse(await response.json()).data;
}

/** An MCP client of a server that offers the saved views resources to the holder of `key`. */
async function clientAs(key: string) {
  const server = new McpServer({ name: "boxtrack-test", version: "1.0.0" });
  registerSavedViewResources(server, apiCaller(inProcessFetch(h.app, `Token ${key}`)));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test-client", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

/** The JSON a resource answers in its one text content. */
function textOf(result: { contents: ({ text: string } | { blob: string })[] }) {
  const content = result.contents[0];
  return JSON.parse(content && "text" in content ? content.text : "null");
}

beforeAll(async () => {
  h = await createHarness();
  const a = await h.newAccount("Views Co");
  const b = await h.newAccount("Other Co");
  for (const tags of [["urgent"], ["urgent"], ["later"]]) await insertShipment(h.db, a.account.id, { tags });
  await insertShipment(h.db, b.account.id, { tags: ["urgent"] });
  mine = {
    key: a.apiKey,
    accountId: a.account.id,
    id: (
      await saveView(a.apiKey, {
        name: "Urgent",
        list: "shipments",
        search: { "filter[tags]": "urgent", sort: "-pod_eta_at", tracking: "active" },
      })
    ).id,
  };
  await saveView(a.apiKey, { name: "Everything", list: "containers" });
  theirs = {
    key: b.apiKey,
    id: (
      await saveView(b.apiKey, {
        name: "Their urgent",
        list: "shipments",
        search: { "filter[tags]": "urgent" },
      })
    ).id,
  };
});
afterAll(() => h.close());

describe("saved views resources", () => {
  it("lists the caller's views, in words and with the /v2 request that lists each, and no other account's", async () => {
    const client = await clientAs(mine.key);
    const listed = await client.listResources();
    expect(listed.resources.map((r) => r.uri)).toEqual(
      expect.arrayContaining([SAVED_VIEWS_URI, `${SAVED_VIEWS_URI}/${mine.id}`]),
    );
    expect(listed.resources.map((r) => r.uri)).not.toContain(`${SAVED_VIEWS_URI}/${theirs.id}`);
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toEqual([`${SAVED_VIEWS_URI}/{id}`]);

    const all = textOf(await client.readResource({ uri: SAVED_VIEWS_URI }));
    expect(all.views.map((v: { name: string }) => v.name)).toEqual(["Everything", "Urgent"]);
    const urgent = all.views.find((v: { id: string }) => v.id === mine.id);
    expect(urgent).toMatchObject({
      list: "shipments",
      uri: `${SAVED_VIEWS_URI}/${mine.id}`,
      api_url: "/v2/shipments?filter[tags]=urgent&filter[tracking_stopped]=false&sort=-pod_eta_at",
      shows:
        "Shipments with tagged urgent, still tracked; sorted by ETA at the port of discharge, latest or highest first.",
    });
    expect(all.views.find((v: { name: string }) => v.name === "Everything").shows).toBe(
      "All containers; newest first.",
    );

    const other = textOf(await (await clientAs(theirs.key)).readResource({ uri: SAVED_VIEWS_URI }));
    expect(other.views.map((v: { name: string }) => v.name)).toEqual(["Their urgent"]);
  });

  it("answers one view with its list's total now, as the API counts it", async () => {
    const client = await clientAs(mine.key);
    const view = textOf(await client.readResource({ uri: `${SAVED_VIEWS_URI}/${mine.id}` }));
    const api = (await (await h.request(mine.key, view.api_url)).json()) as { meta: { total: number } };
    expect(view).toMatchObject({ name: "Urgent", total: 2 });
    expect(view.total).toBe(api.meta.total);
    // A shipment more under the tag: the count is read afresh.
    await insertShipment(h.db, mine.accountId, { tags: ["urgent"] });
    const again = textOf(await client.readResource({ uri: `${SAVED_VIEWS_URI}/${mine.id}` }));
    expect(again.total).toBe(3);
  });

  it("does not read another account's view: the API's own words", async () => {
    const client = await clientAs(mine.key);
    await expect(client.readResource({ uri: `${SAVED_VIEWS_URI}/${theirs.id}` })).rejects.toThrow(
      `No saved view with id '${theirs.id}' exists in this account.`,
    );
  });

  it("refuses a bad key as the API does", async () => {
    const client = await clientAs("not-a-key");
    await expect(client.readResource({ uri: SAVED_VIEWS_URI })).rejects.toThrow(/API key|Authorization/i);
  });
});
