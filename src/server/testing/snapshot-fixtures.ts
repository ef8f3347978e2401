// Plain values for the snapshot writer's unit tests (derive and diff), which run without a database: a small
// reference data set (Shanghai, Los Angeles and two of its terminals), carrier snapshots built line by line, and
// what the database would answer for the rows a diff inserted.
import type { PortRow, ReferenceData, TerminalRow } from "../db/reference-data";
import type { ContainerChanges, StoredContainer } from "../db/snapshots";
import type {
  CarrierContainer,
  CarrierEvent,
  CarrierPlace,
  CarrierSnapshot,
  CarrierTerminalStatus,
  RawEventName,
} from "../tracking/carrier-adapter";

export const SHANGHAI: CarrierPlace = { locode: "CNSHA", name: "SHANGHAI, CN" };
export const LOS_ANGELES: CarrierPlace = { locode: "USLAX", name: "Los Angeles, CA" };
export const SHANGHAI_ID = "00000000-0000-4000-8000-000000000001";
export const LOS_ANGELES_ID = "00000000-0000-4000-8000-000000000002";
export const APM_ID = "00000000-0000-4000-8000-000000000003";
export const TRAPAC_ID = "00000000-0000-4000-8000-000000000004";
export const VESSEL = { imo: "9811000", mmsi: "477000100", name: "EVER TEST" };
export const VESSEL_ID = "00000000-0000-4000-8000-000000000005";

function port(id: string, place: CarrierPlace, timeZone: string): PortRow {
  return {
    id,
    locode: place.locode,
    name: place.name,
    city: null,
    countryCode: place.locode.slice(0, 2),
    stateAbbr: null,
    latitude: 0,
    longitude: 0,
    timeZone,
    kind: "port",
  };
}

function terminal(id: string, name: string, nickname: string, firmsCode: string): TerminalRow {
  return {
    id,
    portId: LOS_ANGELES_ID,
    name,
    nickname,
    firmsCode,
    smdgCode: null,
    bicFacilityCode: null,
    street: null,
    city: null,
    state: null,
    stateAbbr: null,
    zip: null,
    country: null,
  };
}

export function referenceData(): ReferenceData {
  const ports = [
    port(SHANGHAI_ID, SHANGHAI, "Asia/Shanghai"),
    port(LOS_ANGELES_ID, LOS_ANGELES, "America/Los_Angeles"),
  ];
  const terminals = [
    terminal(APM_ID, "APM Terminals", "APMT", "Y790"),
    terminal(TRAPAC_ID, "TraPac", "TRAPAC", "Y258"),
  ];
  return {
    ports: new Map(ports.map((p) => [p.id, p])),
    portsByLocode: new Map(ports.map((p) => [p.locode, p])),
    terminals: new Map(terminals.map((t) => [t.id, t])),
    shippingLines: new Map(),
    shippingLinesByScac: new Map(),
  };
}

/** A moment `days` after 1 March 2030, 00:00 UTC. */
export const day = (days: number) => new Date(Date.UTC(2030, 2, 1) + days * 86_400_000);

/** A carrier line; its key is the milestone it is about, as the sandbox carriers key theirs. */
export function line(
  event: RawEventName,
  at: Date,
  options: Partial<
    Pick<CarrierEvent, "estimated" | "place" | "vesselImo" | "voyageNumber" | "terminal">
  > = {},
): CarrierEvent {
  return {
    key: `${event}@${options.place?.locode ?? "-"}`,
    event,
    originalEvent: event.replaceAll("_", " ").toUpperCase(),
    at,
    estimated: options.estimated ?? false,
    place: options.place ?? null,
    terminal: options.terminal ?? null,
    vesselImo: options.vesselImo ?? null,
    voyageNumber: options.voyageNumber ?? null,
  };
}

/** The lines of a container that left Shanghai on day 0 and is due in Los Angeles on day 14. */
export function atSeaLines(): CarrierEvent[] {
  const onVessel = { vesselImo: VESSEL.imo, voyageNumber: "042E" };
  return [
    line("full_in", day(-2), { place: SHANGHAI }),
    line("vessel_loaded", day(-1), { place: SHANGHAI, ...onVessel }),
    line("vessel_departed", day(0), { place: SHANGHAI, ...onVessel }),
    line("vessel_arrived", day(14), { place: LOS_ANGELES, estimated: true, ...onVessel }),
    line("vessel_discharged", day(15), { place: LOS_ANGELES, estimated: true, ...onVessel }),
  ];
}

export function terminalStatus(overrides: Partial<CarrierTerminalStatus> = {}): CarrierTerminalStatus {
  return {
    checkedAt: day(15),
    availableForPickup: false,
    holds: [],
    fees: [],
    lastFreeDayTerminal: null,
    lastFreeDayLine: null,
    lastFreeDayRail: null,
    pickupAppointmentAt: null,
    locationAtTerminal: null,
    fullOutChassisNumber: null,
    ...overrides,
  };
}

export function container(
  number: string,
  events: CarrierEvent[],
  terminal: CarrierTerminalStatus | null = null,
): CarrierContainer {
  return {
    number,
    sealNumber: "SEAL1",
    equipmentType: "dry",
    equipmentLength: 40,
    equipmentHeight: "high_cube",
    weightInLbs: 20_000,
    events,
    terminal,
    podRailCarrierScac: null,
    indRailCarrierScac: null,
  };
}

export function snapshot(
  containers: CarrierContainer[],
  overrides: Partial<CarrierSnapshot> = {},
): CarrierSnapshot {
  return {
    billOfLadingNumber: "mscu 123-456",
    scac: "MSCU",
    portOfLading: SHANGHAI,
    portOfLadingTerminal: null,
    portOfDischarge: LOS_ANGELES,
    portOfDischargeTerminal: { locode: "USLAX", name: "APM Terminals", firmsCode: "Y790" },
    destination: null,
    destinationTerminal: null,
    polEtd: day(0),
    polAtd: day(0),
    podEta: day(14),
    podAta: null,
    destinationEta: null,
    destinationAta: null,
    podVessel: VESSEL,
    podVoyageNumber: "042E",
    containers,
    vessels: [VESSEL],
    nextCheckAt: day(1),
    complete: false,
    ...overrides,
  };
}

/** What readStoredContainers would answer after the inserts of `changes` were written. */
export function storedAfter(changes: ContainerChanges): StoredContainer[] {
  return changes.containerInserts.map((c) => ({
    // Every column the snapshot set, as the database keeps it (absent ones null).
    ...(Object.fromEntries(Object.entries(c).map(([key, value]) => [key, value ?? null])) as unknown as Omit<
      StoredContainer,
      "raw" | "transport"
    >),
    id: c.id!,
    shipmentId: c.shipmentId,
    number: c.number,
    currentStatus: c.currentStatus!,
    holdsAtPodTerminal: c.holdsAtPodTerminal ?? [],
    feesAtPodTerminal: c.feesAtPodTerminal ?? [],
    raw: changes.rawInserts
      .filter((r) => r.containerId === c.id)
      .map((r) => ({
        id: r.id!,
        carrierKey: r.carrierKey ?? null,
        index: r.index,
        event: r.event ?? null,
        originalEvent: r.originalEvent,
        timestamp: r.timestamp ?? null,
        estimated: r.estimated ?? false,
        voyageNumber: r.voyageNumber ?? null,
        locationId: r.locationId ?? null,
        locationName: r.locationName ?? null,
        vesselId: r.vesselId ?? null,
      })),
    transport: changes.transportInserts
      .filter((t) => t.containerId === c.id)
      .map((t) => ({
        id: t.id!,
        carrierKey: t.carrierKey ?? null,
        timestamp: t.timestamp ?? null,
        voyageNumber: t.voyageNumber ?? null,
        locationId: t.locationId ?? null,
        terminalId: t.terminalId ?? null,
        vesselId: t.vesselId ?? null,
        event: t.event,
      })),
  }));
}
