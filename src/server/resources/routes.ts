// JSON:API resources of a container's route: the route and its locations with the vessel legs between them.
import type { Route, RouteLocation } from "../../api/routes";
import { iso } from "../../api/timestamps";
import type { RouteStop } from "./inputs";
import { ref } from "./refs";

export function routeResource(input: {
  id: string;
  containerId: string;
  shipmentId: string;
  routeLocationIds: string[];
  createdAt: Date;
  updatedAt: Date;
}): Route {
  return {
    id: input.id,
    type: "route",
    attributes: { created_at: input.createdAt.toISOString(), updated_at: input.updatedAt.toISOString() },
    relationships: {
      cargo: ref("container", input.containerId),
      shipment: ref("shipment", input.shipmentId),
      route_locations: {
        data: input.routeLocationIds.map((id) => ({ id, type: "route_location" as const })),
      },
    },
    links: { self: `/v2/containers/${input.containerId}/route` },
  };
}

export function routeLocationResource(input: {
  id: string;
  routeId: string;
  stop: RouteStop;
  /** The shipping line of vessel movements. */
  scac: string | null;
  createdAt: Date;
  updatedAt: Date;
}): RouteLocation {
  const { stop } = input;
  const scac = (mode: string | null) => (mode === "vessel" ? input.scac : null);
  return {
    id: input.id,
    type: "route_location",
    attributes: {
      inbound_mode: stop.inbound.mode,
      inbound_scac: scac(stop.inbound.mode),
      inbound_voyage_number: stop.inbound.voyageNumber,
      inbound_eta_at: iso(stop.inbound.estimatedAt),
      inbound_ata_at: iso(stop.inbound.actualAt),
      outbound_mode: stop.outbound.mode,
      outbound_scac: scac(stop.outbound.mode),
      outbound_voyage_number: stop.outbound.voyageNumber,
      outbound_etd_at: iso(stop.outbound.estimatedAt),
      outbound_atd_at: iso(stop.outbound.actualAt),
      created_at: input.createdAt.toISOString(),
      updated_at: input.updatedAt.toISOString(),
    },
    relationships: {
      route: ref("route", input.routeId),
      location: ref("port", stop.portId),
      inbound_vessel: ref("vessel", stop.inbound.vesselId),
      outbound_vessel: ref("vessel", stop.outbound.vesselId),
    },
  };
}
