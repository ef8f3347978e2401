// The bundled Natural Earth land and borders (world-atlas), projected for a flat map. The coarse land is imported
// here, projected when the dashboard was built (coarse-land.ts), so that it loads together with any page's chunk
// that shows a map; the detailed atlas only when zoomed in, and then decoded in a worker (on the main thread only
// where workers are missing).
import { coarseLand } from "./coarse-land";
import { type Atlas, type ProjectedLand, projectAtlas } from "./land-geometry";

/** 1:110m for the world, 1:50m (~0.75 MB, loaded only then) when zoomed in. */
export type LandDetail = "110m" | "50m";

const cache = new Map<LandDetail, Promise<ProjectedLand>>();

/** The land at that detail, decoded once and shared by every map. */
export function landShapes(detail: LandDetail): Promise<ProjectedLand> {
  let found = cache.get(detail);
  if (!found) {
    found = detail === "110m" ? Promise.resolve(coarseLand) : detailed();
    cache.set(detail, found);
  }
  return found;
}

function detailed(): Promise<ProjectedLand> {
  if (typeof Worker === "undefined") return onMainThread();
  return new Promise<ProjectedLand>((resolve, reject) => {
    const worker = new Worker(new URL("./land-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<ProjectedLand>) => {
      resolve(event.data);
      worker.terminate();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      // A worker that cannot start (a strict policy, an old browser) still leaves the land to draw.
      onMainThread().then(resolve, reject);
    };
  });
}

async function onMainThread(): Promise<ProjectedLand> {
  const atlas = await import("world-atlas/countries-50m.json");
  return projectAtlas(atlas.default as unknown as Atlas);
}
