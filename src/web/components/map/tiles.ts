// Raster tiles for the maps, configured at build time (lib/env.ts reads and checks them). None by default: the maps
// then draw the bundled Natural Earth land only.
import { TILES } from "../../lib/env";

export const TILE_URL: string | undefined = TILES.url;
export const TILE_ATTRIBUTION: string = TILES.attribution;
/** Whether raster tiles are configured (the legend says which basemap shows). */
export const HAS_TILES = TILE_URL !== undefined;
