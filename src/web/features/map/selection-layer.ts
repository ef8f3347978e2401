// The selected vessel's layers on the fleet map (SVG, so that its path is an element with a name), made once per
// map and updated in place as the selection, its track and path, or the view change.
//
// Updated in place rather than rebuilt, because of the ETA label: a permanent tooltip removed from a map with fade
// animation (Leaflet's default) is only made transparent, and leaves the DOM 200 ms later (later still while the
// main thread is busy, as it is when a vessel's detail arrives). A label rebuilt on every redraw was therefore on
// the page twice for a while after each one: after the selection, again when its track and path arrived, again at
// the end of every move. This layer has one port marker and one tooltip for the map's lifetime: moved, rewritten,
// taken off the map and put back (Leaflet re-attaches the same element), never made twice. The rings of the
// account's other ports of discharge are kept the same way, as a pool that only grows.
import L from "leaflet";
import type { MapPalette } from "../../components/map/palette";
import { VesselMarker } from "../../components/map/vessel-marker";
import type { SelectionDrawing } from "./selection";

export class SelectionLayer {
  private readonly svg: L.SVG;
  private readonly group: L.LayerGroup;
  private readonly track: L.Polyline;
  private readonly ahead: L.Polyline;
  private readonly port: L.CircleMarker;
  private readonly vessel: VesselMarker;
  /** One ring per port of discharge shown; more are made only when a vessel has more of them than any before. */
  private readonly discharge: L.CircleMarker[] = [];

  constructor(
    map: L.Map,
    private readonly palette: MapPalette,
  ) {
    const pane = map.getPane("selection") ?? map.createPane("selection");
    // Above the fleet's canvas (the overlay pane, 400), under Leaflet's markers and tooltips.
    pane.style.zIndex = "450";
    this.svg = L.svg({ pane: "selection" });
    this.group = L.layerGroup().addTo(map);
    this.track = L.polyline([], {
      renderer: this.svg,
      interactive: false,
      color: palette.selected,
      weight: 2.5,
      opacity: 0.9,
    });
    this.ahead = L.polyline([], {
      renderer: this.svg,
      interactive: false,
      color: palette.ahead,
      weight: 2.5,
      dashArray: "7 6",
      className: "estimated-path",
    });
    // The ETA label goes right of the port in the map's left half and left of it in the right half ("auto"), so
    // that it stays inside the map whichever edge the port is near.
    this.port = L.circleMarker([0, 0], {
      renderer: this.svg,
      interactive: false,
      radius: 5,
      color: palette.portStroke,
      weight: 2,
      fillColor: palette.port,
      fillOpacity: 1,
    }).bindTooltip("", { permanent: true, direction: "auto", offset: [8, 0], className: "eta-label" });
    this.vessel = new VesselMarker([0, 0], {
      renderer: this.svg,
      interactive: false,
      heading: null,
      radius: 7,
      color: palette.vesselStroke,
      weight: 1.5,
      fillColor: palette.selected,
      fillOpacity: 1,
    });
  }

  /** Draws the selection, or nothing when `drawing` is null. */
  show(drawing: SelectionDrawing | null): void {
    this.toggle(this.track, drawing?.track != null);
    if (drawing?.track) this.track.setLatLngs(drawing.track);

    this.toggle(this.ahead, drawing?.ahead != null);
    if (drawing?.ahead) {
      this.ahead.setLatLngs(drawing.ahead.line);
      // A new element each time the line is put back on the map.
      const element = this.ahead.getElement();
      element?.setAttribute("role", "img");
      element?.setAttribute("aria-label", drawing.ahead.label);
    }

    if (drawing?.port) {
      this.port.setLatLng(drawing.port.position).setTooltipContent(drawing.port.label);
    }
    this.toggle(this.port, drawing?.port != null);

    const rings = drawing?.discharge ?? [];
    while (this.discharge.length < rings.length) this.discharge.push(this.ring());
    this.discharge.forEach((ring, i) => {
      const shown = rings[i];
      if (shown) ring.setLatLng(shown.position).setTooltipContent(shown.label);
      this.toggle(ring, shown !== undefined);
    });

    if (drawing) this.vessel.setLatLng(drawing.vessel.position).setHeading(drawing.vessel.heading);
    this.toggle(this.vessel, drawing != null);

    // SVG draws in document order: the track under the path under the ports under the vessel, whichever came back.
    for (const layer of [this.track, this.ahead, ...this.discharge, this.port, this.vessel]) {
      if (this.group.hasLayer(layer)) layer.bringToFront();
    }
  }

  /** A port of discharge: a ring, where the next port is a dot, with its own label. */
  private ring(): L.CircleMarker {
    return L.circleMarker([0, 0], {
      renderer: this.svg,
      interactive: false,
      radius: 6,
      color: this.palette.port,
      weight: 2.5,
      fillColor: this.palette.portStroke,
      fillOpacity: 1,
    }).bindTooltip("", { permanent: true, direction: "auto", offset: [8, 0], className: "discharge-label" });
  }

  remove(): void {
    this.group.remove();
    this.svg.remove();
  }

  private toggle(layer: L.Layer, on: boolean) {
    if (on && !this.group.hasLayer(layer)) this.group.addLayer(layer);
    else if (!on && this.group.hasLayer(layer)) this.group.removeLayer(layer);
  }
}
