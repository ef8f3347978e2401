// The snapshot writer's first step: the places, terminals and vessels a carrier names, resolved to the ids of
// reference rows. Ports and terminals come from the reference data in memory; vessels are shared rows keyed by
// IMO, added or renamed as carriers name them, with a few statements for a whole batch.

import { randomUUID } from "node:crypto";
import type { Db } from "../db/connection";
import type { ReferenceData, TerminalRow } from "../db/reference-data";
import { insertVessels, renameVessels, vesselsByImo } from "../db/vessel-tracking";
import type { CarrierPlace, CarrierTerminal, CarrierVessel } from "./carrier-adapter";

export function portIdOf(reference: ReferenceData, place: CarrierPlace | null): string | null {
  return place ? (reference.portsByLocode.get(place.locode)?.id ?? null) : null;
}

const terminalIndexes = new WeakMap<ReferenceData, Map<string, TerminalRow[]>>();

/** The reference terminal a carrier names: by firms code, else by name or nickname at that port. */
export function terminalIdOf(
  reference: ReferenceData,
  terminal: CarrierTerminal | null | undefined,
): string | null {
  if (!terminal) return null;
  let byPort = terminalIndexes.get(reference);
  if (!byPort) {
    byPort = new Map();
    for (const t of reference.terminals.values()) {
      const list = byPort.get(t.portId) ?? [];
      list.push(t);
      byPort.set(t.portId, list);
    }
    terminalIndexes.set(reference, byPort);
  }
  const portId = reference.portsByLocode.get(terminal.locode)?.id;
  const candidates = (portId && byPort.get(portId)) || [];
  const name = terminal.name.toLowerCase();
  const nickname = terminal.nickname?.toLowerCase();
  const match =
    (terminal.firmsCode && candidates.find((t) => t.firmsCode === terminal.firmsCode)) ||
    candidates.find((t) => t.name.toLowerCase() === name) ||
    (nickname ? candidates.find((t) => t.nickname?.toLowerCase() === nickname) : undefined);
  return match?.id ?? null;
}

/**
 * The ids of the vessels a batch names, by IMO, adding the ones not stored yet; the carrier's name and MMSI win,
 * except when it gives none: a DCSA carrier names a vessel by IMO only (its MMSI empty, sometimes its name too),
 * and that must not wipe the MMSI that AIS positions are matched by.
 * Taken in IMO order, so that two batches naming the same vessels never wait on each other in a circle.
 */
export async function resolveVessels(tx: Db, list: CarrierVessel[]): Promise<Map<string, string>> {
  if (list.length === 0) return new Map();
  const unique = [...new Map(list.map((v) => [v.imo, v])).values()].sort((a, b) =>
    a.imo.localeCompare(b.imo),
  );
  const existing = await vesselsByImo(
    tx,
    unique.map((v) => v.imo),
  );
  const known = new Map(existing.map((v) => [v.imo, v]));
  const missing = unique.filter((v) => !known.has(v.imo));
  if (missing.length) {
    // Another batch may add the same vessel at the same moment: whichever comes second reads the first's row.
    await insertVessels(
      tx,
      missing.map((v) => ({ id: randomUUID(), imo: v.imo, name: v.name || `IMO ${v.imo}`, mmsi: v.mmsi })),
    );
    for (const v of await vesselsByImo(
      tx,
      missing.map((m) => m.imo),
    ))
      known.set(v.imo, v);
  }
  const renamed = unique.flatMap((v) => {
    const row = known.get(v.imo);
    if (!row) return [];
    const name = v.name || row.name;
    const mmsi = v.mmsi || row.mmsi;
    return row.name !== name || row.mmsi !== mmsi ? [{ id: row.id, name, mmsi }] : [];
  });
  await renameVessels(tx, renamed);
  return new Map([...known].map(([imo, v]) => [imo, v.id]));
}
