// What the map draws of the selected vessel, decided apart from Leaflet: the vessel, its track, its estimated path
// to the next port and the next port with its ETA label, and the ports where the account's boxes aboard leave it
// when those are not its next port (a ring each, with their own label), on the copy of the world the vessel is
// drawn at.

import { type LatLng, nearLongitude } from "../../components/map/coordinates";
import { formatDateTime, plural } from "../../lib/format";
import type { DischargePortView, FleetVesselView, VesselDetailView } from "./fleet";

export interface SelectionDrawing {
  vessel: { position: LatLng; heading: number | null };
  /** The last 7 days; null while fewer than two points are known. */
  track: LatLng[] | null;
  /** The estimated path to the next port and its accessible name; null while fewer than two points are known. */
  ahead: { line: LatLng[]; label: string } | null;
  /** The next port and its label (the one label on the map with the ETA); null if it has no coordinates. */
  port: { position: LatLng; label: string } | null;
  /** The account's ports of discharge other than the next port, those with a known place. */
  discharge: { position: LatLng; label: string }[];
}

/** A port of discharge's label: the port, how many of the account's boxes leave there, and their ETA. */
export function dischargeLabel(d: DischargePortView): string {
  const when = d.eta ? ` · ETA ${formatDateTime(d.eta, d.port?.attributes.time_zone ?? null).text}` : "";
  return `${d.name} · discharge of your ${plural(d.containers, "container")}${when}`;
}

/** `line` moved by `by` degrees of longitude. */
export const shifted = (line: readonly LatLng[], by: number): LatLng[] =>
  line.map(([lat, lng]) => [lat, lng + by]);

/**
 * The selected vessel as drawn at `position` moved by `offset` (whole turns of longitude), with its track and path
 * as far as they are read yet.
 */
export function selectionDrawing(
  vessel: FleetVesselView,
  position: LatLng,
  offset: number,
  lines: Partial<Pick<VesselDetailView, "track" | "ahead" | "dischargePorts">> | null,
): SelectionDrawing {
  const track = lines?.track;
  const ahead = lines?.ahead;
  const port = vessel.nextPort?.attributes;
  let portDrawing: SelectionDrawing["port"] = null;
  if (port && port.latitude !== null && port.longitude !== null) {
    const eta = vessel.nextPortAta ?? vessel.nextPortEta;
    const when = eta ? formatDateTime(eta, port.time_zone).text : "not known";
    portDrawing = {
      // Where the path ends, or else near the vessel: not on another copy of the world.
      position: [port.latitude, nearLongitude(port.longitude, (ahead?.at(-1) ?? position)[1] + offset)],
      label: `${port.name} · ${vessel.nextPortAta ? "arrived" : "ETA"} ${when}`,
    };
  }
  return {
    vessel: { position: [position[0], position[1] + offset], heading: vessel.heading },
    track: track && track.length > 1 ? shifted(track, offset) : null,
    ahead:
      ahead && ahead.length > 1
        ? {
            line: shifted(ahead, offset),
            label: `Estimated path of ${vessel.name} to ${port?.name ?? "its next port"}`,
          }
        : null,
    port: portDrawing,
    discharge: (lines?.dischargePorts ?? []).flatMap((d) => {
      const place = d.port?.attributes;
      if (!place || place.latitude === null || place.longitude === null) return [];
      // The copy of the world nearest the vessel, as its next port is.
      const at: LatLng = [place.latitude, nearLongitude(place.longitude, position[1] + offset)];
      return [{ position: at, label: dischargeLabel(d) }];
    }),
  };
}
