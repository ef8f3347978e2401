// Benchmarks of sea routing and land tests: `npx vitest bench --run src/server/geo`.
import { readFileSync } from "node:fs";
import type { FeatureCollection, Geometry } from "geojson";
import { bench, describe } from "vitest";
import { isOnLand } from "./land";
import { buildSeaNetwork, getSeaNetwork, nearestNode } from "./sea-network";
import { clearSeaRouteCache, routeBetweenPorts } from "./sea-route";

// Load the lanes and the land index up front so the timed loops measure steady-state work only.
const lanes = JSON.parse(
  readFileSync(new URL("./data/marnet-densified.json", import.meta.url), "utf8"),
) as FeatureCollection<Geometry>;
getSeaNetwork();

/** 10,000 fixed pseudo-random positions between 80°S and 80°N (a seeded generator keeps runs comparable). */
const positions = (() => {
  let seed = 42;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  return Array.from({ length: 10_000 }, () => ({ lat: next() * 160 - 80, lon: next() * 360 - 180 }));
})();

describe("sea routes", () => {
  bench("uncached route Shanghai → Los Angeles", () => {
    clearSeaRouteCache();
    routeBetweenPorts("CNSHA", "USLAX");
  });

  bench("uncached route Singapore → Rotterdam", () => {
    clearSeaRouteCache();
    routeBetweenPorts("SGSIN", "NLRTM");
  });

  bench(
    "cached route Shanghai → Los Angeles",
    () => {
      routeBetweenPorts("CNSHA", "USLAX");
    },
    { setup: () => void routeBetweenPorts("CNSHA", "USLAX") },
  );

  bench("nearestNode", () => {
    nearestNode(35.1, 129.0);
  });
});

describe("network build", () => {
  bench(
    "build the network from the lanes (land index already loaded)",
    () => {
      buildSeaNetwork(lanes);
    },
    { iterations: 5, time: 0 },
  );
});

describe("land", () => {
  bench("10,000 isOnLand checks", () => {
    for (const p of positions) isOnLand(p.lat, p.lon);
  });
});
