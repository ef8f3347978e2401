// The offline basemap as a react-leaflet child, shared by the dashboard's maps.
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { addBasemap } from "./basemap";
import type { LandState } from "./land-status";

/** Draws the offline basemap under the map's other layers; reports when the land is drawn, or could not be. */
export function BasemapLayer({ onLand }: { onLand?: (state: LandState) => void }) {
  const map = useMap();
  useEffect(() => {
    const basemap = addBasemap(map);
    let live = true;
    basemap.ready.then(
      () => live && onLand?.("drawn"),
      () => live && onLand?.("failed"),
    );
    return () => {
      live = false;
      basemap.remove();
    };
  }, [map, onLand]);
  return null;
}
