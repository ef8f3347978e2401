// Loads the reference data (shipping lines, ports, terminals) into the database, and reads it back into memory.
// Reference rows change only when this code ships new lists, so each process keeps one read-only copy.
import { createHash } from "node:crypto";
import { eq, getTableColumns, sql, type Table } from "drizzle-orm";
import { FREE_TIME_RULE_VERSION } from "../../api/free-time";
import type { Db } from "./connection";
import { PUBLISHED_TARIFFS } from "./reference/free-time-tariffs";
import { PORTS } from "./reference/ports";
import { SHIPPING_LINES } from "./reference/shipping-lines";
import { TERMINALS } from "./reference/terminals";
import { containerFreeTime, ports, settings, shippingLines, terminals } from "./schema";
import { stableUuid } from "./stable-id";

export type PortRow = typeof ports.$inferSelect;
export type TerminalRow = typeof terminals.$inferSelect;
export type ShippingLineRow = typeof shippingLines.$inferSelect;

export const portId = (locode: string) => stableUuid("port", locode);
export const shippingLineId = (scac: string) => stableUuid("shipping_line", scac);
export const terminalId = (portLocode: string, name: string, nickname: string | null) =>
  stableUuid("terminal", `${portLocode}/${name}/${nickname ?? ""}`);

const REFERENCE_HASH_KEY = "reference_data_hash";
// The published free time tariffs and the rule's version too: the containers' counted free time (db/free-time.ts)
// reads them, and is counted again when any of them changes.
const referenceHash = createHash("sha256")
  .update(JSON.stringify([SHIPPING_LINES, PORTS, TERMINALS, PUBLISHED_TARIFFS, FREE_TIME_RULE_VERSION]))
  .digest("hex");

/**
 * Writes the reference lists, unless this database already holds exactly these lists; when it did not, every
 * container's counted free time is marked to be counted again.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const [stored] = await db.select().from(settings).where(eq(settings.key, REFERENCE_HASH_KEY));
  if (stored?.value === referenceHash) return;
  await db.transaction(async (tx) => {
    for (const line of SHIPPING_LINES) {
      const row = {
        id: shippingLineId(line.scac),
        scac: line.scac,
        name: line.name,
        shortName: line.shortName,
        bolPrefix: line.bolPrefix,
        alternativeScacs: line.alternativeScacs,
        billOfLadingTracking: line.billOfLading,
        bookingNumberTracking: line.bookingNumber,
        containerNumberTracking: line.containerNumber,
      };
      await tx.insert(shippingLines).values(row).onConflictDoUpdate({ target: shippingLines.id, set: row });
    }
    const portRows = PORTS.map((p) => ({
      id: portId(p.locode),
      locode: p.locode,
      name: p.name,
      city: p.city,
      countryCode: p.countryCode,
      stateAbbr: p.stateAbbr,
      latitude: p.latitude,
      longitude: p.longitude,
      timeZone: p.timeZone,
      kind: p.kind,
    }));
    await tx
      .insert(ports)
      .values(portRows)
      .onConflictDoUpdate({
        target: ports.id,
        set: excludedColumns(ports, [
          "name",
          "city",
          "countryCode",
          "stateAbbr",
          "latitude",
          "longitude",
          "timeZone",
          "kind",
        ]),
      });
    const terminalRows = TERMINALS.map((t) => ({
      id: terminalId(t.portLocode, t.name, t.nickname),
      portId: portId(t.portLocode),
      name: t.name,
      nickname: t.nickname,
      firmsCode: t.firmsCode,
      smdgCode: t.smdgCode,
      bicFacilityCode: t.bicFacilityCode,
      street: t.street,
      city: t.city,
      state: t.state,
      stateAbbr: t.stateAbbr,
      zip: t.zip,
      country: t.country,
    }));
    await tx
      .insert(terminals)
      .values(terminalRows)
      .onConflictDoUpdate({
        target: terminals.id,
        set: excludedColumns(terminals, [
          "firmsCode",
          "smdgCode",
          "bicFacilityCode",
          "street",
          "city",
          "state",
          "stateAbbr",
          "zip",
          "country",
        ]),
      });
    await tx
      .update(containerFreeTime)
      .set({ validUntil: sql`'-infinity'`, version: sql`${containerFreeTime.version} + 1` });
    await tx
      .insert(settings)
      .values({ key: REFERENCE_HASH_KEY, value: referenceHash })
      .onConflictDoUpdate({ target: settings.key, set: { value: referenceHash } });
  });
}

/**
 * `SET col = excluded.col` for each of a table's properties, for multi-row upserts. Drizzle's `set` is keyed
 * by property name, while `excluded` needs the database column name.
 */
function excludedColumns<T extends Table>(table: T, properties: (keyof T["_"]["columns"] & string)[]) {
  const columns = getTableColumns(table);
  return Object.fromEntries(properties.map((p) => [p, sql.raw(`excluded."${columns[p]!.name}"`)]));
}

export interface ReferenceData {
  ports: Map<string, PortRow>;
  portsByLocode: Map<string, PortRow>;
  terminals: Map<string, TerminalRow>;
  shippingLines: Map<string, ShippingLineRow>;
  /** By SCAC and by each alternative SCAC. */
  shippingLinesByScac: Map<string, ShippingLineRow>;
}

export async function loadReferenceData(db: Db): Promise<ReferenceData> {
  const [portRows, terminalRows, lineRows] = await Promise.all([
    db.select().from(ports),
    db.select().from(terminals),
    db.select().from(shippingLines),
  ]);
  const shippingLinesByScac = new Map<string, ShippingLineRow>();
  for (const line of lineRows) {
    for (const alt of line.alternativeScacs) shippingLinesByScac.set(alt, line);
  }
  for (const line of lineRows) shippingLinesByScac.set(line.scac, line);
  return {
    ports: new Map(portRows.map((p) => [p.id, p])),
    portsByLocode: new Map(portRows.map((p) => [p.locode, p])),
    terminals: new Map(terminalRows.map((t) => [t.id, t])),
    shippingLines: new Map(lineRows.map((l) => [l.id, l])),
    shippingLinesByScac,
  };
}
