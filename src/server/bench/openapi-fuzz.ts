// `npm run fuzz`: the OpenAPI fuzz test at scale (10,000 requests by default, `-- --runs N`, `--seed S`,
// `--nul-bytes` to let strings carry U+0000). Prints the requests by operation and status, and every problem
// found with its request, and exits 1 if there was one.
import { parseArgs } from "node:util";
import fc from "fast-check";
import { bodyText, requestArbitrary, responseChecker, send } from "../testing/openapi-fuzz";
import { fuzzHarness } from "../testing/openapi-fuzz-setup";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "10000" },
    seed: { type: "string" },
    "nul-bytes": { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);

const setup = await fuzzHarness();
const checker = responseChecker(setup.document);
const counts = new Map<string, Map<number, number>>();
const problems = new Map<string, { count: number; example: string }>();

const requests = fc.sample(
  requestArbitrary(setup.document, setup.ids, {
    nulBytes: values["nul-bytes"],
    knownBodies: setup.knownBodies,
  }),
  {
    numRuns: runs,
    seed,
  },
);
const started = performance.now();
for (const request of requests) {
  const response = await send(setup.h, setup.key, request);
  const byStatus = counts.get(request.operation) ?? new Map<number, number>();
  byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
  counts.set(request.operation, byStatus);
  const problem = checker.problem(
    request,
    response.status,
    response.headers.get("content-type"),
    await bodyText(response),
  );
  if (problem) {
    // Problems of one kind are counted once per operation and status, with their first request as the example.
    const kind = `${request.operation} ${response.status}: ${problem.slice(0, 120)}`;
    const seen = problems.get(kind);
    if (seen) seen.count += 1;
    else
      problems.set(kind, {
        count: 1,
        example: `${request.method} ${request.path.slice(0, 200)} ${request.body?.slice(0, 200) ?? ""}`,
      });
  }
}
const seconds = (performance.now() - started) / 1000;
await setup.h.close();

console.log(`${requests.length} requests in ${seconds.toFixed(1)} s (seed ${seed})\n`);
for (const [operation, byStatus] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
  const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(`${operation.padEnd(62)} ${statuses.join("  ")}`);
}
console.log(`\n${problems.size === 0 ? "No problems." : `${problems.size} kinds of problem:`}`);
for (const [kind, { count, example }] of problems) console.log(`\n${count}× ${kind}\n   e.g. ${example}`);
process.exitCode = problems.size === 0 ? 0 : 1;
