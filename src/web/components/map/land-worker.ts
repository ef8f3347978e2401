// A worker that decodes and projects the detailed (1:50m) atlas, ~0.75 MB of topology, off the page's main thread,
// and hands back the arrays (transferred, not copied).
import atlas from "world-atlas/countries-50m.json";
import { type Atlas, projectAtlas } from "./land-geometry";

const land = projectAtlas(atlas as unknown as Atlas);
// The worker's own postMessage, which takes the buffers to transfer (the DOM typings only know the window's).
(self as unknown as Worker).postMessage(land, [
  land.land.points.buffer,
  land.land.lengths.buffer,
  land.ringsPerPolygon.buffer,
  land.borders.points.buffer,
  land.borders.lengths.buffer,
]);
