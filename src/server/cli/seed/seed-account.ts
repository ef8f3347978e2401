// Builds (or rebuilds) one account holding a forwarder's worth of shipments, in one transaction: it is either all
// there or not at all, and a second run with the same shape finds it finished and only issues a key.
import { sql } from "drizzle-orm";
import { createAccount, issueKey } from "../../db/accounts";
import type { Db } from "../../db/connection";
import { loadReferenceData, seedReferenceData } from "../../db/reference-data";
import { containers, shipments, trackingRequests } from "../../db/schema";
import { Random } from "../../tracking/sandbox/random";
import {
  type AccountCounts,
  countAccountData,
  createParties,
  deleteAccountData,
  findAccountByName,
  firstUserId,
  readMarker,
  refreshTriggerKeptData,
  skipForeignKeyChecks,
  writeMarker,
} from "./account-data";
import { insertRows } from "./bulk-insert";
import { CUSTOMERS, UniqueValues } from "./identities";
import { buildJourneyLibrary, weightedLines } from "./journeys";
import {
  type PlannedShipment,
  planOrphanRequests,
  planShipments,
  type SeedShape,
  sandboxCount,
} from "./plan";
import { RowFactory } from "./rows";
import { planSandboxShipments } from "./sandbox-shipments";
import { copyTemplateEvents, createTempTables, seedBoxes, seedEvents } from "./temp-tables";
import { upsertVessels } from "./vessels";

export interface SeedOptions extends SeedShape {
  /** The account's company name: the account the seeder builds, and finds again on the next run. */
  account: string;
  /** Rebuild even when the account already holds a finished seeding of this shape. */
  replace: boolean;
  /** Makes the generated data reproducible (ids and times apart). */
  seed: string;
  now?: Date;
  /** Shipments planned and written per batch. */
  chunkSize?: number;
  /** Sandbox journeys the synthetic shipments are copied from. */
  journeys?: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  accountId: string;
  /** A new key for the account (its first one when the account was created). */
  apiKey: string;
  /** True when the account already held this seeding and nothing was written. */
  skipped: boolean;
  counts: AccountCounts;
  /** Ids of the real sandbox shipments, which the tracking engine refreshes. */
  sandboxShipmentIds: string[];
}

/** Raised whenever the generated data changes, so that a later run rebuilds accounts an older one made. */
const SEEDER_VERSION = 1;

/** Tables the seeding filled: statistics and visibility maps as a long-lived database would have them. */
const FILLED_TABLES = [
  "shipments",
  "containers",
  "transport_events",
  "raw_events",
  "tracking_requests",
  "vessels",
];

export async function seedScaleAccount(db: Db, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const shape: SeedShape = {
    shipments: options.shipments,
    sandbox: options.sandbox,
    trackedShare: options.trackedShare,
  };
  const marker = JSON.stringify({ version: SEEDER_VERSION, ...shape, seed: options.seed });
  await seedReferenceData(db);
  const reference = await loadReferenceData(db);

  const existing = await findAccountByName(db, options.account);
  if (existing && !options.replace && (await readMarker(db, existing.id)) === marker) {
    log(`"${options.account}" already holds this seeding; nothing to do (--replace rebuilds it).`);
    return {
      accountId: existing.id,
      apiKey: await issueKey(db, existing.id, "seed"),
      skipped: true,
      counts: await countAccountData(db, existing.id),
      sandboxShipmentIds: [],
    };
  }

  const rng = new Random(`seed/${options.seed}`);
  const unique = new UniqueValues();
  const lines = weightedLines();
  log(`Asking the sandbox network for ${sandboxCount(shape)} tracked shipments and the journeys to copy…`);
  const library = buildJourneyLibrary({
    baseCount: options.journeys ?? Math.min(1000, Math.max(40, Math.round(shape.shipments / 100))),
    seed: options.seed,
    now,
  });
  const sandboxShipments = planSandboxShipments(sandboxCount(shape), library, lines, rng, unique);

  let accountId = existing?.id;
  let apiKey: string | undefined;
  await db.transaction(async (tx) => {
    let userId: string | null;
    // Every row is consistent by construction; checking each one's foreign keys would double the time.
    if (!(await skipForeignKeyChecks(tx)))
      log("Not a superuser: foreign keys are checked row by row (slower).");
    if (accountId) {
      log(`Removing what "${options.account}" held…`);
      await deleteAccountData(tx, accountId);
      userId = (await firstUserId(tx, accountId)) ?? null;
    } else {
      const created = await createAccount(tx, options.account);
      accountId = created.account.id;
      userId = null;
      apiKey = created.apiKey;
    }
    const vesselIds = await upsertVessels(tx, library);
    const customerIds = await createParties(tx, accountId, CUSTOMERS);
    const rows = new RowFactory({ reference, accountId, userId, vesselIds, customerIds, library });
    await createTempTables(tx);
    const templateEvents = library.boxes.flatMap((_, key) => rows.templateEvents(key));
    await insertRows(tx, seedEvents, templateEvents);
    // While the server copies one batch's events, this process plans the next batch (on PostgreSQL the two run
    // side by side; PGlite, in this process, does one after the other anyway).
    let copying: Promise<void> = Promise.resolve();
    const write = async (chunk: PlannedShipment[]) => {
      const shipmentRows = chunk.map((s) => rows.shipment(s));
      const containerRows = chunk.flatMap((s) => rows.containers(s));
      const requestRows = chunk.map((s) => rows.request(s.request, s.id));
      const boxRows = chunk.flatMap((s) => rows.boxes(s));
      await copying;
      await insertRows(tx, shipments, shipmentRows);
      await insertRows(tx, containers, containerRows);
      await insertRows(tx, trackingRequests, requestRows);
      await insertRows(tx, seedBoxes, boxRows);
      copying = copyTemplateEvents(tx, accountId!);
      // Awaited before the next batch (or the end); this only keeps a failure from being reported twice.
      copying.catch(() => {});
    };
    await write(sandboxShipments);
    log(`  ${sandboxShipments.length} sandbox shipments written`);
    let written = 0;
    for (const chunk of planShipments(shape, library, rng, unique, options.chunkSize ?? 5000)) {
      await write(chunk);
      written += chunk.length;
      log(`  ${written} synthetic shipments written`);
    }
    await copying;
    const orphans = planOrphanRequests(shape, library, lines, rng, unique);
    const orphanRows = orphans.map((r) => rows.request(r, null));
    await insertRows(tx, trackingRequests, orphanRows);
    await refreshTriggerKeptData(tx, accountId);
    await writeMarker(tx, accountId, marker);
  });
  const id = accountId!;
  log("Updating the planner's statistics…");
  for (const table of FILLED_TABLES) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return {
    accountId: id,
    apiKey: apiKey ?? (await issueKey(db, id, "seed")),
    skipped: false,
    counts: await countAccountData(db, id),
    sandboxShipmentIds: sandboxShipments.map((s) => s.id),
  };
}
