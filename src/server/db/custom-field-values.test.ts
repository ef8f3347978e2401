// The indexes of custom field values against the queries lists will make of them (issue 31: filter or sort the
// 100,000-shipment account by a custom field within 2× its page 1): over 30,000 values of one account, the planner
// answers "records whose field is X" and "records by that field, first 30" from the field's own index range, never
// a scan of every value or a sort of them. (The trigram index for substring search is left to /v2/search's own
// test: over 30,000 rows the planner rightly prefers a scan.)
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/service-harness";
import { createDefinition } from "./custom-field-definitions";
import { rowsOf } from "./raw-rows";

let h: Harness;
let textField: string;
let numberField: string;

beforeAll(async () => {
  h = await createHarness();
  const accountId = (await h.newAccount()).account.id;
  const now = h.clock.now();
  const base = { entityType: "Shipment", displayName: "F", description: null, referenceType: null };
  textField = (await createDefinition(
    h.db,
    accountId,
    { ...base, apiSlug: "po", dataType: "short_text" },
    now,
  ))!.id;
  numberField = (await createDefinition(
    h.db,
    accountId,
    { ...base, apiSlug: "pallets", dataType: "number" },
    now,
  ))!.id;
  // 10,000 records with both fields, and 10,000 more values of a third field so the table is not all the two.
  const other = (await createDefinition(
    h.db,
    accountId,
    { ...base, apiSlug: "x", dataType: "short_text" },
    now,
  ))!.id;
  await h.db.execute(sql`insert into custom_field_values
      (account_id, definition_id, entity_type, entity_id, value, text_value, number_value)
    select ${accountId}, d.id, 'Shipment', gen_random_uuid(),
      case when d.id = ${numberField}::uuid then to_jsonb(i) else to_jsonb('PO-' || i) end,
      case when d.id = ${numberField}::uuid then null else 'PO-' || i end,
      case when d.id = ${numberField}::uuid then i else null end
    from generate_series(1, 10000) as i,
      (values (${textField}::uuid), (${numberField}::uuid), (${other}::uuid)) as d(id)`);
  await h.db.execute(sql`analyze custom_field_values`);
}, 60_000);
afterAll(() => h.close());

/** The plan's nodes, flattened: each with its type and index. */
async function plan(query: ReturnType<typeof sql>) {
  const [row] = rowsOf<{ "QUERY PLAN": unknown }>(await h.db.execute(sql`explain (format json) ${query}`));
  const raw = row!["QUERY PLAN"];
  const root = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root[0]!.Plan);
  return nodes.map((n) => ({ type: n["Node Type"], index: n["Index Name"] }));
}
interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

describe("custom field value indexes", () => {
  it("find the records whose text field has one value from that field's index", async () => {
    const nodes = await plan(sql`select entity_id from custom_field_values
      where definition_id = ${textField} and text_value = 'PO-4471'`);
    expect(nodes.map((n) => n.index)).toContain("custom_field_values_text_idx");
    expect(nodes.map((n) => n.type)).not.toContain("Seq Scan");
  });

  it("read the first page of records by a number field in order, without sorting the field's values", async () => {
    const nodes = await plan(sql`select entity_id from custom_field_values
      where definition_id = ${numberField} and number_value is not null
      order by number_value desc, entity_id desc limit 30`);
    expect(nodes.map((n) => n.index)).toContain("custom_field_values_number_idx");
    expect(nodes.map((n) => n.type)).not.toContain("Sort");
  });
});
