// JSON:API resources of the reference data: ports, metro areas, terminals and shipping lines.
import type { MetroArea, Port, ShippingLine, Terminal } from "../../api/reference";
import type { PortRow, ReferenceData, ShippingLineRow, TerminalRow } from "../db/reference-data";
import { ref } from "./refs";

export function portResource(p: PortRow): Port {
  return {
    id: p.id,
    type: "port",
    attributes: {
      name: p.name,
      code: p.locode,
      state_abbr: p.stateAbbr,
      city: p.city,
      country_code: p.countryCode,
      time_zone: p.timeZone,
      latitude: p.latitude,
      longitude: p.longitude,
    },
  };
}

/**
 * A place the hosted API calls a metro area: an inland city (a rail journey's destination, where the rail ramps
 * are), from our reference ports of kind `inland`.
 */
export function metroAreaResource(p: PortRow): MetroArea {
  return {
    id: p.id,
    type: "metro_area",
    attributes: {
      name: p.name,
      code: p.locode,
      state_abbr: p.stateAbbr,
      country_code: p.countryCode,
      time_zone: p.timeZone,
      latitude: p.latitude,
      longitude: p.longitude,
    },
  };
}

/**
 * A terminal with its place: `port` always (an inland place is also a port here, GET /v2/ports/{id}), and, as the
 * hosted API's rail terminals have it, `metro_area` when the place is an inland city.
 */
export function terminalResource(
  t: TerminalRow,
  reference: Pick<ReferenceData, "ports">,
): Terminal & { links: { self: string } } {
  const place = reference.ports.get(t.portId);
  return {
    id: t.id,
    type: "terminal",
    attributes: {
      name: t.name,
      nickname: t.nickname,
      firms_code: t.firmsCode,
      smdg_code: t.smdgCode,
      bic_facility_code: t.bicFacilityCode,
      street: t.street,
      city: t.city,
      state: t.state,
      state_abbr: t.stateAbbr,
      zip: t.zip,
      country: t.country,
    },
    relationships: {
      port: ref("port", t.portId),
      metro_area: ref("metro_area", place?.kind === "inland" ? place.id : null),
    },
    links: { self: `/v2/terminals/${t.id}` },
  };
}

export function shippingLineResource(l: ShippingLineRow): ShippingLine {
  return {
    id: l.id,
    type: "shipping_line",
    attributes: {
      scac: l.scac,
      name: l.name,
      short_name: l.shortName,
      alternative_scacs: l.alternativeScacs,
      bill_of_lading_tracking_support: l.billOfLadingTracking,
      booking_number_tracking_support: l.bookingNumberTracking,
      container_number_tracking_support: l.containerNumberTracking,
    },
  };
}
