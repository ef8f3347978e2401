// JSON:API resources of vessels and their positions; a vessel the account may not see yet goes without its position.
import { iso } from "../../api/timestamps";
import type { Vessel, VesselPosition } from "../../api/vessels";
import type { VesselRow } from "../db/vessels";
import type { PositionInput } from "./inputs";

export function vesselPosition(p: PositionInput): VesselPosition {
  return {
    latitude: p.latitude,
    longitude: p.longitude,
    heading: p.heading,
    timestamp: p.timestamp.toISOString(),
    estimated: p.estimated,
  };
}

/**
 * A vessel; with `positions` when the response returns them. `hidePosition` blanks the last known position of a
 * vessel the account may not see yet (one its cargo is only booked on).
 */
export function vesselResource(
  v: VesselRow,
  options: { positions?: PositionInput[]; hidePosition?: boolean } = {},
): Vessel & { links: { self: string } } {
  const hide = options.hidePosition === true;
  return {
    id: v.id,
    type: "vessel",
    attributes: {
      name: v.name,
      imo: v.imo,
      mmsi: v.mmsi,
      latitude: hide ? null : v.latitude,
      longitude: hide ? null : v.longitude,
      nautical_speed_knots: hide ? null : v.speedKnots,
      navigational_heading_degrees: hide ? null : v.headingDegrees,
      position_timestamp: hide ? null : iso(v.positionAt),
      ...(options.positions ? { positions: options.positions.map(vesselPosition) } : {}),
    },
    links: { self: `/v2/vessels/${v.id}` },
  };
}
