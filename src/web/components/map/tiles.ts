// Raster tiles for the maps, configured at build time: `VITE_TILE_URL` (e.g. `https://tile.example.com/{z}/{x}/{y}.png`)
// and `VITE_TILE_ATTRIBUTION`. None by default: the maps then draw the bundled Natural Earth land only.
export const TILE_URL: string | undefined = import.meta.env.VITE_TILE_URL || undefined;
export const TILE_ATTRIBUTION: string =
  import.meta.env.VITE_TILE_ATTRIBUTION || "&copy; OpenStreetMap contributors";
/** Whether raster tiles are configured (the legend says which basemap shows). */
export const HAS_TILES = TILE_URL !== undefined;
