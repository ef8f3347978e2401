// The role table: every operation of the OpenAPI document declares its permission and least role, the table names
// no operation that does not exist, and an operation without a permission (or a route the document does not
// describe) is refused whoever asks.
import { createRoute, z } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../api/roles";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";
import { jsonBody } from "./openapi-common";
import { OperationTable, ROUTE_PERMISSIONS } from "./route-permissions";

let h: Harness;
let doc: { paths: Record<string, Record<string, Record<string, unknown>>> };

beforeAll(async () => {
  h = await createHarness();
  doc = await (await h.request(null, "/v2/openapi.json")).json();
});
afterAll(() => h.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ["get", "post", "patch", "put", "delete"].includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );

describe("the role table", () => {
  it("gives every documented operation a permission and its least role, and a 403 answer", () => {
    const missing = operations().filter(({ operation }) => typeof operation["x-permission"] !== "string");
    expect(missing.map((o) => o.key)).toEqual([]);
    for (const { key, operation } of operations()) {
      const permission = operation["x-permission"] as keyof typeof PERMISSIONS;
      expect(operation["x-minimum-role"], key).toBe(PERMISSIONS[permission].least);
      expect(Object.keys(operation.responses as object), key).toContain("403");
    }
  });

  it("names only operations that exist", () => {
    const documented = new Set(operations().map((o) => o.key));
    expect(Object.keys(ROUTE_PERMISSIONS).filter((key) => !documented.has(key))).toEqual([]);
  });

  it("refuses an operation that declares no permission, and a route the document does not describe", async () => {
    const table = new OperationTable([{ method: "get", path: "/v2/widgets/{id}" }], {});
    expect(table.find("GET", "/v2/widgets/1")).toBe("undeclared");
    expect(table.find("GET", "/v2/gadgets")).toBe("none");
    // A route added to the app without a permission in the table: nobody gets through, not even an owner.
    const other = await createHarness();
    other.app.openapi(
      createRoute({
        method: "get",
        path: "/v2/undeclared_things",
        responses: { 200: jsonBody(z.object({ ok: z.boolean() }), "ok") },
      }),
      (c) => c.json({ ok: true }, 200),
    );
    other.app.get("/v2/undocumented_things", (c) => c.json({ ok: true }));
    try {
      const { apiKey, account } = await other.newAccount("Table Co");
      const owner = await personCookie(other, account.id, "owner@table.example", "owner");
      const byKey = await other.request(apiKey, "/v2/undeclared_things");
      expect(byKey.status).toBe(403);
      expect((await byKey.json()).errors[0].code).toBe("permission_undeclared");
      expect((await asPerson(other, owner, "/v2/undeclared_things")).status).toBe(403);
      expect((await other.request(apiKey, "/v2/undocumented_things")).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
