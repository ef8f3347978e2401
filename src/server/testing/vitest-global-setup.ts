// Vitest's global setup: builds the run's template database once, before any test worker starts, and removes it
// when the run ends (test-database.ts).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareTestDatabaseTemplate } from "./test-database";

export default async function setup(): Promise<() => Promise<void>> {
  const scratch = await mkdtemp(join(tmpdir(), "boxtrack-test-"));
  const removeTemplate = await prepareTestDatabaseTemplate(scratch);
  return async () => {
    await removeTemplate();
    await rm(scratch, { recursive: true, force: true });
  };
}
