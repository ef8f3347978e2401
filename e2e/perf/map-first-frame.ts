// On demand, not part of `npm test`: how soon the map page shows its first frame with 2,000 vessels, and how
// smoothly it pans. Uses the development-only made-up fleet (`/map?synthetic=N`), so the builds measured must be
// made with VITE_MAP_SYNTHETIC=1:
//
//   VITE_MAP_SYNTHETIC=1 npm run build
//   npx tsx e2e/perf/map-first-frame.ts [--build name=dir]... [--runs 5] [--vessels 2000] [--port 4981]
//
// Several builds (say a copy of dist/web made before a change, and dist/web after it) are measured in one run,
// alternately, against one service, and the medians compared: the machine is shared, so only side-by-side
// figures mean anything. "First frame": from navigation to the animation frame in which the land and the
// vessels' canvas are both on the map. "List": when the first row of the vessel list is in the page.
// "Panning": frames per second while the map is dragged (three drags, the frame after each move awaited) and
// the longest frame, which includes the redraw at the end of each drag.
import { chromium, type Page, type Request } from "@playwright/test";
import { demoKey, median, serveBuild, startService } from "./perf-server";

function options() {
  const args = process.argv.slice(2);
  const builds: { name: string; dir: string }[] = [];
  let runs = 5;
  let vessels = 2000;
  let port = 4981;
  for (let i = 0; i < args.length; i++) {
    const value = args[i + 1] ?? "";
    if (args[i] === "--build") {
      const [name, dir] = value.includes("=") ? value.split("=", 2) : [value, value];
      builds.push({ name: name!, dir: dir! });
      i++;
    } else if (args[i] === "--runs") runs = Number(args[++i]);
    else if (args[i] === "--vessels") vessels = Number(args[++i]);
    else if (args[i] === "--port") port = Number(args[++i]);
  }
  if (builds.length === 0) builds.push({ name: "dist/web", dir: "dist/web" });
  return { builds, runs, vessels, port };
}

interface Sample {
  firstFrame: number;
  list: number;
  fps: number;
  longestFrame: number;
}

/**
 * Installed before any page script: records when the map and the list first show, frame by frame. Plain text,
 * since tsx's name-keeping helpers do not exist in the page.
 */
const recordFirstFrame = (key: string) => `
  sessionStorage.setItem("boxtrack.api-key", ${JSON.stringify(key)});
  const perf = { firstFrame: 0, list: 0 };
  window.__perf = perf;
  function tick() {
    const figure = document.querySelector('figure[aria-label^="Map of the vessels"]');
    if (
      !perf.firstFrame &&
      figure?.querySelector(".leaflet-overlay-pane canvas") &&
      figure.querySelector(".leaflet-basemap-pane canvas") &&
      !figure.querySelector('[role="status"]')
    )
      perf.firstFrame = performance.now();
    if (!perf.list && document.querySelector('[aria-labelledby="vessel-list-heading"] button[data-vessel]'))
      perf.list = performance.now();
    if (!perf.firstFrame || !perf.list) requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
`;

/**
 * Follows a page's requests from its start: `settled()` resolves once no request but the live stream (open for the
 * page's life, so that Playwright's "networkidle" never comes) has been in flight for `quiet` ms.
 */
function requestsOf(page: Page) {
  const inFlight = new Set<Request>();
  const counts = (r: Request) => !new URL(r.url()).pathname.startsWith("/v2/stream");
  let onChange = () => {};
  page.on("request", (r) => {
    if (counts(r)) inFlight.add(r);
    onChange();
  });
  const ended = (r: Request) => {
    inFlight.delete(r);
    onChange();
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    settled(quiet = 500, timeout = 60_000): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const limit = setTimeout(() => {
          clearTimeout(timer);
          reject(new Error(`the page's requests did not settle within ${timeout} ms`));
        }, timeout);
        onChange = () => {
          clearTimeout(timer);
          if (inFlight.size > 0) return;
          timer = setTimeout(() => {
            clearTimeout(limit);
            onChange = () => {};
            resolve();
          }, quiet);
        };
        onChange();
      });
    },
  };
}

const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => r())));

async function panning(page: Page): Promise<{ fps: number; longestFrame: number }> {
  const figure = page.locator('figure[aria-label^="Map of the vessels"]');
  const box = (await figure.boundingBox())!;
  // Text, not a function: tsx's name-keeping helpers do not exist in the page.
  await page.evaluate(`{
    const frames = [];
    window.__frames = frames;
    function tick(t) {
      frames.push(t);
      if (window.__frames === frames) requestAnimationFrame(tick);
    }
    requestAnimationFrame(tick);
  }`);
  const y = box.y + box.height / 2;
  for (const direction of [1, -1, 1]) {
    const from = box.x + box.width / 2 - (direction * box.width) / 4;
    await page.mouse.move(from, y);
    await page.mouse.down();
    for (let step = 1; step <= 40; step++) {
      await page.mouse.move(from + direction * step * 10, y + Math.sin(step / 6) * 30);
      await nextFrame(page);
    }
    await page.mouse.up();
    // The redraw after the drag ends (moveend) belongs to panning too.
    await nextFrame(page);
    await nextFrame(page);
  }
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames?: number[] };
    const f = w.__frames ?? [];
    w.__frames = undefined;
    return f;
  });
  let longest = 0;
  for (let i = 1; i < frames.length; i++) longest = Math.max(longest, frames[i]! - frames[i - 1]!);
  const fps = ((frames.length - 1) / (frames.at(-1)! - frames[0]!)) * 1000;
  return { fps, longestFrame: longest };
}

async function main() {
  const { builds, runs, vessels, port } = options();
  const service = await startService(port);
  const served = await Promise.all(builds.map((b) => serveBuild(b.dir, service.url)));
  const key = await demoKey(service.url);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const samples = builds.map(() => [] as Sample[]);
  try {
    // One run first for each build, not counted: the service and the disk caches warm up.
    for (let run = -1; run < runs; run++) {
      for (const [i, build] of builds.entries()) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        await context.addInitScript({ content: recordFirstFrame(key) });
        // No tile request may leave the browser.
        await context.route(/\.(png|jpe?g|webp)(\?.*)?$/, (r) => r.abort());
        const page = await context.newPage();
        const requests = requestsOf(page);
        await page.goto(`${served[i]!.url}/map?synthetic=${vessels}`);
        await page.waitForFunction(
          () => {
            const p = (window as unknown as { __perf: { firstFrame: number; list: number } }).__perf;
            return p.firstFrame > 0 && p.list > 0;
          },
          undefined,
          { timeout: 120_000 },
        );
        const { firstFrame, list } = await page.evaluate(
          () => (window as unknown as { __perf: { firstFrame: number; list: number } }).__perf,
        );
        // Let the page settle (the detailed coastlines, the list) before dragging; the live stream stays open.
        await requests.settled();
        const pan = await panning(page);
        await context.close();
        if (run >= 0) samples[i]!.push({ firstFrame, list, ...pan });
        console.error(
          `${build.name} run ${run + 1}: first frame ${firstFrame.toFixed(0)} ms, list ${list.toFixed(0)} ms, ` +
            `${pan.fps.toFixed(1)} fps, longest frame ${pan.longestFrame.toFixed(0)} ms`,
        );
      }
    }
  } finally {
    await browser.close();
    await Promise.all(served.map((s) => s.stop()));
    await service.stop();
  }
  console.log(`\nMap with ${vessels} vessels, 1440×900, medians of ${runs} runs:`);
  console.log("build | first frame (ms) | list (ms) | panning (fps) | longest frame (ms)");
  for (const [i, build] of builds.entries()) {
    const s = samples[i]!;
    const m = (pick: (x: Sample) => number) => median(s.map(pick));
    console.log(
      `${build.name} | ${m((x) => x.firstFrame).toFixed(0)} | ${m((x) => x.list).toFixed(0)} | ` +
        `${m((x) => x.fps).toFixed(1)} | ${m((x) => x.longestFrame).toFixed(0)}`,
    );
  }
}

await main();
