// The journey map itself (its own chunk, with Leaflet): one container's ports, the legs sailed (solid), the legs
// to sail (dashed, estimated), the vessel now, and the inland leg beyond the port of discharge (dotted), over the
// offline basemap; a line of text says the same.
import "leaflet/dist/leaflet.css";
import "./map.css";
import { useQuery } from "@tanstack/react-query";
import L from "leaflet";
import { useEffect, useMemo, useRef, useState } from "react";
import { CircleMarker, MapContainer, Polyline, Tooltip, useMap } from "react-leaflet";
import type { MapGeoJson } from "../../../api/routes";
import { describeError } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { DateTime } from "../date-time";
import { BasemapLayer } from "./basemap-layer";
import { formatCoordinate } from "./coordinates";
import { type InlandDestination, type JourneyDrawing, journeyDrawing } from "./journey-geometry";
import { type InlandStop, MapPlaceholder } from "./journey-map";
import { containerMapQuery, portQuery } from "./journey-queries";
import { type LabelPlace, type LabelSide, labelSides, labelWidth } from "./label-sides";
import { LandStatus, useLandState } from "./land-status";
import { LAND_LEGEND, MapLegend } from "./map-legend";
import { type MapPalette, mapPalette } from "./palette";
import { HAS_TILES } from "./tiles";
import { VesselMarker } from "./vessel-marker";

export default function JourneyMapView({
  containerId,
  inland,
  predictedArrivalAt = null,
}: {
  containerId: string;
  inland?: InlandStop;
  predictedArrivalAt?: string | null;
}) {
  const { data, error, isPending } = useQuery(containerMapQuery(containerId));
  // The inland leg is a nicety: while its port loads, or if it cannot, the sea journey is drawn without it.
  const inlandPort = useQuery({ ...portQuery(inland?.portId ?? ""), enabled: inland !== undefined });
  const port = inlandPort.data?.data;
  const { etaAt = null, ataAt = null } = inland ?? {};
  const destination = useMemo(
    (): InlandDestination | null => (port ? { port, etaAt, ataAt } : null),
    [port, etaAt, ataAt],
  );

  if (isPending || (inland && inlandPort.isPending)) return <MapPlaceholder text="Loading the journey…" />;
  if (error || !data) {
    return (
      <p role="alert" className="text-sm text-slate-600 dark:text-slate-400">
        The map of this journey is not available: {describeError(error)}
      </p>
    );
  }
  return <JourneyDrawingView map={data} destination={destination} predictedArrivalAt={predictedArrivalAt} />;
}

/** The map of a journey whose GeoJSON (and inland destination) the caller has: a shared shipment's page. */
export function JourneyDrawingView({
  map,
  destination,
  predictedArrivalAt = null,
}: {
  map: MapGeoJson;
  destination: InlandDestination | null;
  /** Our own predicted arrival at the port of discharge: said when the ship is sailing there. */
  predictedArrivalAt?: string | null;
}) {
  const drawing = useMemo(() => journeyDrawing(map, destination), [map, destination]);
  const [land, onLand] = useLandState();
  const vessel = drawing.vessel?.properties;
  const places = drawing.ports.map((p) => `${p.properties.name} (${p.properties.label})`);
  if (drawing.inland) places.push(`${drawing.inland.port.attributes.name} (inland destination)`);
  return (
    <div>
      <figure
        aria-label="Map of the journey"
        className="relative h-72 overflow-hidden rounded-md border border-slate-200 dark:border-slate-700"
      >
        <MapContainer
          preferCanvas
          center={[20, 0]}
          zoom={1}
          // A long journey in a narrow column (Asia to the US East Coast through Suez) needs the whole world.
          minZoom={0}
          maxZoom={HAS_TILES ? 18 : 10}
          zoomSnap={0.25}
          scrollWheelZoom={false}
          worldCopyJump={false}
          className="boxtrack-map h-full w-full"
        >
          <BasemapLayer onLand={onLand} />
          <JourneyLayers drawing={drawing} />
        </MapContainer>
        <LandStatus state={land} />
      </figure>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {places.join(" → ")}
        {vessel ? (
          <>
            {". "}
            Now: <span className="font-medium">{vessel.vessel_name}</span>
            {vessel.voyage_number ? ` (voyage ${vessel.voyage_number})` : ""} at{" "}
            {formatCoordinate(drawing.vessel!.position[0], drawing.vessel!.position[1])}
            {vessel.arrival_port_name ? `, sailing to ${vessel.arrival_port_name}` : ""}
            {vessel.arrival_port_eta ? (
              <>
                , ETA <DateTime iso={vessel.arrival_port_eta} timeZone={vessel.arrival_port_time_zone} />
              </>
            ) : null}
            {predictedArrivalAt && vessel.arrival_port_label === "POD" ? (
              <>
                {" "}
                (we expect it <DateTime iso={predictedArrivalAt} timeZone={vessel.arrival_port_time_zone} />)
              </>
            ) : null}
            .
          </>
        ) : drawing.ports.length > 0 ? (
          "."
        ) : (
          "No ports known yet."
        )}
      </p>
      <MapLegend
        className="mt-2"
        items={[
          { kind: "port", label: "Port" },
          {
            kind: "past",
            label: drawing.lines.some((l) => l.reconstructed)
              ? "Sailed (where older than the last 7 days of reports, along the sea lanes)"
              : "Sailed",
          },
          { kind: "ahead", label: "To sail (estimated)" },
          { kind: "vessel", label: "Vessel now" },
          ...(drawing.inland
            ? [{ kind: "inland" as const, label: "Inland by rail or road (straight line)" }]
            : []),
          LAND_LEGEND,
        ]}
      />
    </div>
  );
}

/** A port's label: "POD Long Beach · arrived 20 Nov 22:14 PST" (a port of lading's without a time). */
function portLabel(port: JourneyDrawing["ports"][number]): string {
  const p = port.properties;
  const arrival = p.inbound_ata_at ?? p.inbound_eta_at;
  const when =
    p.label !== "POL" && arrival
      ? ` · ${p.inbound_ata_at ? "arrived" : "ETA"} ${formatDateTime(arrival, p.time_zone).text}`
      : "";
  return `${p.label} ${p.name}${when}`;
}

function inlandLabel(inland: NonNullable<JourneyDrawing["inland"]>): string {
  const arrival = inland.ataAt ?? inland.etaAt;
  const zone = inland.port.attributes.time_zone;
  return `DEST ${inland.port.attributes.name}${arrival ? ` · ${inland.ataAt ? "arrived" : "ETA"} ${formatDateTime(arrival, zone).text}` : ""}`;
}

/**
 * Every label of the drawing with where it is: the ports in journey order, then the inland destination. Each has
 * a short form, the place alone ("POD Savannah"), for a map too narrow for the time beside it (the journey card
 * above the map gives the time).
 */
function journeyLabels(
  drawing: JourneyDrawing,
): { position: L.LatLngExpression; text: string; short: string }[] {
  return [
    ...drawing.ports.map((port) => ({
      position: port.position,
      text: portLabel(port),
      short: `${port.properties.label} ${port.properties.name}`,
    })),
    ...(drawing.inland
      ? [
          {
            position: drawing.inland.position,
            text: inlandLabel(drawing.inland),
            short: `DEST ${drawing.inland.port.attributes.name}`,
          },
        ]
      : []),
  ];
}

/** A label's text in the form label-sides.ts chose for it (the whole one until it has chosen). */
function labelText(label: { text: string; short: string }, place: LabelPlace | undefined): string {
  return place?.short ? label.short : label.text;
}

/** How far a label stands from its place's marker, in pixels (label-sides.ts counts with the same gap). */
const LABEL_GAP_PX = 8;

/** About the width of a port's label ("POD Long Beach · arrived 20 Nov 22:14 PST"). */
const LABEL_ROOM_PX = 220;

function JourneyLayers({ drawing }: { drawing: JourneyDrawing }) {
  const map = useMap();
  const palette = useMemo(mapPalette, []);
  const fitted = useRef(false);

  // Frame the whole journey once; later refreshes leave the view where the user put it.
  useEffect(() => {
    if (fitted.current || drawing.bounds.length === 0) return;
    fitted.current = true;
    // Labels sit to the right of their ports (label-sides.ts moves one left only where it must): keep room for
    // the easternmost one.
    map.fitBounds(L.latLngBounds(drawing.bounds), {
      paddingTopLeft: [28, 28],
      // On a narrow map the journey itself needs the room more than the last label does.
      paddingBottomRight: [Math.min(LABEL_ROOM_PX, map.getSize().x * 0.35), 28],
      maxZoom: 6,
      animate: false,
    });
  }, [map, drawing]);

  // The vessel, as an arrow along its heading (an imperative layer: react-leaflet has no such marker).
  const vessel = drawing.vessel;
  useEffect(() => {
    if (!vessel) return;
    const marker = new VesselMarker(vessel.position, {
      heading: vessel.properties.vessel_location_heading,
      radius: 6,
      color: palette.vesselStroke,
      weight: 1.5,
      fillColor: palette.selected,
      fillOpacity: 1,
    })
      .bindTooltip(
        `${vessel.properties.vessel_name}, reported ${formatDateTime(vessel.properties.vessel_location_timestamp, "UTC").text}`,
        { direction: "top", offset: [0, -8] },
      )
      .addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, vessel, palette]);

  // The ports' labels, then the inland destination's, each on the side where it covers no other (label-sides.ts),
  // worked out again whenever the view changes.
  const labels = useMemo(() => journeyLabels(drawing), [drawing]);
  const [sides, setSides] = useState<LabelPlace[]>([]);
  useEffect(() => {
    const place = () => {
      const anchors = labels.map((label) => {
        const point = map.latLngToContainerPoint(label.position);
        return { x: point.x, y: point.y, width: labelWidth(label.text), shortWidth: labelWidth(label.short) };
      });
      const next = labelSides(anchors, map.getSize().x);
      const key = (places: LabelPlace[]) => places.map((p) => `${p.side}${p.short ? "-short" : ""}`).join();
      setSides((current) => (key(current) === key(next) ? current : next));
    };
    place();
    map.on("zoomend moveend resize", place);
    return () => {
      map.off("zoomend moveend resize", place);
    };
  }, [map, labels]);

  return (
    <>
      {drawing.lines.map((line, i) => (
        <Polyline
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one drawing keep their order
          key={`${line.kind}-${i}`}
          positions={line.points}
          interactive={false}
          pathOptions={
            line.kind === "sailed"
              ? { color: palette.track, weight: 2.5, opacity: 0.9 }
              : { color: palette.ahead, weight: 2.5, opacity: 0.9, dashArray: "7 6" }
          }
        />
      ))}
      {drawing.inland ? (
        <InlandLeg
          inland={drawing.inland}
          palette={palette}
          side={sides[drawing.ports.length]?.side ?? "right"}
          text={labelText(labels[drawing.ports.length]!, sides[drawing.ports.length])}
        />
      ) : null}
      {drawing.ports.map((port, i) => {
        const p = port.properties;
        const side = sides[i]?.side ?? "right";
        return (
          <CircleMarker
            key={`${p.ports_sequence}-${p.location_id}`}
            center={port.position}
            radius={5}
            pathOptions={{ color: palette.portStroke, weight: 2, fillColor: palette.port, fillOpacity: 1 }}
          >
            <PlaceLabel side={side}>{labelText(labels[i]!, sides[i])}</PlaceLabel>
          </CircleMarker>
        );
      })}
    </>
  );
}

/**
 * A place's permanent label on the side label-sides.ts chose. The side is changed on the Leaflet tooltip itself:
 * react-leaflet reads `direction` only when it makes a tooltip, and a new one in its place (a `key`) would be
 * unbound by the old one's cleanup, which unbinds whatever tooltip the marker has, leaving the place unlabelled.
 */
function PlaceLabel({ side, children }: { side: LabelSide; children: string }) {
  const tooltip = useRef<L.Tooltip>(null);
  useEffect(() => {
    const t = tooltip.current;
    if (!t || t.options.direction === side) return;
    t.options.direction = side;
    t.options.offset = L.point(side === "right" ? LABEL_GAP_PX : -LABEL_GAP_PX, 0);
    t.update();
  }, [side]);
  return (
    <Tooltip ref={tooltip} permanent direction="right" offset={[LABEL_GAP_PX, 0]} className="eta-label">
      {children}
    </Tooltip>
  );
}

function InlandLeg({
  inland,
  palette,
  side,
  text,
}: {
  inland: NonNullable<JourneyDrawing["inland"]>;
  palette: MapPalette;
  side: LabelSide;
  text: string;
}) {
  return (
    <>
      {inland.line.length ? (
        <Polyline
          positions={inland.line}
          interactive={false}
          pathOptions={{
            color: palette.inland,
            weight: 2.5,
            opacity: 0.9,
            dashArray: "1 6",
            lineCap: "round",
          }}
        />
      ) : null}
      <CircleMarker
        center={inland.position}
        radius={5}
        pathOptions={{ color: palette.portStroke, weight: 2, fillColor: palette.port, fillOpacity: 1 }}
      >
        <PlaceLabel side={side}>{text}</PlaceLabel>
      </CircleMarker>
    </>
  );
}
