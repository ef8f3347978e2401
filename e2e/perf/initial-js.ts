// On demand, not part of `npm test`: the JavaScript a page loads when it is opened, in gzip kilobytes. Chromium
// opens the page signed in (the demo account) and waits until it has settled; every script it fetched (the entry,
// its modulepreloads, the route's chunks) is summed at the size gzip (level 9) gives its file in the build, so that
// the figure does not depend on how a server compresses. The largest come first, to show what to split off.
//
//   npm run build
//   npx tsx e2e/perf/initial-js.ts [--build name=dir]... [--path /shipments] [--port 4982]
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { demoKey, serveBuild, startService } from "./perf-server";

function options() {
  const args = process.argv.slice(2);
  const builds: { name: string; dir: string }[] = [];
  let path = "/shipments";
  let port = 4982;
  for (let i = 0; i < args.length; i++) {
    const value = args[i + 1] ?? "";
    if (args[i] === "--build") {
      const [name, dir] = value.includes("=") ? value.split("=", 2) : [value, value];
      builds.push({ name: name!, dir: dir! });
      i++;
    } else if (args[i] === "--path") path = args[++i]!;
    else if (args[i] === "--port") port = Number(args[++i]);
  }
  if (builds.length === 0) builds.push({ name: "dist/web", dir: "dist/web" });
  return { builds, path, port };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

async function main() {
  const { builds, path, port } = options();
  const service = await startService(port);
  const key = await demoKey(service.url);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const totals: string[] = [];
  try {
    for (const build of builds) {
      const served = await serveBuild(build.dir, service.url);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript({
        content: `sessionStorage.setItem("boxtrack.api-key", ${JSON.stringify(key)});`,
      });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
      });
      await page.goto(`${served.url}${path}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForLoadState("networkidle");
      const sizes = await Promise.all(
        [...scripts].map(async (script) => {
          const code = await readFile(join(resolve(build.dir), script));
          return { script, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
        }),
      );
      await context.close();
      await served.stop();
      sizes.sort((a, b) => b.gzip - a.gzip);
      const gzip = sizes.reduce((sum, s) => sum + s.gzip, 0);
      const raw = sizes.reduce((sum, s) => sum + s.raw, 0);
      console.log(
        `\n${build.name}: ${path} loads ${sizes.length} scripts, ${kb(raw)} KB, ${kb(gzip)} KB gzip`,
      );
      for (const s of sizes)
        console.log(`  ${kb(s.gzip).padStart(6)} KB gzip  ${kb(s.raw).padStart(7)} KB  ${s.script}`);
      totals.push(`${build.name}: ${kb(gzip)} KB gzip (${sizes.length} scripts)`);
    }
  } finally {
    await browser.close();
    await service.stop();
  }
  console.log(`\nInitial JavaScript of ${path}:\n  ${totals.join("\n  ")}`);
}

await main();
