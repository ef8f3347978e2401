// The fleet map (its own chunk, with Leaflet): every vessel at its last position pointing along its heading, the
// selected vessel highlighted with its track of the last 7 days, its estimated path to its next port and the ETA,
// and, when asked for, every vessel's track and path. Thousands of vessels share one canvas; the layers are managed
// directly rather than as one React component each, so a refresh or a filter rebuilds them in one pass.
import "leaflet/dist/leaflet.css";
import "./map.css";
import L from "leaflet";
import { useEffect, useMemo, useRef, useState } from "react";
import { MapContainer, useMap } from "react-leaflet";
import { formatDateTime } from "../../lib/format";
import { preloadLand } from "./basemap";
import { BasemapLayer } from "./basemap-layer";
import {
  type FleetVesselView,
  type LatLng,
  longitudeSpan,
  nearLongitude,
  type VesselDetailView,
} from "./fleet";
import type { LandState } from "./land-status";
import { type MapPalette, mapPalette } from "./palette";
import { HAS_TILES } from "./tiles";
import { VesselMarker } from "./vessel-marker";

export interface FleetMapProps {
  vessels: FleetVesselView[];
  selected: FleetVesselView | null;
  /** The selected vessel's track and path ahead, as far as they are read yet. */
  selectedLines: Pick<VesselDetailView, "track" | "ahead"> | null;
  /** Changes (a new `seq`) when the map should fly to a vessel: a choice in the list, not a click on the map. */
  focus: { id: string; seq: number } | null;
  onSelect(id: string): void;
  showTracks: boolean;
  showAllPaths: boolean;
  onLand?(state: LandState): void;
  /** Called once the vessels are first on the map. */
  onDrawn?(): void;
}

export { preloadLand };

export default function FleetMap(props: FleetMapProps) {
  return (
    <MapContainer
      preferCanvas
      center={[20, 150]}
      zoom={2}
      minZoom={1}
      maxZoom={HAS_TILES ? 18 : 10}
      zoomSnap={0.5}
      worldCopyJump={false}
      className="boxtrack-map h-full w-full"
    >
      <BasemapLayer onLand={props.onLand} />
      <FleetLayers {...props} />
    </MapContainer>
  );
}

const shifted = (line: LatLng[], by: number): L.LatLngTuple[] =>
  by === 0 ? line : line.map(([lat, lng]) => [lat, lng + by]);

interface Entry {
  vessel: FleetVesselView & { position: LatLng };
  /** Whole turns of longitude the vessel is drawn at, to be the copy nearest the view's centre. */
  offset: number;
  marker: VesselMarker;
}

function offsetFor(lon: number, centerLon: number) {
  return nearLongitude(lon, centerLon) - lon;
}

function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

function FleetLayers({
  vessels,
  selected,
  selectedLines,
  focus,
  onSelect,
  showTracks,
  showAllPaths,
  onDrawn,
}: FleetMapProps) {
  const map = useMap();
  const palette = useMemo<MapPalette>(mapPalette, []);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);
  const onDrawnRef = useRef(onDrawn);
  onDrawnRef.current = onDrawn;
  const entriesRef = useRef(new Map<string, Entry>());
  const fittedRef = useRef(false);
  // Bumped on each rebuild, so that the selection is drawn again on the new layers.
  const [generation, setGeneration] = useState(0);

  // All vessels, rebuilt in one pass when the data or what is shown changes. The tracks (and the paths ahead) of
  // all vessels are one multi-line layer each: one stroke on the canvas instead of thousands.
  useEffect(() => {
    const centerLon = map.getCenter().lng;
    const entries = new Map<string, Entry>();
    // One group for the fleet: a click or a hover on any vessel reaches it, so that 2,000 vessels do not each need
    // their own handlers and tooltip; the one tooltip moves to the vessel under the pointer.
    const markers = L.featureGroup();
    const byMarker = new Map<L.Layer, Entry>();
    for (const vessel of vessels) {
      if (!vessel.position) continue;
      const v = vessel as Entry["vessel"];
      const offset = offsetFor(v.position[1], centerLon);
      const marker = new VesselMarker([v.position[0], v.position[1] + offset], {
        heading: v.heading,
        radius: 5,
        color: palette.vesselStroke,
        weight: 1,
        fillColor: palette.vessel,
        fillOpacity: 1,
        bubblingMouseEvents: false,
      });
      marker.addTo(markers);
      const entry = { vessel: v, offset, marker };
      entries.set(v.id, entry);
      byMarker.set(marker, entry);
    }
    const lines = (pick: (v: Entry["vessel"]) => LatLng[]) => {
      const all: L.LatLngTuple[][] = [];
      for (const e of entries.values()) {
        const line = pick(e.vessel);
        if (line.length > 1) all.push(shifted(line, e.offset));
      }
      return all;
    };
    const tracks = showTracks
      ? L.polyline(
          lines((v) => v.track),
          {
            interactive: false,
            color: palette.track,
            weight: 1.25,
            opacity: 0.5,
          },
        )
      : undefined;
    const aheads = showAllPaths
      ? L.polyline(
          lines((v) => v.ahead),
          {
            interactive: false,
            color: palette.ahead,
            weight: 1.25,
            opacity: 0.6,
            dashArray: "4 5",
          },
        )
      : undefined;
    // Tracks under paths under vessels: one canvas draws them in the order they were added.
    tracks?.addTo(map);
    aheads?.addTo(map);
    const tooltip = L.tooltip({ direction: "top", offset: [0, -6] });
    const entryOf = (event: L.LeafletEvent) =>
      byMarker.get((event as L.LeafletEvent & { propagatedFrom: L.Layer }).propagatedFrom);
    markers.on("click", (event) => {
      const entry = entryOf(event);
      if (entry) onSelectRef.current(entry.vessel.id);
    });
    markers.on("mouseover", (event) => {
      const entry = entryOf(event);
      if (entry) map.openTooltip(tooltip.setLatLng(entry.marker.getLatLng()).setContent(entry.vessel.name));
    });
    markers.on("mouseout", () => map.closeTooltip(tooltip));
    markers.addTo(map);
    entriesRef.current = entries;
    setGeneration((g) => g + 1);
    onDrawnRef.current?.();

    if (!fittedRef.current && entries.size > 0) {
      fittedRef.current = true;
      const positions = [...entries.values()].map((e) => e.vessel.position);
      const span = longitudeSpan(positions.map((p) => p[1]));
      const lats = positions.map((p) => p[0]);
      if (span) {
        map.fitBounds(
          [
            [Math.min(...lats), span.west],
            [Math.max(...lats), span.east],
          ],
          { padding: [30, 30], maxZoom: 5, animate: false },
        );
      }
    }

    // After a pan, each vessel is drawn on the copy of the world nearest the view's centre.
    const onMoveEnd = () => {
      const centerLon = map.getCenter().lng;
      let moved = false;
      for (const entry of entries.values()) {
        const offset = offsetFor(entry.vessel.position[1], centerLon);
        if (offset === entry.offset) continue;
        entry.offset = offset;
        entry.marker.setLatLng([entry.vessel.position[0], entry.vessel.position[1] + offset]);
        moved = true;
      }
      if (moved) {
        tracks?.setLatLngs(lines((v) => v.track));
        aheads?.setLatLngs(lines((v) => v.ahead));
      }
    };
    onMoveEnd();
    map.on("moveend", onMoveEnd);
    return () => {
      map.off("moveend", onMoveEnd);
      tracks?.remove();
      aheads?.remove();
      markers.remove();
      tooltip.remove();
    };
  }, [map, vessels, showTracks, showAllPaths, palette]);

  // The selected vessel on top of the fleet (SVG, so that its path is an element with a name): its track, its
  // estimated path to the next port, the next port with the ETA, and the vessel itself.
  const selectedId = selected?.id ?? null;
  const track = selectedLines?.track;
  const ahead = selectedLines?.ahead;
  useEffect(() => {
    if (generation === 0) return;
    const entry = selectedId ? entriesRef.current.get(selectedId) : undefined;
    if (!entry || !selected) return;
    const pane = map.getPane("selection") ?? map.createPane("selection");
    // Above the fleet's canvas (the overlay pane, 400), under Leaflet's markers and tooltips.
    pane.style.zIndex = "450";
    const svg = L.svg({ pane: "selection" });
    const group = L.layerGroup().addTo(map);
    // Permanent tooltips are closed by hand: a layer removed while the map is still animating a move can leave
    // its tooltip behind, and the label would show twice.
    const clear = () => {
      group.eachLayer((layer) => layer.unbindTooltip());
      group.clearLayers();
    };
    const draw = () => {
      clear();
      const { offset } = entry;
      if (track && track.length > 1) {
        L.polyline(shifted(track, offset), {
          renderer: svg,
          interactive: false,
          color: palette.selected,
          weight: 2.5,
          opacity: 0.9,
        }).addTo(group);
      }
      if (ahead && ahead.length > 1) {
        const path = L.polyline(shifted(ahead, offset), {
          renderer: svg,
          interactive: false,
          color: palette.ahead,
          weight: 2.5,
          dashArray: "7 6",
          className: "estimated-path",
        }).addTo(group);
        const element = path.getElement();
        element?.setAttribute("role", "img");
        element?.setAttribute(
          "aria-label",
          `Estimated path of ${selected.name} to ${selected.nextPort?.attributes.name ?? "its next port"}`,
        );
      }
      const port = selected.nextPort?.attributes;
      if (port && port.latitude !== null && port.longitude !== null) {
        const lon = nearLongitude(port.longitude, (ahead?.at(-1) ?? entry.vessel.position)[1] + offset);
        const eta = selected.nextPortAta ?? selected.nextPortEta;
        const when = eta ? formatDateTime(eta, port.time_zone).text : "not known";
        L.circleMarker([port.latitude, lon], {
          renderer: svg,
          interactive: false,
          radius: 5,
          color: palette.portStroke,
          weight: 2,
          fillColor: palette.port,
          fillOpacity: 1,
        })
          .bindTooltip(`${port.name} · ${selected.nextPortAta ? "arrived" : "ETA"} ${when}`, {
            permanent: true,
            direction: "right",
            offset: [8, 0],
            className: "eta-label",
          })
          .addTo(group);
      }
      new VesselMarker([entry.vessel.position[0], entry.vessel.position[1] + offset], {
        renderer: svg,
        interactive: false,
        heading: selected.heading,
        radius: 7,
        color: palette.vesselStroke,
        weight: 1.5,
        fillColor: palette.selected,
        fillOpacity: 1,
      }).addTo(group);
    };
    draw();
    map.on("moveend", draw);
    return () => {
      map.off("moveend", draw);
      clear();
      group.remove();
      svg.remove();
    };
  }, [map, selected, selectedId, track, ahead, palette, generation]);

  // Fly to a vessel chosen in the list.
  const focusSeq = focus?.seq;
  const focusId = focus?.id;
  // Also once the vessels are first drawn, for a vessel named in the address.
  const built = generation > 0;
  useEffect(() => {
    if (focusSeq === undefined || !focusId || !built) return;
    const entry = entriesRef.current.get(focusId);
    if (!entry) return;
    const target: L.LatLngTuple = [entry.vessel.position[0], entry.vessel.position[1] + entry.offset];
    const zoom = Math.max(map.getZoom(), 4);
    if (reducedMotion()) map.setView(target, zoom, { animate: false });
    else map.flyTo(target, zoom, { duration: 0.8 });
  }, [map, focusSeq, focusId, built]);

  return null;
}
