// The database each service test starts from: an in-memory PGlite, or a throwaway database on the PostgreSQL
// server of TEST_DATABASE_URL. Both are copies of one template that the test run migrated and seeded once
// (vitest-global-setup.ts): building a PGlite cluster and migrating it took ~3 s a test world, about half of
// the unit and service suite's CPU; loading the template's image takes ~1 s, and PostgreSQL copies a template
// database in milliseconds. Without a template (a bench or script importing the harness) each one is built anew.
import { randomUUID } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import pg from "pg";
import { type Database, openDatabase } from "../db/connection";
import { seedReferenceData } from "../db/reference-data";

/** Environment variables the global setup leaves for the test workers it starts. */
export const TEMPLATE_ENV = {
  /** Path of a PGlite data directory image (a tar file written by `dumpDataDir`). */
  pgliteImage: "TEST_PGLITE_TEMPLATE_IMAGE",
  /** Name of a database on TEST_DATABASE_URL's server to copy each test database from. */
  postgresTemplate: "TEST_POSTGRES_TEMPLATE",
} as const;

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL database's address, for a test that opens a second handle on it; none on PGlite. */
  url: string | undefined;
  drop: () => Promise<void>;
}

let pgliteImage: Promise<Blob | undefined> | undefined;

/** The template image, read once per worker. */
function readPgliteImage(): Promise<Blob | undefined> {
  const path = process.env[TEMPLATE_ENV.pgliteImage];
  pgliteImage ??= path ? readFile(path).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return pgliteImage;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const image = await readPgliteImage();
    const database = await openDatabase({ memory: true, image });
    return { database, url: undefined, drop: async () => {} };
  }
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  const template = process.env[TEMPLATE_ENV.postgresTemplate];
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Migrations still run: a no-op on a copy of the template, the whole set on an empty database.
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Builds the run's template (migrated, reference data seeded); returns what removes it again. */
export async function prepareTestDatabaseTemplate(scratchDir: string): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ memory: true });
    await seedReferenceData(database.db);
    const image = await database.dumpImage!();
    await database.close();
    const path = `${scratchDir}/pglite-template.tar`;
    await writeFile(path, new Uint8Array(await image.arrayBuffer()));
    process.env[TEMPLATE_ENV.pgliteImage] = path;
    return () => rm(path, { force: true });
  }
  const name = `test_template_${randomUUID().replaceAll("-", "")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await seedReferenceData(database.db);
  await database.close();
  process.env[TEMPLATE_ENV.postgresTemplate] = name;
  return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
