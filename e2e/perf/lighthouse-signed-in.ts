// On demand, not part of `npm test`: Lighthouse on dashboard pages as a signed-in user, against a running service.
// A tab signed in with a key keeps it in sessionStorage, which Lighthouse's own headers cannot set; so a Chromium is
// started with a debugging port, signed in (the key stored as the app stores it), and Lighthouse is pointed at it
// with storage resets turned off. The machine is shared: run it under the bench lock.
//
//   PORT=4976 DATA_DIR=/tmp/lh-data node dist/server/main.mjs   # prints the demo API key
//   flock /work/bench.lock npx tsx e2e/perf/lighthouse-signed-in.ts --url http://127.0.0.1:4976 --key trk_… \
//     [--path /map] [--path /shipments] [--lighthouse /work/tools/node_modules/.bin/lighthouse] [--out dir]
//
// Prints, per page, the performance, accessibility and best-practices scores, the longest main-thread task, the failed audits.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";

/** Chromium opens its debugging port when it is ready, later on a busy machine: tried for up to 30 s. */
async function connectWhenUp(endpoint: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await chromium.connectOverCDP(endpoint);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

function options() {
  const args = process.argv.slice(2);
  const paths: string[] = [];
  let url = "http://127.0.0.1:4976";
  let key = "";
  let lighthouse = "/work/tools/node_modules/.bin/lighthouse";
  let out = "/tmp";
  let port = 9322;
  for (let i = 0; i < args.length; i++) {
    const value = args[i + 1] ?? "";
    if (args[i] === "--url") url = value;
    else if (args[i] === "--key") key = value;
    else if (args[i] === "--path") paths.push(value);
    else if (args[i] === "--lighthouse") lighthouse = value;
    else if (args[i] === "--out") out = value;
    else if (args[i] === "--debug-port") port = Number(value);
    else continue;
    i++;
  }
  if (!key) throw new Error("--key: the demo API key the service printed");
  return { url, key, paths: paths.length > 0 ? paths : ["/map", "/shipments"], lighthouse, out, port };
}

interface Audit {
  score: number | null;
  title: string;
  displayValue?: string;
  details?: { items?: { duration?: number; url?: string }[] };
}

async function main() {
  const o = options();
  mkdirSync(o.out, { recursive: true });
  // A Chromium of its own (not Playwright's: Playwright would attach to the tabs Lighthouse opens), signed in over
  // CDP, then left to Lighthouse.
  const chrome = spawn(
    process.env.CHROME_PATH ?? "/usr/bin/chromium",
    [
      `--remote-debugging-port=${o.port}`,
      `--user-data-dir=${mkdtempSync(join(tmpdir(), "lighthouse-profile-"))}`,
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  try {
    const cdp = await connectWhenUp(`http://127.0.0.1:${o.port}`);
    const page = cdp.contexts()[0]!.pages()[0]!;
    await page.goto(`${o.url}/sign-in`);
    await page.evaluate((key) => sessionStorage.setItem("boxtrack.api-key", key), o.key);
    await page.goto("about:blank");
    await cdp.close();
    for (const path of o.paths) {
      const file = join(o.out, `lighthouse${path.replaceAll("/", "-")}.json`);
      const run = spawnSync(
        o.lighthouse,
        [
          `${o.url}${path}`,
          `--port=${o.port}`,
          "--preset=desktop",
          "--only-categories=performance,accessibility,best-practices",
          "--disable-storage-reset",
          "--output=json",
          `--output-path=${file}`,
          "--quiet",
        ],
        { stdio: "inherit" },
      );
      if (run.status !== 0) throw new Error(`lighthouse exited with ${run.status} on ${path}`);
      const report = JSON.parse(readFileSync(file, "utf8")) as {
        categories: Record<string, { score: number }>;
        audits: Record<string, Audit>;
      };
      const tasks = report.audits["long-tasks"]?.details?.items ?? [];
      const longest = Math.max(0, ...tasks.map((t) => t.duration ?? 0));
      const failed = Object.entries(report.audits)
        .filter(([, a]) => a.score !== null && a.score < 0.9)
        .map(([id, a]) => `${id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
      console.log(
        `${path}: performance ${Math.round(report.categories.performance!.score * 100)}, accessibility ${Math.round(report.categories.accessibility!.score * 100)}, best practices ${Math.round(report.categories["best-practices"]!.score * 100)}, longest task ${Math.round(longest)} ms`,
      );
      for (const m of [
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "cumulative-layout-shift",
        "speed-index",
      ]) {
        console.log(`  ${m}: ${report.audits[m]?.displayValue ?? "?"}`);
      }
      console.log(`  below 0.9: ${failed.join(", ") || "none"}`);
      for (const t of tasks.slice(0, 5))
        console.log(`  task ${Math.round(t.duration ?? 0)} ms ${t.url ?? ""}`);
    }
  } finally {
    chrome.kill();
  }
}

await main();
