// The ships of the sandbox world: one per slot of every service, named in its operator's style, with valid IMO and MMSI.
import type { CarrierVessel } from "../carrier-adapter";
import { imoWithCheckDigit } from "../vessel-ids";
import { carrierProfile } from "./carrier-profiles";
import { Random } from "./random";
import { type ServiceLayout, serviceLayouts, shipSlot } from "./service-schedule";
import { FEEDER_OPERATOR } from "./services";

export interface Ship extends CarrierVessel {
  /** SCAC of the line that operates it, or FEEDER_OPERATOR. */
  operator: string;
  layout: ServiceLayout;
  /** Which of the service's N ships it is: it sails sailings s with s mod N = slot. */
  slot: number;
}

/** Feeder operators name their ships after stars and mountains; these fly Singapore and Liberian flags. */
const FEEDER_NAMES = [
  "X-PRESS ANTARES",
  "X-PRESS ALTAIR",
  "X-PRESS BARDSEY",
  "X-PRESS CAPELLA",
  "X-PRESS DENEB",
  "X-PRESS ELBRUS",
  "X-PRESS KAILASH",
  "X-PRESS MONTE BIANCO",
  "X-PRESS MULHACEN",
  "X-PRESS NILGIRI",
  "X-PRESS PEARL",
  "X-PRESS POLLUX",
  "X-PRESS SAGARMATHA",
  "X-PRESS TORRENS",
  "X-PRESS VEGA",
  "X-PRESS ANGLESEY",
  "X-PRESS CHEOPS",
  "X-PRESS KARAKORAM",
];
const FEEDER_MIDS = ["563", "564", "636"];

function namePool(operator: string): { names: readonly string[]; mids: readonly string[] } {
  if (operator === FEEDER_OPERATOR) return { names: FEEDER_NAMES, mids: FEEDER_MIDS };
  const profile = carrierProfile(operator);
  if (!profile) throw new Error(`Service operator ${operator} has no carrier profile`);
  return { names: profile.vesselNames, mids: profile.mids };
}

interface Fleet {
  byImo: Map<string, Ship>;
  /** Ships of each service, by slot. */
  byService: Map<string, Ship[]>;
}

/**
 * Hands out names in service order, so adding a service at the end of the list renames no existing ship.
 * A line short of names reuses them with a "II", as lines do when a name passes to a newer ship.
 */
function buildFleet(): Fleet {
  const byImo = new Map<string, Ship>();
  const byService = new Map<string, Ship[]>();
  const used = new Map<string, number>();
  const imos = new Set<string>();
  for (const layout of serviceLayouts().values()) {
    const { operators } = layout.service;
    const ships: Ship[] = [];
    for (let slot = 0; slot < layout.vesselCount; slot++) {
      const operator = operators[slot % operators.length] as string;
      const pool = namePool(operator);
      const k = used.get(operator) ?? 0;
      used.set(operator, k + 1);
      const round = Math.floor(k / pool.names.length);
      const base = pool.names[k % pool.names.length] as string;
      const name = round === 0 ? base : `${base} ${"I".repeat(round + 1)}`;
      const rng = new Random(`vessel/${name}`);
      let imo = imoWithCheckDigit(`9${rng.digits(5)}`);
      while (imos.has(imo)) imo = imoWithCheckDigit(`9${rng.digits(5)}`);
      imos.add(imo);
      const mmsi = `${rng.pick(pool.mids)}${rng.int(1, 9)}${rng.digits(5)}`;
      const ship: Ship = { imo, mmsi, name, operator, layout, slot };
      ships.push(ship);
      byImo.set(imo, ship);
    }
    byService.set(layout.service.code, ships);
  }
  return { byImo, byService };
}

let fleet: Fleet | undefined;

function theFleet(): Fleet {
  fleet ??= buildFleet();
  return fleet;
}

export function shipByImo(imo: string): Ship | undefined {
  return theFleet().byImo.get(imo.trim().replace(/^IMO\s*/i, ""));
}

export function shipOfSailing(layout: ServiceLayout, s: number): Ship {
  const ships = theFleet().byService.get(layout.service.code);
  const ship = ships?.[shipSlot(layout, s)];
  if (!ship) throw new Error(`No ship for sailing ${s} of ${layout.service.code}`);
  return ship;
}

export function allShips(): readonly Ship[] {
  return [...theFleet().byImo.values()];
}

export function vesselOf(ship: Ship): CarrierVessel {
  return { imo: ship.imo, mmsi: ship.mmsi, name: ship.name };
}
