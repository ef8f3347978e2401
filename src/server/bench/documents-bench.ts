// Documents benchmark (issue 32): the built service in its own process, on a fresh embedded database (or the
// PostgreSQL server of BENCH_DATABASE_URL), with its inbound SMTP listener. Prints:
//   1. a 3-page text PDF, uploaded → extracted: p50 and max over ROUNDS uploads, one at a time (target p50 ≤ 2 s);
//   2. 100 documents uploaded at once: time until all are extracted (target ≤ 2 min), with /v2/shipments p99 under
//      that load against its idle p99 (target ≤ 2×), both read by a probe in a thread of its own;
//   3. email accepted (SMTP 250) → its submission visible in GET /v2/email_submissions: p50 and max (target ≤ 2 s);
//   and the service's peak RSS. Run: npx tsx src/server/bench/documents-bench.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import nodemailer from "nodemailer";
import { arrivalNoticePdf, billOfLadingPdf } from "../testing/document-fixtures";
import { freePort, startService } from "./service-process";

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const BATCH = Number(process.env.BATCH ?? 100);
const POLL_MS = 25;

/** The latency probe's thread (plain JavaScript, evaluated): GETs its URL every 20 ms until told to stop. */
const PROBE = `
const { parentPort, workerData } = require("node:worker_threads");
let phase = "idle";
let stop = false;
const out = [];
parentPort.on("message", (m) => {
  if (m.phase) phase = m.phase;
  if (m.stop) stop = true;
});
(async () => {
  while (!stop) {
    const at = phase;
    const started = performance.now();
    await fetch(workerData.url, { headers: workerData.headers }).then((r) => r.arrayBuffer());
    out.push([at, performance.now() - started]);
    await new Promise((r) => setTimeout(r, 20));
  }
  parentPort.postMessage(out);
})();
`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const dataDir = mkdtempSync(join(tmpdir(), "documents-bench-"));
const smtpPort = await freePort();
const service = await startService({
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
    TEST_CONTROL: "1",
    SANDBOX_PAUSED: "1",
    INBOUND_SMTP_PORT: String(smtpPort),
    INBOUND_MAIL_DOMAIN: "in.bench.test",
    INBOUND_MESSAGES_PER_HOUR: "100000",
  },
  startTimeoutMs: 300_000,
  log: (line) => console.log(line),
});

try {
  const created = await fetch(`${service.url}/__test__/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ company_name: "Documents bench", shipments: 50 }),
  });
  if (created.status !== 201)
    throw new Error(`test control answered ${created.status}: ${await created.text()}`);
  const account = (await created.json()) as { api_key: string };
  const auth = { Authorization: `Token ${account.api_key}` };
  const get = async (path: string) => (await fetch(`${service.url}${path}`, { headers: auth })).json();

  async function upload(bytes: Uint8Array, name: string): Promise<string> {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), name);
    const response = await fetch(`${service.url}/v2/documents`, {
      method: "POST",
      headers: auth,
      body: form,
    });
    if (response.status !== 201)
      throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: { id: string } }).data.id;
  }

  /**
   * Reads the shipments list as a dashboard does, every 20 ms, from a thread of its own: this process is busy
   * sending uploads, and its own event loop must not add to the latencies it measures. Each latency is kept
   * with the phase it fell in (`idle`, `uploading`, `extracting`).
   */
  function shipmentsProbe() {
    const probe = new Worker(PROBE, {
      eval: true,
      workerData: { url: `${service.url}/v2/shipments?page[size]=30`, headers: auth },
    });
    const done = new Promise<[string, number][]>((resolve) => probe.once("message", resolve));
    return {
      phase: (name: string) => probe.postMessage({ phase: name }),
      async stop() {
        probe.postMessage({ stop: true });
        const latencies = await done;
        await probe.terminate();
        const of = (name: string) => latencies.filter(([p]) => p === name).map(([, ms]) => ms);
        return { of, loaded: latencies.filter(([p]) => p !== "idle").map(([, ms]) => ms) };
      },
    };
  }

  // Warm up: the worker thread's first PDF loads PDF.js.
  await upload(await billOfLadingPdf(-1), "warm-up.pdf");
  await sleep(3_000);

  // 1. One at a time.
  const single: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const bytes = await billOfLadingPdf(i);
    const started = performance.now();
    const id = await upload(bytes, `single-${i}.pdf`);
    for (;;) {
      const doc = (await get(`/v2/documents/${id}`)) as {
        data: { attributes: { extraction_status: string } };
      };
      if (doc.data.attributes.extraction_status !== "pending") break;
      await sleep(POLL_MS);
    }
    single.push(performance.now() - started);
  }
  console.log(
    `3-page PDF uploaded → extracted (${ROUNDS} rounds): p50 ${seconds(percentile(single, 50))}, max ${seconds(Math.max(...single))}`,
  );

  // 2. A hundred at once, with the shipments list read meanwhile.
  const files = await Promise.all(Array.from({ length: BATCH }, (_, i) => billOfLadingPdf(1000 + i)));
  const probe = shipmentsProbe();
  probe.phase("idle");
  await sleep(5_000);
  probe.phase("uploading");
  const started = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < files.length; i += 10)
    ids.push(...(await Promise.all(files.slice(i, i + 10).map((f, j) => upload(f, `batch-${i + j}.pdf`)))));
  const uploadedAt = performance.now() - started;
  probe.phase("extracting");
  for (;;) {
    // Two counts (meta.total of a one-row page), not the documents themselves: the check is not the load under test.
    const total = (await get("/v2/documents?page[size]=1&filter[filename]=batch-")) as {
      meta: { total: number };
    };
    const pending = (await get(
      "/v2/documents?page[size]=1&filter[filename]=batch-&filter[extraction_status]=pending",
    )) as { meta: { total: number } };
    if (total.meta.total >= BATCH && pending.meta.total === 0) break;
    if (performance.now() - started > 600_000) throw new Error("the batch did not finish in 10 minutes");
    await sleep(1_000);
  }
  const allDone = performance.now() - started;
  const probed = await probe.stop();
  const idle = probed.of("idle");
  const loaded = probed.loaded;
  console.log(
    `${BATCH} documents uploaded at once: all uploaded in ${seconds(uploadedAt)}, all extracted in ${seconds(allDone)}`,
  );
  console.log(
    `/v2/shipments p99: idle ${percentile(idle, 99).toFixed(1)} ms (p50 ${percentile(idle, 50).toFixed(1)}), while extracting ${percentile(loaded, 99).toFixed(1)} ms (p50 ${percentile(loaded, 50).toFixed(1)}, ${loaded.length} requests): ${(percentile(loaded, 99) / percentile(idle, 99)).toFixed(2)}× idle`,
  );

  // 3. Email accepted → submission visible.
  const inbound = (await get("/v2/inbound_email")) as { data: { attributes: { address: string } } };
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  const attachment = Buffer.from(await arrivalNoticePdf());
  const mail: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    await transport.sendMail({
      from: "bench@forwarder.example",
      to: inbound.data.attributes.address,
      subject: `Bench ${i}`,
      text: "Arrival notice attached.",
      attachments: [{ filename: `notice-${i}.pdf`, content: attachment }],
    });
    const accepted = performance.now();
    for (;;) {
      const list = (await get("/v2/email_submissions?page[size]=1&include=")) as {
        data: { attributes: { subject: string } }[];
      };
      if (list.data[0]?.attributes.subject === `Bench ${i}`) break;
      await sleep(POLL_MS);
    }
    mail.push(performance.now() - accepted);
  }
  console.log(
    `email accepted → submission visible (${ROUNDS} rounds): p50 ${seconds(percentile(mail, 50))}, max ${seconds(Math.max(...mail))}`,
  );
  for (const name of ["uploading", "extracting"]) {
    const values = probed.of(name);
    console.log(
      `  while ${name}: p99 ${percentile(values, 99).toFixed(1)} ms, p50 ${percentile(values, 50).toFixed(1)} ms (${values.length})`,
    );
  }
  console.log(`service peak RSS: ${Math.round(service.maxRssKb() / 1024)} MB`);
} finally {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
