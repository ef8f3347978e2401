// The voyage exceptions the tracking engine recorded (src/api/voyage-exceptions.ts), read with the names of their
// ports and vessels: one container's, newest first, and an account's detected since a time (for the alerts).
import { aliasedTable, and, desc, eq, gte, inArray } from "drizzle-orm";
import type { VoyageExceptionKind } from "../../api/voyage-exceptions";
import type { Db } from "./connection";
import { ports, vessels, voyageExceptions } from "./schema";

export interface VoyageExceptionRow {
  id: string;
  accountId: string;
  shipmentId: string;
  containerId: string;
  kind: VoyageExceptionKind;
  detectedAt: Date;
  location: { locode: string | null; name: string; timeZone: string | null } | null;
  previousLocation: { locode: string | null; name: string; timeZone: string | null } | null;
  vessel: { name: string; imo: string | null } | null;
  previousVessel: { name: string; imo: string | null } | null;
  voyageNumber: string | null;
  previousVoyageNumber: string | null;
  departureAt: Date | null;
  previousDepartureAt: Date | null;
}

const place = aliasedTable(ports, "place");
const previousPlace = aliasedTable(ports, "previous_place");
const ship = aliasedTable(vessels, "ship");
const previousShip = aliasedTable(vessels, "previous_ship");
const x = voyageExceptions;

function select(db: Db) {
  return db
    .select({
      id: x.id,
      accountId: x.accountId,
      shipmentId: x.shipmentId,
      containerId: x.containerId,
      kind: x.kind,
      detectedAt: x.detectedAt,
      locationLocode: place.locode,
      locationName: place.name,
      locationZone: place.timeZone,
      previousLocode: previousPlace.locode,
      previousName: previousPlace.name,
      previousZone: previousPlace.timeZone,
      vesselName: ship.name,
      vesselImo: ship.imo,
      previousVesselName: previousShip.name,
      previousVesselImo: previousShip.imo,
      voyageNumber: x.voyageNumber,
      previousVoyageNumber: x.previousVoyageNumber,
      departureAt: x.departureAt,
      previousDepartureAt: x.previousDepartureAt,
    })
    .from(x)
    .leftJoin(place, eq(place.id, x.locationId))
    .leftJoin(previousPlace, eq(previousPlace.id, x.previousLocationId))
    .leftJoin(ship, eq(ship.id, x.vesselId))
    .leftJoin(previousShip, eq(previousShip.id, x.previousVesselId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>["where"]>>[number];

function rowOf(r: Selected): VoyageExceptionRow {
  return {
    id: r.id,
    accountId: r.accountId,
    shipmentId: r.shipmentId,
    containerId: r.containerId,
    kind: r.kind as VoyageExceptionKind,
    detectedAt: r.detectedAt,
    location: r.locationName
      ? { locode: r.locationLocode, name: r.locationName, timeZone: r.locationZone }
      : null,
    previousLocation: r.previousName
      ? { locode: r.previousLocode, name: r.previousName, timeZone: r.previousZone }
      : null,
    vessel: r.vesselName ? { name: r.vesselName, imo: r.vesselImo } : null,
    previousVessel: r.previousVesselName ? { name: r.previousVesselName, imo: r.previousVesselImo } : null,
    voyageNumber: r.voyageNumber,
    previousVoyageNumber: r.previousVoyageNumber,
    departureAt: r.departureAt,
    previousDepartureAt: r.previousDepartureAt,
  };
}

/** A container's exceptions, newest first. */
export async function containerVoyageExceptions(
  db: Db,
  accountId: string,
  containerId: string,
): Promise<VoyageExceptionRow[]> {
  const rows = await select(db)
    .where(and(eq(x.accountId, accountId), eq(x.containerId, containerId)))
    .orderBy(desc(x.detectedAt), desc(x.id));
  return rows.map(rowOf);
}

/** The accounts' exceptions detected at or after `since`, oldest first (what the alerts check reads). */
export async function voyageExceptionsSince(
  db: Db,
  accountIds: string[],
  since: Date,
): Promise<VoyageExceptionRow[]> {
  if (accountIds.length === 0) return [];
  const rows = await select(db)
    .where(and(inArray(x.accountId, accountIds), gte(x.detectedAt, since)))
    .orderBy(x.detectedAt, x.id);
  return rows.map(rowOf);
}
