// The port names on the fleet map: plain text elements in a pane of their own, under the vessels' canvas (a name
// never hides a vessel, nor catches a click meant for one), out of the tab order and hidden from assistive
// technology (the list and the panel name every port in words). Which ports are named at a zoom: port-labels.ts.
import L from "leaflet";
import { nearLongitude } from "../../components/map/coordinates";
import { type Box, type PortLabel, placeLabels } from "./port-labels";

/** An estimate of a label's box from its text (0.75rem, bold): measuring each in the page would cost a layout. */
const CHAR_PX = 6.6;
const LABEL_HEIGHT = 18;
const OFFSET_X = 7;

export class PortLabelsLayer {
  private readonly map: L.Map;
  private readonly pane: HTMLElement;
  private labels: readonly PortLabel[] = [];
  private keepClear: L.LatLngTuple | null = null;

  constructor(map: L.Map) {
    this.map = map;
    this.pane = map.getPane("port-labels") ?? map.createPane("port-labels");
    // Over the land (150) and any tiles (200), under the fleet's canvas (the overlay pane, 400).
    this.pane.style.zIndex = "350";
    this.pane.style.pointerEvents = "none";
    this.pane.setAttribute("aria-hidden", "true");
    map.on("zoomend moveend viewreset resize", this.draw, this);
    // Positions in the pane are for one zoom: hidden while a zoom animates, drawn again at its end.
    map.on("zoomstart", this.clear, this);
  }

  /** The ports to name, busiest first, and the point whose own label (the selected vessel's port) stays clear. */
  set(labels: readonly PortLabel[], keepClear: L.LatLngTuple | null): void {
    this.labels = labels;
    this.keepClear = keepClear;
    this.draw();
  }

  remove(): void {
    this.map.off("zoomend moveend viewreset resize", this.draw, this);
    this.map.off("zoomstart", this.clear, this);
    this.clear();
  }

  private clear(): void {
    this.pane.replaceChildren();
  }

  private draw(): void {
    const map = this.map;
    const size = map.getSize();
    const centerLon = map.getCenter().lng;
    const boxAt = (latLng: L.LatLngTuple, text: string): Box | null => {
      const p = map.latLngToContainerPoint(latLng);
      const width = text.length * CHAR_PX + 10;
      const box = { x: p.x + OFFSET_X - 3, y: p.y - LABEL_HEIGHT / 2, width, height: LABEL_HEIGHT };
      const inView = box.x + box.width > 0 && box.x < size.x && box.y + box.height > 0 && box.y < size.y;
      return inView ? box : null;
    };
    const at = (l: PortLabel): L.LatLngTuple => [l.latitude, nearLongitude(l.longitude, centerLon)];
    const clear = this.keepClear
      ? boxAt([this.keepClear[0], nearLongitude(this.keepClear[1], centerLon)], "X".repeat(34))
      : null;
    const shown = placeLabels(this.labels, map.getZoom(), (l) => boxAt(at(l), l.name), clear ? [clear] : []);
    const elements = shown.map((l) => {
      const element = L.DomUtil.create("div", "port-label");
      element.textContent = l.name;
      element.title = `${l.name} (${l.code})`;
      L.DomUtil.setPosition(element, map.latLngToLayerPoint(at(l)));
      return element;
    });
    this.pane.replaceChildren(...elements);
  }
}
