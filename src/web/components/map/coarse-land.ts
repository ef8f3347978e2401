// The coarse (1:110m) land, projected: what every map draws until it is zoomed in. Vite (the build, the dev server,
// the tests) replaces this module with the arrays it makes of the atlas once, when building (vite.config.ts,
// `coarseLand`): the page then neither decodes the topology nor projects its ~8,000 points before a map's first
// frame, ~75 ms of the map page's on a busy 2-core machine. As written, it is what Vite's version stands for.
import atlas from "world-atlas/countries-110m.json";
import { type Atlas, type ProjectedLand, projectAtlas } from "./land-geometry";

export const coarseLand: ProjectedLand = projectAtlas(atlas as unknown as Atlas);
