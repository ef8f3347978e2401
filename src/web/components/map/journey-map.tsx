// A small map of one container's journey (ports, legs sailed and to sail, the vessel now), for the shipment and
// container pages. This module is light: Leaflet and the atlas load in their own chunk when the map is rendered,
// so the pages that use it do not grow.
import { Component, lazy, type ReactNode, Suspense } from "react";
import type { MapGeoJson } from "../../../api/routes";
import type { Shipment } from "../../../api/shipments";
import type { InlandDestination } from "./journey-geometry";

const JourneyMapView = lazy(() => import("./journey-map-view"));
const JourneyDrawingView = lazy(() =>
  import("./journey-map-view").then((m) => ({ default: m.JourneyDrawingView })),
);

/** The inland destination beyond the port of discharge, from the shipment (the map GeoJSON stops at the port). */
export interface InlandStop {
  portId: string;
  etaAt: string | null;
  ataAt: string | null;
}

export interface JourneyMapProps {
  containerId: string;
  inland?: InlandStop;
  /** Our own predicted arrival at the port of discharge, said beside the line's ETA while the ship sails there. */
  predictedArrivalAt?: string | null;
  /** Said above the map, e.g. which container's journey it is. */
  caption?: ReactNode;
  className?: string;
}

export function JourneyMap({
  containerId,
  inland,
  predictedArrivalAt,
  caption,
  className = "",
}: JourneyMapProps) {
  return (
    <JourneyMapSection id={`journey-map-${containerId}`} caption={caption} className={className}>
      <JourneyMapView containerId={containerId} inland={inland} predictedArrivalAt={predictedArrivalAt} />
    </JourneyMapSection>
  );
}

/** The journey map of data the page already has (a shared shipment's, which reads no /v2 API). */
export function GivenJourneyMap({
  map,
  destination,
  caption,
  className = "",
}: {
  map: MapGeoJson;
  destination: InlandDestination | null;
  caption?: ReactNode;
  className?: string;
}) {
  return (
    <JourneyMapSection id="journey-map-given" caption={caption} className={className}>
      <JourneyDrawingView map={map} destination={destination} />
    </JourneyMapSection>
  );
}

function JourneyMapSection({
  id,
  caption,
  className,
  children,
}: {
  id: string;
  caption?: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <h2 id={id} className="mb-1 text-base font-semibold text-slate-900 dark:text-slate-100">
        Route map
      </h2>
      {caption ? <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{caption}</p> : null}
      <MapErrorBoundary>
        <Suspense fallback={<MapPlaceholder text="Loading the map…" />}>{children}</Suspense>
      </MapErrorBoundary>
    </section>
  );
}

export function MapPlaceholder({ text }: { text: string }) {
  return (
    <div className="flex h-72 items-center justify-center rounded-md bg-blue-100 dark:bg-[#0b1a2e]">
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {text}
      </p>
    </div>
  );
}

/** If the map's code cannot load (offline before it was cached), the rest of the page still works. */
class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed) {
      return (
        <p role="alert" className="text-sm text-slate-600 dark:text-slate-400">
          The map could not be loaded. Reload the page to try again.
        </p>
      );
    }
    return this.props.children;
  }
}

/** The inland stop of a shipment that has a destination beyond its port of discharge. */
export function inlandStopOf(shipment: Shipment | undefined): InlandStop | undefined {
  const destination = shipment?.relationships.destination.data;
  if (!shipment || !destination) return undefined;
  return {
    portId: destination.id,
    etaAt: shipment.attributes.destination_eta_at,
    ataAt: shipment.attributes.destination_ata_at,
  };
}
