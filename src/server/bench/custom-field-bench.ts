// Custom fields at scale (issue 31 item 1): /v2/shipments sorted or filtered by a custom field against its unfiltered
// page 1, on an account seeded with `--shipments` shipments, 70% of them holding a number, a short text (mixed case)
// and a date field. In process (the service's app, no sockets) on the harness's database: an in-memory PGlite, or a
// throwaway database on TEST_DATABASE_URL's PostgreSQL server. Prints each request's median and p90 over `--runs`
// requests, one at a time after 3 to warm up, and its ratio to the unfiltered page 1.
//
//   npx tsx src/server/bench/custom-field-bench.ts --shipments 10000 [--runs 20]
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { seedScaleAccount } from "../cli/seed/seed-account";
import { createHarness, type Harness } from "../testing/service-harness";

const { values } = parseArgs({
  options: {
    shipments: { type: "string", default: "10000" },
    runs: { type: "string", default: "20" },
  },
});

async function define(h: Harness, key: string, api_slug: string, data_type: string): Promise<string> {
  const response = await h.request(key, "/v2/custom_field_definitions", {
    method: "POST",
    json: {
      data: {
        type: "custom_field_definition",
        attributes: { entity_type: "Shipment", api_slug, display_name: api_slug, data_type },
      },
    },
  });
  if (response.status !== 201) throw new Error(`defining ${api_slug}: ${response.status}`);
  return (await response.json()).data.id;
}

/** Values for 70% of the account's shipments, in one statement a field (typed copies as typedColumns makes them). */
async function fill(h: Harness, accountId: string, definitions: Record<string, string>) {
  const of = (salt: string) => sql.raw(`abs(hashtext(s.id::text || '${salt}'))`);
  const base = sql`from shipments s where s.account_id = ${accountId} and ${of("has")} % 10 < 7`;
  await h.db.execute(sql`insert into custom_field_values
      (account_id, definition_id, entity_type, entity_id, value, number_value)
    select s.account_id, ${definitions.pallets}, 'Shipment', s.id, to_jsonb(${of("n")} % 1000), ${of("n")} % 1000
    ${base}`);
  await h.db.execute(sql`insert into custom_field_values
      (account_id, definition_id, entity_type, entity_id, value, text_value)
    select s.account_id, ${definitions.po}, 'Shipment', s.id, to_jsonb(t.po), t.po
    from shipments s, lateral (select case when ${of("c")} % 2 = 0 then 'PO-' else 'po-' end
      || (${of("p")} % 50000)::text as po) t
    where s.account_id = ${accountId} and ${of("has")} % 10 < 7`);
  await h.db.execute(sql`insert into custom_field_values
      (account_id, definition_id, entity_type, entity_id, value, time_value)
    select s.account_id, ${definitions.due}, 'Shipment', s.id, to_jsonb(d.day::text), d.day::timestamptz
    from shipments s, lateral (select date '2026-01-01' + (${of("d")} % 365)::int as day) d
    where s.account_id = ${accountId} and ${of("has")} % 10 < 7`);
  await h.db.execute(sql`analyze custom_field_values`);
  await h.db.execute(sql`analyze shipments`);
}

/**
 * The plans of page 1 sorted by the number field and by the text field descending, written as listShipments writes
 * them (db/custom-field-sort.ts), to show which index each walks.
 */
async function explain(h: Harness, accountId: string, definitions: Record<string, string>) {
  const sorted = (definition: string, copy: string, order: string) =>
    sql.raw(`explain select s.id from shipments s
      left join custom_field_values v on v.account_id = s.account_id and v.definition_id = '${definition}'
        and v.entity_id = s.id
      where s.account_id = '${accountId}' and v.${copy} is not null
      order by ${order}, s.created_at desc, s.id desc limit 25`);
  for (const [what, query] of [
    ["number asc", sorted(definitions.pallets!, "number_value", "v.number_value asc nulls last")],
    ["text desc", sorted(definitions.po!, "text_value", "lower(v.text_value) desc nulls first")],
  ] as const) {
    const { rows } = (await h.db.execute(query)) as unknown as { rows: Record<string, string>[] };
    console.log(`\nPlan, ${what}:\n${rows.map((r) => `  ${Object.values(r)[0]}`).join("\n")}`);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

async function main() {
  const shipments = Number(values.shipments);
  const runs = Number(values.runs);
  const h = await createHarness();
  try {
    const started = performance.now();
    const seeded = await seedScaleAccount(h.db, {
      account: "Custom Field Bench Co",
      shipments,
      sandbox: 0,
      trackedShare: 0.1,
      seed: "custom-field-bench",
      replace: true,
    });
    const key = seeded.apiKey;
    const definitions = {
      pallets: await define(h, key, "pallets", "number"),
      po: await define(h, key, "po", "short_text"),
      due: await define(h, key, "due", "date"),
    };
    await fill(h, seeded.accountId, definitions);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    await explain(h, seeded.accountId, definitions);
    const { rows } = (await h.db.execute(
      sql`select text_value from custom_field_values where definition_id = ${definitions.po} limit 1`,
    )) as unknown as { rows: { text_value: string }[] };
    const po = rows[0]?.text_value ?? "PO-1";
    const deep = Math.ceil((shipments * 0.7) / 25 / 2);
    const pastValued = Math.ceil((shipments * 0.85) / 25);
    const paths: [string, string][] = [
      ["unfiltered page 1", "/v2/shipments"],
      ["sort by own date (pod_eta_at)", "/v2/shipments?sort=pod_eta_at"],
      ["sort number asc", "/v2/shipments?sort=custom_fields.pallets"],
      ["sort number desc", "/v2/shipments?sort=-custom_fields.pallets"],
      ["sort text asc (no case)", "/v2/shipments?sort=custom_fields.po"],
      ["sort text desc (no case)", "/v2/shipments?sort=-custom_fields.po"],
      ["sort date desc", "/v2/shipments?sort=-custom_fields.due"],
      [`sort number, page ${deep}`, `/v2/shipments?sort=custom_fields.pallets&page[number]=${deep}`],
      [
        `sort number, page ${pastValued} (no value)`,
        `/v2/shipments?sort=custom_fields.pallets&page[number]=${pastValued}`,
      ],
      ["filter text = one value", `/v2/shipments?filter[custom_fields.po]=${po}`],
      ["filter number = 12", "/v2/shipments?filter[custom_fields.pallets]=12"],
      ["filter number + sort date", "/v2/shipments?filter[custom_fields.pallets]=12&sort=-custom_fields.due"],
      [
        "filter tracked + sort number",
        "/v2/shipments?filter[tracking_stopped]=false&sort=custom_fields.pallets",
      ],
      ["page 1 with include=custom_fields", "/v2/shipments?include=custom_fields"],
    ];
    console.log(
      `${h.databaseUrl ? "PostgreSQL" : "PGlite (in memory)"}, ${shipments} shipments (seeded and filled in ${seconds} s), ${runs} requests each after 3 to warm up`,
    );
    console.log("request                                   | total  | median ms | p90 ms | × page 1");
    let baseline = Number.NaN;
    for (const [what, path] of paths) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < runs + 3; i++) {
        const start = performance.now();
        const response = await h.request(key, path);
        const body = await response.json();
        const ms = performance.now() - start;
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
        total = body.meta.total;
        if (i >= 3) times.push(ms);
      }
      times.sort((a, b) => a - b);
      const median = percentile(times, 0.5);
      if (Number.isNaN(baseline)) baseline = median;
      console.log(
        `${what.padEnd(41)} | ${String(total).padStart(6)} | ${median.toFixed(1).padStart(9)} | ${percentile(times, 0.9).toFixed(1).padStart(6)} | ${(median / baseline).toFixed(2)}`,
      );
    }
  } finally {
    await h.close();
  }
}

await main();
