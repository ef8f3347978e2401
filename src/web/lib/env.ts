// The dashboard's build-time settings (Vite's `import.meta.env`) that need checking, read in this one module. (The
// synthetic fleet's switch is read where it is used: Vite turns it into literals that fold only in place, which
// keeps that chunk out of every other build.)

export interface TileSettings {
  /** A raster tile URL template; undefined when none is configured (or the one configured is unusable). */
  url: string | undefined;
  attribution: string;
}

const DEFAULT_ATTRIBUTION = "&copy; OpenStreetMap contributors";

/**
 * Raster tiles from `VITE_TILE_URL` (e.g. `https://tile.example.com/{z}/{x}/{y}.png`) and `VITE_TILE_ATTRIBUTION`.
 * A URL that is not an http(s) template with `{z}`, `{x}` and `{y}` is refused with a warning, and the maps draw
 * the bundled Natural Earth land instead of requesting tiles that cannot exist.
 */
export function tileSettings(
  url: string | undefined,
  attribution: string | undefined,
  warn: (message: string) => void = console.warn,
): TileSettings {
  const template = url?.trim() || undefined;
  const settings = { url: template, attribution: attribution?.trim() || DEFAULT_ATTRIBUTION };
  if (template === undefined || isTileTemplate(template)) return settings;
  warn(
    `VITE_TILE_URL "${template}" is not a tile URL template such as https://tile.example.com/{z}/{x}/{y}.png; ` +
      "the maps draw the bundled land only.",
  );
  return { ...settings, url: undefined };
}

function isTileTemplate(template: string): boolean {
  if (!["{z}", "{x}", "{y}"].every((part) => template.includes(part))) return false;
  try {
    const { protocol } = new URL(template.replace(/\{[a-z]\}/g, "0"));
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/** The tiles this build was made with. */
export const TILES: TileSettings = tileSettings(
  import.meta.env.VITE_TILE_URL,
  import.meta.env.VITE_TILE_ATTRIBUTION,
);
