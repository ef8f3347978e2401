// What the serializers read that is not a repository row: the results tracking/ computes (a container's route
// stops, vessel positions along a track, the fleet views' voyages and port calls) in the shapes the resources take.
// Declared here, so that resources/ sees only db/ types and its own; tracking/ builds its results in these shapes.
import type { TRANSPORT_MODES } from "../../api/routes";
import type { VesselRow } from "../db/vessels";

/** A vessel's position on a track: reported, or estimated along its projected path. */
export interface PositionInput {
  latitude: number;
  longitude: number;
  heading: number | null;
  timestamp: Date;
  estimated: boolean;
}

export type TransportMode = (typeof TRANSPORT_MODES)[number];

/** One way into or out of a stop: how, on what, and when (estimated until it happened). */
export interface Movement {
  mode: TransportMode | null;
  vesselId: string | null;
  voyageNumber: string | null;
  estimatedAt: Date | null;
  actualAt: Date | null;
}

/** A stop of a container's route (a route_location): the port, and how the container came and left. */
export interface RouteStop {
  portId: string;
  inbound: Movement;
  outbound: Movement;
}

/** The voyage a vessel sails for the account now (the leg of its containers that reaches port first). */
export interface Voyage {
  previousPortId: string | null;
  nextPortId: string | null;
  voyageNumber: string | null;
  previousPortAtdAt: Date | null;
  nextPortEtaAt: Date | null;
  /** Our own predicted arrival there, when the next port is the port of discharge of the cargo that arrives first. */
  nextPortPredictedArrivalAt: Date | null;
  nextPortAtaAt: Date | null;
  containersAboard: number;
  shipmentsAboard: number;
}

/** A vessel of the fleet page: the vessel, its voyage, its cargo counted, and its positions when asked for. */
export interface FleetEntry {
  vessel: VesselRow;
  voyage: Voyage;
  cargo: readonly { shippingLineId: string; portOfDischargeId: string | null; containers: number }[];
  /** The recent track then the estimated path; absent unless positions were asked for. */
  positions?: PositionInput[];
}

/** A vessel's own last port call: the port, and when it arrived, berthed and left (null while not reported). */
export interface PortCall {
  portId: string;
  /** When the vessel arrived (the latest report of it); null when no line says so. */
  arrivedAt: Date | null;
  /** When it berthed (`vessel_berthed`); null when not reported. */
  berthedAt: Date | null;
  /** When it left; null while no line says it has (it may still be there). */
  departedAt: Date | null;
}
