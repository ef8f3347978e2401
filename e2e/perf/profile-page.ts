// On demand, not part of `npm test`: where a dashboard page spends its main thread, as a signed-in user against a
// running service. Records a CPU profile (CDP Profiler) from navigation until the page has been quiet for a while,
// and prints the long tasks (over 50 ms) and the functions that took the most time in them, by self time.
//
//   flock /work/bench.lock npx tsx e2e/perf/profile-page.ts --url http://127.0.0.1:4977 --key trk_… \
//     --path '/map?vessel=<id>' [--cpu 4] [--wait 8000] [--out profile.cpuprofile]
//
// --cpu slows the CPU down as Lighthouse's mobile runs do; the .cpuprofile opens in Chromium's DevTools.
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

function options() {
  const args = process.argv.slice(2);
  const o = { url: "http://127.0.0.1:4977", key: "", path: "/map", cpu: 1, wait: 8000, out: "" };
  for (let i = 0; i < args.length; i += 2) {
    const value = args[i + 1] ?? "";
    if (args[i] === "--url") o.url = value;
    else if (args[i] === "--key") o.key = value;
    else if (args[i] === "--path") o.path = value;
    else if (args[i] === "--cpu") o.cpu = Number(value);
    else if (args[i] === "--wait") o.wait = Number(value);
    else if (args[i] === "--out") o.out = value;
  }
  if (!o.key) throw new Error("--key: the demo API key the service printed");
  return o;
}

async function main() {
  const o = options();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${o.url}/sign-in`);
    await page.evaluate((key) => sessionStorage.setItem("boxtrack.api-key", key), o.key);
    // Long tasks as the page itself sees them, from its first script on.
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: "longtask", buffered: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: o.cpu });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await page.goto(`${o.url}${o.path}`);
    await page.waitForTimeout(o.wait);
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    const tasks = await page.evaluate(
      () => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
    );
    if (o.out) writeFileSync(o.out, JSON.stringify(profile));

    console.log(`${o.path} at ${o.cpu}x CPU: ${tasks.length} long tasks`);
    for (const t of tasks) console.log(`  task at ${Math.round(t.start)} ms: ${Math.round(t.duration)} ms`);

    // Self time per function (name, file, line), over the whole recording.
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const frame = byId.get(id)!.callFrame;
      const file = frame.url.split("/").pop() ?? "";
      const key = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    const top = [...self.entries()].filter(([k]) => !k.startsWith("(idle)")).sort((a, b) => b[1] - a[1]);
    console.log("  most self time:");
    for (const [k, ms] of top.slice(0, 25)) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${k}`);

    // The longest run of busy samples (the longest task, as the profile sees it): what ran in it, callers included.
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const label = (n: ProfileNode) =>
      `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber + 1}`;
    const idle = (id: number) => ["(idle)", "(root)"].includes(byId.get(id)!.callFrame.functionName);
    let best = { from: 0, to: 0, ms: 0 };
    let run = { from: 0, ms: 0 };
    profile.samples.forEach((id, i) => {
      const dt = (profile.timeDeltas[i] ?? 0) / 1000;
      if (idle(id)) run = { from: i + 1, ms: 0 };
      else {
        run.ms += dt;
        if (run.ms > best.ms) best = { from: run.from, to: i, ms: run.ms };
      }
    });
    const total = new Map<string, number>();
    for (let i = best.from; i <= best.to; i++) {
      const seen = new Set<string>();
      for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
        const key = label(byId.get(id)!);
        if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
        seen.add(key);
      }
    }
    console.log(`  the longest busy run, ${best.ms.toFixed(0)} ms, by total time (callers included):`);
    for (const [k, ms] of [...total.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${k}`);
  } finally {
    await browser.close();
  }
}

await main();
