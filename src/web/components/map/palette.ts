// Colours of the map's canvas layers (canvas cannot read CSS), for the light and the dark theme.

export interface MapPalette {
  sea: string;
  land: string;
  coast: string;
  border: string;
  vessel: string;
  vesselStroke: string;
  selected: string;
  track: string;
  ahead: string;
  /** The inland leg beyond the port of discharge. */
  inland: string;
  port: string;
  portStroke: string;
}

const LIGHT: MapPalette = {
  sea: "#dbeafe",
  land: "#f8fafc",
  coast: "#94a3b8",
  border: "#cbd5e1",
  vessel: "#0369a1",
  vesselStroke: "#ffffff",
  selected: "#c2410c",
  track: "#0369a1",
  ahead: "#c2410c",
  inland: "#475569",
  port: "#0f172a",
  portStroke: "#ffffff",
};

const DARK: MapPalette = {
  sea: "#0b1a2e",
  land: "#1e293b",
  coast: "#475569",
  border: "#334155",
  vessel: "#38bdf8",
  vesselStroke: "#0f172a",
  selected: "#fb923c",
  track: "#38bdf8",
  ahead: "#fb923c",
  inland: "#cbd5e1",
  port: "#f1f5f9",
  portStroke: "#0f172a",
};

export function prefersDark(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(prefers-color-scheme: dark)").matches === true
  );
}

export function mapPalette(): MapPalette {
  return prefersDark() ? DARK : LIGHT;
}
