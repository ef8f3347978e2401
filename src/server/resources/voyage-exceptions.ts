// A voyage exception as the API gives it (src/api/voyage-exceptions.ts), with its sentence in UTC days.
import { iso } from "../../api/timestamps";
import {
  dayWordsIn,
  describeVoyageException,
  exceptionTimeZone,
  type VoyageException,
} from "../../api/voyage-exceptions";
import type { VoyageExceptionRow } from "../db/voyage-exceptions";

const placeOf = (p: VoyageExceptionRow["location"]) =>
  p ? { locode: p.locode, name: p.name, time_zone: p.timeZone } : null;

export function voyageExceptionResource(row: VoyageExceptionRow): VoyageException {
  const attributes = {
    kind: row.kind,
    detected_at: row.detectedAt.toISOString(),
    location: placeOf(row.location),
    previous_location: placeOf(row.previousLocation),
    vessel: row.vessel,
    voyage_number: row.voyageNumber,
    previous_vessel: row.previousVessel,
    previous_voyage_number: row.previousVoyageNumber,
    departure_at: iso(row.departureAt),
    previous_departure_at: iso(row.previousDepartureAt),
  };
  return {
    id: row.id,
    type: "voyage_exception",
    attributes: {
      ...attributes,
      summary: describeVoyageException(attributes, dayWordsIn(exceptionTimeZone(attributes))),
    },
    relationships: {
      container: { data: { id: row.containerId, type: "container" } },
      shipment: { data: { id: row.shipmentId, type: "shipment" } },
    },
  };
}
