// The API keeps the promises of its OpenAPI document and of HTTP: statuses documented where they are answered,
// parameters typed as they are parsed, 405 with Allow on fixed paths, id_mismatch on every PATCH, a 401 challenge,
// short ids in 404 details, and a JSON:API body for a request Node's parser refuses.
import { createServer } from "node:http";
import { connect } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { answerClientErrors } from "./client-errors";

let h: Harness;
let key: string;
let accountId: string;
// biome-ignore lint/suspicious/noExplicitAny: the served OpenAPI document, read field by field.
let doc: any;
beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount();
  key = created.apiKey;
  accountId = created.account.id;
  doc = await (await h.request(null, "/v2/openapi.json")).json();
});
afterAll(() => h.close());

describe("the OpenAPI document", () => {
  it("lists 400, 413 and 415 on every write, where the body rules answer them", () => {
    for (const [path, item] of Object.entries<Record<string, { responses: object }>>(doc.paths)) {
      for (const method of ["post", "patch", "put"]) {
        const operation = item[method];
        if (!operation) continue;
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(["400", "401", "413", "415", "429"]),
        );
      }
    }
  });

  it("lists 400 wherever a query parameter can be wrong, and 404 wherever an id is in the path", () => {
    for (const [path, item] of Object.entries<
      Record<string, { responses: object; parameters?: { in: string }[] }>
    >(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const statuses = Object.keys(operation.responses);
        if (operation.parameters?.some((p) => p.in === "query"))
          expect(statuses, `${method} ${path}`).toContain("400");
        if (path.includes("{")) expect(statuses, `${method} ${path}`).toContain("404");
      }
    }
  });

  it("types paging, include and filters as the API parses them", () => {
    const parameter = (path: string, name: string) =>
      doc.paths[path].get.parameters.find((p: { name: string }) => p.name === name).schema;
    expect(parameter("/v2/shipments", "page[number]")).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 1_000_000,
    });
    expect(parameter("/v2/shipments", "page[size]")).toMatchObject({ type: "integer", minimum: 1 });
    expect(parameter("/v2/shipments", "filter[tracking_stopped]")).toMatchObject({ enum: ["true", "false"] });
    expect(parameter("/v2/webhook_notifications", "filter[delivery_status]").enum).toContain("pending");
    expect(parameter("/v2/webhook_notifications", "filter[webhook_id]")).toMatchObject({ format: "uuid" });
    const include = new RegExp(parameter("/v2/shipments", "include").pattern);
    expect(include.test("containers")).toBe(true);
    expect(include.test("pod_terminal,containers")).toBe(true);
    expect(include.test("secrets")).toBe(false);
  });

  it("refuses what the include pattern refuses", async () => {
    expect((await h.request(key, "/v2/shipments?include=secrets")).status).toBe(400);
    expect((await h.request(key, "/v2/shipments?include=containers")).status).toBe(200);
  });

  it("declares the checks the API makes of a parameter, so that what it allows is answered (issue 30 item 13)", async () => {
    const schemaOf = (path: string, name: string) =>
      doc.paths[path].get.parameters.find((p: { name: string }) => p.name === name).schema;
    const allows = (path: string, name: string, value: string) =>
      new RegExp(schemaOf(path, name).pattern).test(value);
    // Blank and spaced lists, which the API reads as none and trims.
    for (const include of ["", " ", "containers, ,customer "]) {
      expect(allows("/v2/shipments", "include", include)).toBe(true);
      const query = `/v2/shipments?include=${encodeURIComponent(include)}`;
      expect((await h.request(key, query)).status, include).toBe(200);
    }
    expect(allows("/v2/shipments", "filter[port_of_discharge]", "USSAV, uslax")).toBe(true);
    expect(allows("/v2/shipments", "filter[port_of_discharge]", "Savannah")).toBe(false);
    expect(allows("/v2/shipments", "filter[shipping_line]", "MAEU,cmdu")).toBe(true);
    expect(allows("/v2/shipments", "filter[shipping_line]", "MAERSK1")).toBe(false);
    expect(allows("/v2/carrier_connections", "filter[scac]", "maeu")).toBe(true);
    expect(schemaOf("/v2/shipments", "filter[arriving_within_days]")).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 365,
    });
    expect(schemaOf("/v2/shipments", "filter[eta_changed]")).toMatchObject({
      type: "number",
      exclusiveMinimum: 0,
    });
    expect(schemaOf("/v2/shipments", "filter[lfd_before]").anyOf).toEqual([
      { type: "string", format: "date" },
      { type: "string", format: "date-time" },
    ]);
    expect(schemaOf("/v2/activity", "filter[user_id]")).toMatchObject({ format: "uuid" });
    expect(schemaOf("/v2/webhook_notifications/examples", "event").enum).toContain(
      "tracking_request.succeeded",
    );
    expect(schemaOf("/v2/vessels/{id}/future_positions_with_coordinates", "latitude")).toMatchObject({
      type: "number",
      minimum: -90,
      maximum: 90,
    });
    const trigger = doc.paths["/v2/webhooks/trigger"].post.requestBody.content["application/json"].schema;
    expect(trigger.properties.event.enum).toContain("container.transport.vessel_arrived");
    // A number as the document types one is read as that number.
    expect((await h.request(key, "/v2/shipments?filter[eta_changed]=2.4e1")).status).toBe(200);
    expect((await h.request(key, "/v2/shipments?filter[eta_changed]=0")).status).toBe(400);
  });
});

describe("wrong methods on fixed paths", () => {
  it.each([
    ["PATCH", "/v2/webhooks/events", "GET, OPTIONS"],
    ["DELETE", "/v2/webhooks/events", "GET, OPTIONS"],
    ["PATCH", "/v2/webhooks/trigger", "POST, OPTIONS"],
    ["GET", "/v2/webhooks/trigger", "POST, OPTIONS"],
    ["DELETE", "/v2/webhook_notifications/examples", "GET, OPTIONS"],
  ])("%s %s is 405 with Allow: %s", async (method, path, allow) => {
    const body = method === "GET" ? {} : { json: { data: { attributes: {} } } };
    const response = await h.request(key, path, { method, ...body });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect((await response.json()).errors[0]).toMatchObject({ status: "405", code: "method_not_allowed" });
  });
});

describe("PATCH /v2/shipments/{id}", () => {
  it("refuses a body whose data.id names another shipment, as the other resources do", async () => {
    const { shipment } = await insertShipment(h.db, accountId, { tags: ["before"] });
    const other = "00000000-0000-4000-8000-000000000000";
    const response = await h.request(key, `/v2/shipments/${shipment.id}`, {
      method: "PATCH",
      json: { data: { type: "shipment", id: other, attributes: { tags: ["after"] } } },
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors[0]).toMatchObject({
      code: "id_mismatch",
      source: { pointer: "/data/id" },
    });
    const unchanged = await (await h.request(key, `/v2/shipments/${shipment.id}`)).json();
    expect(unchanged.data.attributes.tags).toEqual(["before"]);
    const same = await h.request(key, `/v2/shipments/${shipment.id}`, {
      method: "PATCH",
      json: { data: { type: "shipment", id: shipment.id, attributes: { tags: ["after"] } } },
    });
    expect(same.status).toBe(200);
  });
});

describe("401", () => {
  it.each([null, "wrong-key"])("carries a WWW-Authenticate challenge (key %s)", async (k) => {
    const response = await h.request(k, "/v2/shipments");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Token realm="[^"]+"$/);
  });
});

describe("404", () => {
  it("does not echo a long id in full", async () => {
    const id = "x".repeat(5_000);
    for (const path of [`/v2/shipments/${id}`, `/v2/webhooks/${id}`, `/v2/containers/${id}`]) {
      const response = await h.request(key, path);
      expect(response.status, path).toBe(404);
      const { detail } = (await response.json()).errors[0];
      expect(detail.length, path).toBeLessThan(200);
      expect(detail).toContain("x".repeat(60));
    }
  });
});

describe("a request Node's parser refuses", () => {
  it("gets a JSON:API error document, not a bare status line", async () => {
    const server = createServer(getRequestListener(h.app.fetch));
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, "127.0.0.1", () => socket.end(request));
        let text = "";
        socket.on("data", (chunk) => {
          text += chunk.toString("utf8");
        });
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
      });
    try {
      const long = await raw(`GET /v2/shipments?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(long).toMatch(/^HTTP\/1\.1 431 /);
      const body = JSON.parse(long.slice(long.indexOf("\r\n\r\n") + 4));
      expect(body.errors[0]).toMatchObject({ status: "431", code: "request_too_large" });
      const garbage = await raw("NOT HTTP\r\n\r\n");
      expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(garbage.slice(garbage.indexOf("\r\n\r\n") + 4)).errors[0].status).toBe("400");
    } finally {
      server.close();
    }
  });
});
