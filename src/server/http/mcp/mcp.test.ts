// Tests of the MCP server with the SDK's own client: over streamable HTTP to `/mcp` on a listening server (the
// tools answer what the /v2 API answers for the same thing, only for the key's own account, with the API's
// wording when it refuses), the endpoint's key check and methods, and the stdio entry (`npm run mcp`) calling
// the same server over HTTP.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MILESTONE_MEANINGS, MILESTONE_ORDER } from "../../../api/milestones";
import type { SearchDocument } from "../../../api/search";
import type { CreatedAccount } from "../../db/accounts";
import { insertAlerts } from "../../db/alerts";
import { findUserByEmail } from "../../db/people";
import { shipments } from "../../db/schema";
import { addPerson, personCookie } from "../../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../../testing/service-harness";
import { type ApiFetch, apiCaller } from "./api-caller";
import { createMcpServer } from "./server";

let h: Harness;
let server: Server;
let base: string;
let mine: CreatedAccount;
let theirs: CreatedAccount;
let client: Client;
let myShipmentId: string;
let theirShipmentId: string;

const READ_ONLY_TOOLS = [
  "search",
  "get_shipment",
  "get_container",
  "get_vessel",
  "list_shipments",
  "list_containers",
  "list_tracking_requests",
  "supported_shipping_lines",
  "list_unread_alerts",
];
const CHANGING_TOOLS = ["track", "stop_tracking", "resume_tracking"];

/** A client with the key, or with a person's session cookie (`{ cookie }`, sent as from the service's own pages). */
async function connect(key: string | { cookie: string }): Promise<Client> {
  const c = new Client({ name: "mcp-test", version: "1.0.0" });
  const headers: Record<string, string> =
    typeof key === "string" ? { authorization: `Token ${key}` } : { cookie: key.cookie, origin: base };
  await c.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return c;
}

async function call(name: string, args: Record<string, unknown> = {}, through = client) {
  return (await through.callTool({ name, arguments: args })) as CallToolResult;
}

/** The tool's text: its summary, or its error. */
const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");

// biome-ignore lint/suspicious/noExplicitAny: the API's documents and the tools' answers are read loosely to compare.
type Loose = any;

async function api(path: string, init: RequestInit & { json?: unknown } = {}, key = mine.apiKey) {
  const response = await h.request(key, path, init);
  return { status: response.status, body: (await response.json()) as Loose };
}

beforeAll(async () => {
  h = await createHarness();
  mine = await h.newAccount("Mine Logistics");
  theirs = await h.newAccount("Their Logistics");
  const one = await insertShipment(h.db, mine.account.id, {
    billOfLading: "MAEU700000001",
    tags: ["urgent"],
    containerNumbers: ["MSKU7000011", "MSKU7000022"],
  });
  myShipmentId = one.shipment.id;
  await insertShipment(h.db, mine.account.id, { billOfLading: "MAEU700000002", tags: ["later"] });
  theirShipmentId = (await insertShipment(h.db, theirs.account.id, { billOfLading: "MAEU799999999" }))
    .shipment.id;
  server = createServer(getRequestListener(h.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = await connect(mine.apiKey);
});

afterAll(async () => {
  await client?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await h?.close();
});

describe("/mcp over streamable HTTP", () => {
  it("lists the tools, reads annotated read-only and changes annotated as such, and the glossary resource", async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    // Exactly the tools: one that goes missing from the server's list fails here.
    expect([...byName.keys()].sort()).toEqual([...READ_ONLY_TOOLS, ...CHANGING_TOOLS].sort());
    for (const name of READ_ONLY_TOOLS) {
      expect(byName.get(name)?.annotations?.readOnlyHint, name).toBe(true);
      expect(byName.get(name)?.description, name).toBeTruthy();
    }
    for (const name of CHANGING_TOOLS) expect(byName.get(name)?.annotations?.readOnlyHint, name).toBe(false);
    expect(byName.get("stop_tracking")?.annotations?.idempotentHint).toBe(true);
    expect(byName.get("track")?.inputSchema.required).toEqual(["number"]);
    expect(client.getInstructions()).toContain("search");

    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain("boxtrack://milestones");
    // The saved views come over /mcp too, as the key's account sees them (resources/saved-views.test.ts has the rest).
    expect(resources.map((r) => r.uri)).toContain("boxtrack://saved-views");
    const views = await client.readResource({ uri: "boxtrack://saved-views" });
    expect(views.contents[0]?.mimeType).toBeTruthy();
    const glossary = await client.readResource({ uri: "boxtrack://milestones" });
    const text = glossary.contents[0] && "text" in glossary.contents[0] ? glossary.contents[0].text : "";
    for (const name of MILESTONE_ORDER) expect(text).toContain(`\`${name}\`: ${MILESTONE_MEANINGS[name]}`);
    expect(text).toContain("`container.transport.vessel_arrived`");
  });

  it("get_shipment answers the API's shipment with its containers, times in the port's zone", async () => {
    const result = await call("get_shipment", { id: myShipmentId });
    expect(result.isError).toBeFalsy();
    const { body } = await api(`/v2/shipments/${myShipmentId}?include=containers`);
    const a = body.data.attributes;
    const shipment = result.structuredContent as Loose;
    expect(shipment.bill_of_lading).toBe(a.bill_of_lading_number);
    expect(shipment.port_of_discharge.locode).toBe(a.port_of_discharge_locode);
    // 14:00 UTC is 06:00 in Los Angeles in November (PST).
    expect(Date.parse(a.pod_eta_at)).toBe(Date.parse("2026-11-18T14:00:00Z"));
    expect(shipment.port_of_discharge.eta).toBe(`2026-11-18 06:00 ${a.pod_timezone}`);
    const included = body.included.filter((r: { type: string }) => r.type === "container");
    expect(shipment.containers.map((c: { number: string; status: string }) => [c.number, c.status])).toEqual(
      included
        .map((c: Loose) => [c.attributes.number, c.attributes.current_status])
        .sort((x: string[], y: string[]) => x[0]!.localeCompare(y[0]!)),
    );
    expect(shipment.containers[0].holds).toEqual(["customs"]);
    expect(textOf(result)).toContain("MAEU700000001");
    expect(textOf(result)).toContain("MSKU7000011");
  });

  it("get_shipment gives the custom fields set on it, named, with the values as stored and as people read them", async () => {
    const define = async (attributes: Record<string, unknown>) => {
      const made = await api("/v2/custom_field_definitions", {
        method: "POST",
        json: {
          data: { type: "custom_field_definition", attributes: { entity_type: "Shipment", ...attributes } },
        },
      });
      expect(made.status).toBe(201);
      return made.body.data.id as string;
    };
    await define({ api_slug: "po_owner", display_name: "PO owner", data_type: "short_text" });
    const priority = await define({ api_slug: "priority", display_name: "Priority", data_type: "enum" });
    await define({ api_slug: "unset_one", display_name: "Never set", data_type: "number" });
    const option = await api(`/v2/custom_field_definitions/${priority}/options`, {
      method: "POST",
      json: { data: { type: "custom_field_option", attributes: { value: "high", label: "High" } } },
    });
    expect(option.status).toBe(201);
    for (const [api_slug, value] of [
      ["po_owner", "Ana Duarte"],
      ["priority", "high"],
    ]) {
      const set = await api(`/v2/shipments/${myShipmentId}/custom_fields`, {
        method: "POST",
        json: { data: { type: "custom_field", attributes: { api_slug, value } } },
      });
      expect(set.status).toBe(201);
    }
    const result = await call("get_shipment", { id: myShipmentId });
    expect(result.isError).toBeFalsy();
    // In the order the API lists them (its definitions' order; the test clock makes both at the same instant).
    const fields = [...(result.structuredContent as Loose).custom_fields].sort((x: Loose, y: Loose) =>
      x.api_slug.localeCompare(y.api_slug),
    );
    expect(fields).toEqual([
      { name: "PO owner", api_slug: "po_owner", value: "Ana Duarte", display_value: "Ana Duarte" },
      { name: "Priority", api_slug: "priority", value: "high", display_value: "High" },
    ]);
    expect(textOf(result)).toContain("PO owner: Ana Duarte");
    expect(textOf(result)).toContain("Priority: High");
    // Another shipment of the account has none of them set.
    const other = await insertShipment(h.db, mine.account.id, { billOfLading: "MAEU700000009" });
    const otherResult = await call("get_shipment", { id: other.shipment.id });
    expect((otherResult.structuredContent as Loose).custom_fields).toEqual([]);
    // The lists' tests below count the account's boxes.
    await h.db.delete(shipments).where(eq(shipments.id, other.shipment.id));
  });

  it("get_shipment gives our predicted arrival beside the line's ETA, and list_shipments finds it predicted late", async () => {
    const other = await insertShipment(h.db, mine.account.id, { billOfLading: "MAEU700000003" });
    await h.db
      .update(shipments)
      .set({
        podEtaAt: new Date("2026-11-25T14:00:00Z"),
        podPredictedArrivalAt: new Date("2026-11-27T02:00:00Z"),
        podPredictedArrivalP10At: new Date("2026-11-26T14:00:00Z"),
        podPredictedArrivalP90At: new Date("2026-11-28T02:00:00Z"),
        podPredictedArrivalReason: "Ships wait 1.5 days at anchor off Los Angeles this week.",
      })
      .where(eq(shipments.id, other.shipment.id));
    const result = await call("get_shipment", { id: other.shipment.id });
    const pod = (result.structuredContent as Loose).port_of_discharge;
    // 02:00 UTC is 18:00 the day before in Los Angeles (PST).
    expect(pod.predicted_arrival).toEqual({
      at: `2026-11-26 18:00 ${pod.eta.split(" ")[2]}`,
      earliest: `2026-11-26 06:00 ${pod.eta.split(" ")[2]}`,
      latest: `2026-11-27 18:00 ${pod.eta.split(" ")[2]}`,
      reason: "Ships wait 1.5 days at anchor off Los Angeles this week.",
    });
    expect(textOf(result)).toContain(
      "Our predicted arrival: 2026-11-26 18:00 America/Los_Angeles (likely between 2026-11-26 06:00 America/Los_Angeles and 2026-11-27 18:00 America/Los_Angeles). Ships wait 1.5 days",
    );
    const late = await call("list_shipments", { predicted_late: 24 });
    expect((late.structuredContent as Loose).shipments.map((s: { id: string }) => s.id)).toEqual([
      other.shipment.id,
    ]);
    await h.db.delete(shipments).where(eq(shipments.id, other.shipment.id));
  });

  it("list_shipments and list_containers answer the API's rows and total for the same filters and sort", async () => {
    const shipments = await call("list_shipments", {
      tags: ["urgent", "later"],
      sort: ["bill_of_lading_number"],
    });
    const expected = await api("/v2/shipments?filter[tags]=urgent,later&sort=bill_of_lading_number");
    const content = shipments.structuredContent as Loose;
    expect(content.total).toBe(expected.body.meta.total);
    expect(content.shipments.map((s: { id: string }) => s.id)).toEqual(
      expected.body.data.map((s: Loose) => s.id),
    );
    expect(content.shipments.map((s: { containers: number }) => s.containers)).toEqual([2, 1]);

    const paged = await call("list_containers", { available: true, on_hold: true, page_size: 2, page: 2 });
    const expectedPage = await api(
      "/v2/containers?filter[available]=true&filter[on_hold]=true&page[size]=2&page[number]=2",
    );
    const page = paged.structuredContent as Loose;
    expect(page.total).toBe(3);
    expect(page.total).toBe(expectedPage.body.meta.total);
    expect(page.containers.map((c: { number: string }) => c.number)).toEqual(
      expectedPage.body.data.map((c: Loose) => c.attributes.number),
    );
    expect(textOf(paged)).toContain("3–3 of 3");

    const none = await call("list_containers", { status: ["empty_returned"] });
    expect((none.structuredContent as Loose).total).toBe(0);
  });

  it("a refused call is a tool error worded as the API words it", async () => {
    const result = await call("list_containers", { lfd_before: "yesterday" });
    const expected = await api("/v2/containers?filter[lfd_before]=yesterday");
    expect(expected.status).toBe(400);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(expected.body.errors[0].detail);
  });

  it("another account's shipment is not found through every tool that takes an id, and is left as it was", async () => {
    const expected = await api(`/v2/shipments/${theirShipmentId}`);
    expect(expected.status).toBe(404);
    for (const name of ["get_shipment", "stop_tracking", "resume_tracking"]) {
      const result = await call(name, { id: theirShipmentId });
      expect(result.isError, name).toBe(true);
      expect(textOf(result), name).toBe(expected.body.errors[0].detail);
    }
    const theirs_ = await api(`/v2/shipments/${theirShipmentId}`, {}, theirs.apiKey);
    expect(theirs_.body.data.attributes.line_tracking_stopped_at).toBeNull();
    const listed = await call("list_shipments", { query: "MAEU799999999" });
    expect((listed.structuredContent as Loose).total).toBe(0);
  });

  it("stop_tracking then resume_tracking change the shipment as the API shows it", async () => {
    const stopped = await call("stop_tracking", { id: myShipmentId });
    expect((stopped.structuredContent as Loose).tracking.stopped).toBe(true);
    const afterStop = await api(`/v2/shipments/${myShipmentId}`);
    expect(afterStop.body.data.attributes.line_tracking_stopped_reason).toBe("cancelled_by_user");
    expect((stopped.structuredContent as Loose).tracking.stopped_reason).toBe("cancelled_by_user");
    expect(textOf(stopped)).toContain("Tracking stopped");

    const resumed = await call("resume_tracking", { id: myShipmentId });
    expect((resumed.structuredContent as Loose).tracking.stopped).toBe(false);
    const afterResume = await api(`/v2/shipments/${myShipmentId}`);
    expect(afterResume.body.data.attributes.line_tracking_stopped_at).toBeNull();
  });

  it("track creates the request the API then lists, inferring the line and type when it can", async () => {
    const given = await call("track", {
      number: "MAEU700000111",
      scac: "MAEU",
      request_type: "bill_of_lading",
    });
    const row = (given.structuredContent as Loose).tracking_request;
    expect((given.structuredContent as Loose).inferred).toEqual({
      scac: false,
      request_type: false,
    });
    const read = await api(`/v2/tracking_requests/${row.id}`);
    expect(read.body.data.attributes).toMatchObject({
      request_number: "MAEU700000111",
      scac: "MAEU",
      request_type: "bill_of_lading",
      status: row.status,
    });

    const inferred = await call("track", { number: "MAEU993231055", tags: ["from-assistant"] });
    expect(inferred.isError).toBeFalsy();
    const inferredRow = (inferred.structuredContent as Loose).tracking_request;
    expect(inferredRow).toMatchObject({ scac: "MAEU", request_type: "bill_of_lading" });
    expect((inferred.structuredContent as Loose).inferred).toEqual({
      scac: true,
      request_type: true,
    });
    const inferredRead = await api(`/v2/tracking_requests/${inferredRow.id}`);
    expect(inferredRead.body.data.attributes.tags).toEqual(["from-assistant"]);

    const listed = await call("list_tracking_requests", { status: ["pending"] });
    const expected = await api("/v2/tracking_requests?filter[status]=pending&include=");
    const content = listed.structuredContent as Loose;
    expect(content.total).toBe(expected.body.meta.total);
    expect(content.tracking_requests.map((r: { id: string }) => r.id)).toEqual(
      expected.body.data.map((r: Loose) => r.id),
    );
    expect(content.tracking_requests.map((r: { id: string }) => r.id)).toContain(inferredRow.id);
    const failed = await call("list_tracking_requests", { status: ["failed"] });
    expect((failed.structuredContent as Loose).tracking_requests.map((r: Loose) => r.id)).not.toContain(
      inferredRow.id,
    );
  });

  it("track names the candidate lines when the number's line cannot be told, and passes on the API's refusal", async () => {
    const before = (await api("/v2/tracking_requests")).body.meta.total;
    const ambiguous = await call("track", { number: "MSKU1234565" });
    expect(ambiguous.isError).toBe(true);
    expect(textOf(ambiguous)).toMatch(/more than one shipping line: MAEU \(Maersk.*SEJJ/);
    const unknown = await call("track", { number: "TGHU1234561", request_type: "container" });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain("No shipping line is known for number TGHU1234561");
    expect((await api("/v2/tracking_requests")).body.meta.total).toBe(before);

    // The line is told by the owner code; the check digit is the API's to refuse, in its words.
    const refused = await call("track", { number: "ZIMU1234567" });
    const expected = await api("/v2/tracking_requests", {
      method: "POST",
      json: {
        data: { attributes: { request_type: "container", request_number: "ZIMU1234567", scac: "ZIMU" } },
      },
    });
    expect(expected.status).toBe(422);
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(expected.body.errors.map((e: { detail: string }) => e.detail).join(" "));
  });

  it("supported_shipping_lines answers the API's lines, narrowed by name or SCAC", async () => {
    const all = await call("supported_shipping_lines");
    const expected = await api("/v2/shipping_lines");
    expect((all.structuredContent as Loose).count).toBe(expected.body.data.length);
    const maersk = await call("supported_shipping_lines", { name_or_scac: "maersk" });
    const lines = (maersk.structuredContent as Loose).shipping_lines;
    expect(lines.map((l: { scac: string }) => l.scac)).toContain("MAEU");
    const apiMaersk = expected.body.data.find((l: Loose) => l.attributes.scac === "MAEU");
    expect(lines.find((l: { scac: string }) => l.scac === "MAEU").tracked_by.includes("container")).toBe(
      apiMaersk.attributes.container_number_tracking_support,
    );
    const byScac = await call("supported_shipping_lines", { name_or_scac: "zimu" });
    expect((byScac.structuredContent as Loose).shipping_lines.map((l: Loose) => l.scac)).toEqual(["ZIMU"]);
  });

  it("refuses a missing or bad key with the API's 401, and GET and DELETE with a 405", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify(initialize),
      });
    const bad = await post({ authorization: "Token trk_not_a_key" });
    const apiBad = await h.request("trk_not_a_key", "/v2/shipments");
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual(await apiBad.json());
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect((await missing.json()).errors[0].code).toBe("missing_api_key");
    await expect(connect("trk_not_a_key")).rejects.toThrow();

    const good = await post({ authorization: `Token ${mine.apiKey}` });
    expect(good.status).toBe(200);
    expect((await good.json()).result.serverInfo.name).toBe("boxtrack");

    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(`${base}/mcp`, {
        method,
        headers: { authorization: `Token ${mine.apiKey}` },
      });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("POST, OPTIONS");
      expect((await response.json()).errors[0].code).toBe("method_not_allowed");
    }
    const preflight = await fetch(`${base}/mcp`, {
      method: "OPTIONS",
      headers: { origin: "https://assistant.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("list_unread_alerts", () => {
  it("gives the signed-in person's unread alerts, newest first, and tells a key that alerts are a person's", async () => {
    const cookie = await personCookie(h, mine.account.id, "ula@mine.example", "viewer");
    const person = (await findUserByEmail(h.db, "ula@mine.example"))!;
    const other = await addPerson(h, mine.account.id, { email: "oda@mine.example", role: "member" });
    const alert = (userId: string, n: number, readAt: Date | null) => ({
      accountId: mine.account.id,
      userId,
      ruleName: "LFD soon",
      kind: "lfd_tomorrow",
      dedupeKey: `test-${userId}-${n}`,
      containerNumber: `MSKU700001${n}`,
      title: `LFD tomorrow: MSKU700001${n} at Savannah`,
      details: [`Last free day 2026-12-0${n}`],
      createdAt: new Date(Date.UTC(2026, 10, 20 + n)),
      readAt,
    });
    await insertAlerts(h.db, [
      alert(person.id, 1, null),
      alert(person.id, 2, new Date()),
      alert(person.id, 3, null),
      alert(other, 4, null),
    ]);

    const theirs = await connect({ cookie });
    try {
      const result = await call("list_unread_alerts", {}, theirs);
      expect(result.isError).toBeFalsy();
      const content = result.structuredContent as Loose;
      // Their own unread ones only: not the read one, not another person's.
      expect(content.unread).toBe(2);
      expect(content.alerts.map((a: Loose) => a.container_number)).toEqual(["MSKU7000013", "MSKU7000011"]);
      expect(content.alerts[0]).toMatchObject({ kind: "lfd_tomorrow", rule_name: "LFD soon" });
      expect(textOf(result)).toContain("LFD tomorrow: MSKU7000013 at Savannah (Last free day 2026-12-03)");
      expect(textOf(result)).toContain("2 unread in all");
    } finally {
      await theirs.close();
    }

    const byKey = await call("list_unread_alerts");
    expect(byKey.isError).toBe(true);
    expect(textOf(byKey)).toMatch(/person/i);
  });
});

describe("/mcp rate limit", () => {
  it("counts /mcp requests against the key's /v2 limit, with the same 429", async () => {
    const limited = await createHarness({ rateLimitPerMinute: 2 });
    try {
      const { apiKey } = await limited.newAccount();
      const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
      const post = () =>
        limited.request(apiKey, "/mcp", {
          method: "POST",
          headers: { accept: "application/json, text/event-stream" },
          json: ping,
        });
      expect((await post()).status).toBe(200);
      expect((await limited.request(apiKey, "/v2/shipments")).status).toBe(200);
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).not.toBeNull();
      expect((await refused.json()).errors[0].code).toBe("rate_limited");
    } finally {
      await limited.close();
    }
  });
});

describe("search", () => {
  /** A contract-valid search answer, as GET /v2/search gives it, from a fake API that records what it was asked. */
  function fakeSearch(asked: string[]): ApiFetch {
    const document: SearchDocument = {
      data: [
        {
          id: "c1",
          type: "cargo",
          attributes: {
            entity_type: "cargo",
            number: "MSKU7000011",
            name: null,
            shipment_id: "s1",
            scac: "MAEU",
            port_of_lading_name: "Shanghai",
            port_of_discharge_name: "Los Angeles",
            containers_count: null,
            tracking_stopped: null,
            tracking_stopped_reason: null,
            status: "available",
            failed_reason: null,
            ref_numbers: ["PO-1"],
            created_at: "2026-11-01T00:00:00Z",
            updated_at: "2026-11-02T00:00:00Z",
          },
          links: { self: "/v2/containers/c1" },
        },
      ],
      meta: { query: "MSKU7000011", size: 1 },
    };
    return async (path) => {
      asked.push(path);
      return new Response(JSON.stringify(document), { headers: { "content-type": "application/json" } });
    };
  }

  it("asks GET /v2/search and answers each hit with the id and tool to read it with", async () => {
    const asked: string[] = [];
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(apiCaller(fakeSearch(asked))).connect(serverSide);
    const c = new Client({ name: "search-test", version: "1.0.0" });
    await c.connect(clientSide);
    const result = (await c.callTool({
      name: "search",
      arguments: { query: "MSKU7000011" },
    })) as CallToolResult;
    expect(asked).toEqual(["/v2/search?query=MSKU7000011"]);
    expect(result.structuredContent).toMatchObject({
      count: 1,
      results: [{ type: "cargo", id: "c1", number: "MSKU7000011", shipment_id: "s1", status: "available" }],
    });
    expect(textOf(result)).toContain("container MSKU7000011");
    expect(textOf(result)).toContain("get_container id c1");
    await c.close();
  });
});

describe("the stdio entry (npm run mcp)", () => {
  it("serves the tools over stdio, calling the service with the key from the environment", async () => {
    const transport = new StdioClientTransport({
      command: "node_modules/.bin/tsx",
      args: ["src/server/cli/mcp.ts"],
      env: { PATH: process.env.PATH ?? "", BOXTRACK_API_KEY: mine.apiKey, BOXTRACK_API_URL: base },
      stderr: "pipe",
    });
    const c = new Client({ name: "stdio-test", version: "1.0.0" });
    await c.connect(transport);
    try {
      const { tools } = await c.listTools();
      expect(tools.map((t) => t.name)).toContain("get_shipment");
      const result = (await c.callTool({
        name: "get_shipment",
        arguments: { id: myShipmentId },
      })) as CallToolResult;
      expect((result.structuredContent as Loose).bill_of_lading).toBe("MAEU700000001");
      const other = (await c.callTool({
        name: "get_shipment",
        arguments: { id: theirShipmentId },
      })) as CallToolResult;
      expect(other.isError).toBe(true);
    } finally {
      await c.close();
    }
  });
});
