// The fleet map (its own chunk, with Leaflet): every vessel at its last position pointing along its heading, the
// selected vessel highlighted with its track of the last 7 days, its estimated path to its next port and the ETA,
// and, when asked for, every vessel's track and path. Thousands of vessels share one canvas; the layers are managed
// directly rather than as one React component each, so a refresh or a filter rebuilds them in one pass.
import "leaflet/dist/leaflet.css";
import "../../components/map/map.css";
import L from "leaflet";
import { useEffect, useMemo, useRef, useState } from "react";
import { MapContainer, useMap } from "react-leaflet";
import { BasemapLayer } from "../../components/map/basemap-layer";
import { type LatLng, longitudeSpan, nearLongitude } from "../../components/map/coordinates";
import type { LandState } from "../../components/map/land-status";
import { type MapPalette, mapPalette } from "../../components/map/palette";
import { HAS_TILES } from "../../components/map/tiles";
import { type VesselPoint, VesselsLayer } from "../../components/map/vessels-layer";
import type { FleetVesselView, VesselDetailView } from "./fleet";
import { portLabelsOf } from "./port-labels";
import { PortLabelsLayer } from "./port-labels-layer";
import { selectionDrawing, shifted as shiftedBy } from "./selection";
import { SelectionLayer } from "./selection-layer";

export interface FleetMapProps {
  vessels: FleetVesselView[];
  selected: FleetVesselView | null;
  /** The selected vessel's track and path ahead, and its cargo's other ports of discharge, as far as read yet. */
  selectedLines: Pick<VesselDetailView, "track" | "ahead" | "dischargePorts"> | null;
  /** Changes (a new `seq`) when the map should fly to a vessel: a choice in the list, not a click on the map. */
  focus: { id: string; seq: number } | null;
  onSelect(id: string): void;
  showTracks: boolean;
  showAllPaths: boolean;
  onLand?(state: LandState): void;
  /** Called once the vessels are first on the map. */
  onDrawn?(): void;
}

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

const shifted = (line: LatLng[], by: number): L.LatLngTuple[] => (by === 0 ? line : shiftedBy(line, by));

interface Entry {
  vessel: FleetVesselView & { position: LatLng };
  /** Whole turns of longitude the vessel is drawn at, to be the copy nearest the view's centre. */
  offset: number;
  /** Its place in the fleet's layer. */
  index: number;
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
  // Updated before the rebuild below runs (effects run in order), which calls it.
  useEffect(() => {
    onDrawnRef.current = onDrawn;
  }, [onDrawn]);
  const entriesRef = useRef(new Map<string, Entry>());
  const fittedRef = useRef(false);
  // Bumped on each rebuild, so that the selection is drawn again on the new layers.
  const [generation, setGeneration] = useState(0);

  // All vessels, rebuilt in one pass when the data or what is shown changes. The tracks (and the paths ahead) of
  // all vessels are one multi-line layer each: one stroke on the canvas instead of thousands.
  useEffect(() => {
    // The first view fits the fleet before any vessel is added: each is then placed and drawn once, on the copy of
    // the world nearest the fitted centre, instead of at the default view and again after the fit.
    const positions = vessels.flatMap((v) => (v.position ? [v.position] : []));
    if (!fittedRef.current && positions.length > 0) {
      fittedRef.current = true;
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
    const centerLon = map.getCenter().lng;
    const entries = new Map<string, Entry>();
    const byIndex: Entry[] = [];
    const points: VesselPoint[] = [];
    for (const vessel of vessels) {
      if (!vessel.position) continue;
      const v = vessel as Entry["vessel"];
      const offset = offsetFor(v.position[1], centerLon);
      const entry = { vessel: v, offset, index: points.length };
      points.push({ lat: v.position[0], lng: v.position[1] + offset, heading: v.heading });
      entries.set(v.id, entry);
      byIndex.push(entry);
    }
    // One layer for the fleet, drawn on the map's canvas: a click or a hover on any vessel reaches it, and the one
    // tooltip moves to the vessel under the pointer.
    const fleet = new VesselsLayer(points, {
      radius: 5,
      color: palette.vesselStroke,
      weight: 1,
      fillColor: palette.vessel,
      fillOpacity: 1,
      bubblingMouseEvents: false,
    });
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
    const entryAt = (event: L.LeafletEvent) =>
      byIndex[fleet.vesselAt((event as L.LeafletMouseEvent).layerPoint)];
    let hovered: Entry | undefined;
    fleet.on("click", (event) => {
      const entry = entryAt(event);
      if (entry) onSelectRef.current(entry.vessel.id);
    });
    // The layer is hovered as a whole: the vessel under the pointer can change without a mouseout in between.
    fleet.on("mouseover mousemove", (event) => {
      const entry = entryAt(event);
      if (entry === hovered) return;
      hovered = entry;
      const at = entry && fleet.latLngOf(entry.index);
      if (entry && at) map.openTooltip(tooltip.setLatLng(at).setContent(entry.vessel.name));
      else map.closeTooltip(tooltip);
    });
    fleet.on("mouseout", () => {
      hovered = undefined;
      map.closeTooltip(tooltip);
    });
    fleet.addTo(map);
    entriesRef.current = entries;
    setGeneration((g) => g + 1);
    onDrawnRef.current?.();

    // After a pan, each vessel is drawn on the copy of the world nearest the view's centre.
    const onMoveEnd = () => {
      const centerLon = map.getCenter().lng;
      let moved = false;
      for (const entry of entries.values()) {
        const offset = offsetFor(entry.vessel.position[1], centerLon);
        if (offset === entry.offset) continue;
        entry.offset = offset;
        fleet.move(entry.index, entry.vessel.position[0], entry.vessel.position[1] + offset);
        moved = true;
      }
      if (moved) {
        fleet.redraw();
        tracks?.setLatLngs(lines((v) => v.track));
        aheads?.setLatLngs(lines((v) => v.ahead));
      }
    };
    map.on("moveend", onMoveEnd);
    return () => {
      map.off("moveend", onMoveEnd);
      tracks?.remove();
      aheads?.remove();
      fleet.remove();
      tooltip.remove();
    };
  }, [map, vessels, showTracks, showAllPaths, palette]);

  // The selected vessel on top of the fleet: its track, its estimated path to the next port, the next port with the
  // ETA, the account's other ports of discharge, and the vessel itself. One set of layers for the map's lifetime, updated in place (see SelectionLayer).
  const selectionRef = useRef<SelectionLayer | null>(null);
  useEffect(() => {
    const layer = new SelectionLayer(map, palette);
    selectionRef.current = layer;
    return () => {
      selectionRef.current = null;
      layer.remove();
    };
  }, [map, palette]);

  const selectedId = selected?.id ?? null;
  const track = selectedLines?.track;
  const ahead = selectedLines?.ahead;
  const dischargePorts = selectedLines?.dischargePorts;
  useEffect(() => {
    const layer = selectionRef.current;
    if (!layer) return;
    // Again after a move: the vessel may now be drawn on another copy of the world (`entry.offset`).
    const draw = () => {
      const entry = generation > 0 && selectedId ? entriesRef.current.get(selectedId) : undefined;
      layer.show(
        entry && selected
          ? selectionDrawing(selected, entry.vessel.position, entry.offset, { track, ahead, dischargePorts })
          : null,
      );
    };
    draw();
    map.on("moveend", draw);
    return () => {
      map.off("moveend", draw);
    };
  }, [map, selected, selectedId, track, ahead, dischargePorts, generation]);

  // The names of the ports the shown vessels sail between, as many as fit at the zoom; the selected vessel's next
  // port has its own label (with the ETA), which the others keep clear of.
  const portLabelsRef = useRef<PortLabelsLayer | null>(null);
  useEffect(() => {
    const layer = new PortLabelsLayer(map);
    portLabelsRef.current = layer;
    return () => {
      portLabelsRef.current = null;
      layer.remove();
    };
  }, [map]);
  const selectedPort = selected?.nextPort ?? null;
  useEffect(() => {
    const a = selectedPort?.attributes;
    const keepClear: L.LatLngTuple | null =
      a && a.latitude !== null && a.longitude !== null ? [a.latitude, a.longitude] : null;
    portLabelsRef.current?.set(portLabelsOf(vessels, selectedPort?.id ?? null), keepClear);
  }, [vessels, selectedPort]);

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
