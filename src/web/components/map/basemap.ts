// The basemap every map of the dashboard draws on: land and borders from Natural Earth (world-atlas, bundled with
// the app, so it works offline and is never a blank grey), on its own canvas under everything else. Raster tiles
// are added on top only when a tile address is configured at build time (VITE_TILE_URL), with their attribution;
// if they fail to load, the land underneath still shows.
import L from "leaflet";
import { type LandDetail, landShapes } from "./land";
import { LandLayer } from "./land-layer";
import { mapPalette } from "./palette";
import { TILE_ATTRIBUTION, TILE_URL } from "./tiles";

export const NATURAL_EARTH_ATTRIBUTION =
  'Land: <a href="https://www.naturalearthdata.com/" target="_blank" rel="noreferrer">Natural Earth</a>';

/** From this zoom on, the 1:50m coastlines replace the 1:110m ones (loaded then, ~0.75 MB). */
const DETAIL_ZOOM = 4;

export interface Basemap {
  /** A promise settled once the land is drawn. */
  ready: Promise<void>;
  remove(): void;
}

/** Adds the basemap to a map: its pane and canvas, the land (coarse, then detailed when zoomed in), tiles if any. */
export function addBasemap(map: L.Map): Basemap {
  const pane = map.getPane("basemap") ?? map.createPane("basemap");
  // Under the tile pane (200): configured tiles cover the land, and the land shows wherever they fail.
  pane.style.zIndex = "150";
  pane.setAttribute("aria-hidden", "true");
  const renderer = L.canvas({ pane: "basemap", padding: 0.3 });
  const palette = mapPalette();
  let removed = false;
  let current: { detail: LandDetail; layer: LandLayer } | undefined;

  const draw = async (detail: LandDetail) => {
    const shapes = await landShapes(detail);
    if (removed || current?.detail === detail) return;
    const layer = new LandLayer(shapes, palette, { renderer, attribution: NATURAL_EARTH_ATTRIBUTION });
    layer.addTo(map);
    current?.layer.remove();
    current = { detail, layer };
  };

  const onZoom = () => void draw(map.getZoom() >= DETAIL_ZOOM ? "50m" : "110m");
  map.on("zoomend", onZoom);
  const ready = draw(map.getZoom() >= DETAIL_ZOOM ? "50m" : "110m");

  const tiles = TILE_URL
    ? L.tileLayer(TILE_URL, { attribution: TILE_ATTRIBUTION, maxZoom: 18, crossOrigin: true }).addTo(map)
    : undefined;

  return {
    ready,
    remove() {
      removed = true;
      map.off("zoomend", onZoom);
      current?.layer.remove();
      tiles?.remove();
      renderer.remove();
    },
  };
}
