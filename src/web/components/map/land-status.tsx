// Whether a map's land is drawn yet, and the status line it shows until then (no Leaflet here: the page shows it
// while the map's chunk loads).
import { useCallback, useState } from "react";

export type LandState = "drawing" | "drawn" | "failed";

/** The land's state, and the callback for BasemapLayer that keeps it. */
export function useLandState(): [LandState, (state: LandState) => void] {
  const [state, setState] = useState<LandState>("drawing");
  const onLand = useCallback((next: LandState) => setState(next), []);
  return [state, onLand];
}

/** What the map says while its land is not (yet) drawn; nothing once it is. */
export function LandStatus({ state }: { state: LandState }) {
  if (state === "drawn") return null;
  return (
    <p
      role="status"
      className="absolute bottom-2 left-2 z-[1000] rounded bg-white/90 px-2 py-1 text-xs text-slate-600 dark:bg-slate-900/90 dark:text-slate-300"
    >
      {state === "drawing"
        ? "Drawing the land…"
        : "The land could not be loaded; reload the page to try again."}
    </p>
  );
}
