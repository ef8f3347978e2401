// GET /v2/search's latency on a large account, through a running service:
//   npx tsx src/server/bench/search-bench.ts --url http://127.0.0.1:4949 --key $KEY [--runs 30]
// The terms are taken from the account through the API (a container number, a bill of lading, part of a number,
// a port's name, a vessel's name, and a term that finds nothing); each is asked `runs` times, one at a time, and the
// median and 95th percentile are printed. Read-only. Start the service with RESPONSE_CACHE_MB=0 to measure answers
// built afresh (search answers are not kept anyway).
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:4949" },
    key: { type: "string", default: process.env.BENCH_API_KEY },
    runs: { type: "string", default: "30" },
  },
});
if (!values.key) {
  console.error("Give the account's API key: --key <key> (or BENCH_API_KEY).");
  process.exit(1);
}
const headers = { Authorization: `Token ${values.key}` };

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${values.url}${path}`, { headers });
  return { status: response.status, body: await response.json() };
}

interface Listed {
  data: { attributes: Record<string, unknown> }[];
}

/** An attribute of a row somewhere inside a list (not the newest rows, which a cache of recent pages might favour). */
async function sample(path: string, attribute: string): Promise<string> {
  const { body } = await get(path);
  const value = (body as Listed).data[0]?.attributes[attribute];
  if (typeof value !== "string") throw new Error(`no ${attribute} in ${path}`);
  return value;
}

async function main() {
  const container = await sample("/v2/containers?page[size]=1&page[number]=5000", "number");
  const bol = await sample("/v2/shipments?page[size]=1&page[number]=7000", "bill_of_lading_number");
  const vessel = await sample("/v2/vessels?page[size]=1&page[number]=3", "name");
  const terms: [string, string][] = [
    ["exact container number", container],
    ["exact bill of lading", bol],
    ["4-character substring", container.slice(4, 8)],
    ["port name", "savannah"],
    ["vessel name", vessel.toLowerCase()],
    ["finds nothing", "ZQXJ9W"],
  ];
  const runs = Number(values.runs);
  console.log(`${values.url}, ${runs} requests per term, one at a time (after 3 to warm up)`);
  console.log("term                      | query            | results | median ms | p95 ms");
  for (const [what, term] of terms) {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < runs + 3; i++) {
      const start = performance.now();
      const { status, body } = await get(`/v2/search?query=${encodeURIComponent(term)}`);
      const ms = performance.now() - start;
      if (status !== 200) throw new Error(`${term}: ${status} ${JSON.stringify(body)}`);
      size = (body as { meta: { size: number } }).meta.size;
      if (i >= 3) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(
      `${what.padEnd(25)} | ${term.slice(0, 16).padEnd(16)} | ${String(size).padStart(7)} | ${at(0.5).padStart(9)} | ${at(0.95).padStart(6)}`,
    );
  }
}

await main();
