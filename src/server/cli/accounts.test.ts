// Tests of `npm run accounts` while the service holds the embedded database: one sentence saying what to do and a
// failing exit status, not a stack trace.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockFileText } from "../db/data-dir-lock";

let dir: string;
let service: ChildProcess;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "accounts-cli-"));
  // Stands in for the running service: a live process that holds the data directory's lock.
  service = spawn("sleep", ["60"], { stdio: "ignore" });
  writeFileSync(join(dir, "service.lock"), lockFileText(service.pid!));
});
afterAll(() => {
  service.kill();
  rmSync(dir, { recursive: true, force: true });
});

function runAccounts(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: "" };
    execFile(
      "node_modules/.bin/tsx",
      ["src/server/cli/accounts.ts", ...args],
      { env },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("npm run accounts while the service runs on the embedded database", () => {
  it("says in one sentence to stop the service or use DATABASE_URL, and fails without a stack trace", async () => {
    const { code, stderr } = await runAccounts(["list"]);
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/stop it/);
    expect(lines[0]).toMatch(/DATABASE_URL/);
    expect(lines[0]).toContain(`pid ${service.pid}`);
    expect(stderr).not.toMatch(/DataDirLockedError|\n\s+at /);
  }, 60_000);
});
