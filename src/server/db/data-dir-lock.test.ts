// Tests of the data directory's lock: a running holder keeps it, a dead one or a pid that now belongs to another
// process (reused after a crash and a reboot) does not.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir, lockFileText, processStartTime } from "./data-dir-lock";

let dir: string;
let holder: ChildProcess;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "data-dir-lock-"));
  // Another process on this machine, alive for the whole test.
  holder = spawn("sleep", ["60"], { stdio: "ignore" });
});
afterAll(() => {
  holder.kill();
  rmSync(dir, { recursive: true, force: true });
});

const lockPath = () => join(dir, "service.lock");

describe("the data directory lock", () => {
  it("names its holder by pid and start time", () => {
    const release = lockDataDir(dir);
    expect(readFileSync(lockPath(), "utf8")).toBe(`${process.pid}\n${processStartTime(process.pid)}`);
    release();
    expect(existsSync(lockPath())).toBe(false);
  });

  it("is refused while the process that holds it runs", () => {
    writeFileSync(lockPath(), lockFileText(holder.pid!));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    rmSync(lockPath());
  });

  it("is taken over when its pid now belongs to a process that started at another time (a reused pid)", () => {
    const started = Number(processStartTime(holder.pid!));
    writeFileSync(lockPath(), `${holder.pid}\n${started - 1000}`);
    const release = lockDataDir(dir);
    expect(readFileSync(lockPath(), "utf8")).toBe(lockFileText(process.pid));
    release();
  });

  it("is taken over when its holder is gone", async () => {
    const gone = spawn("true", { stdio: "ignore" });
    await new Promise((resolve) => gone.on("exit", resolve));
    writeFileSync(lockPath(), `${gone.pid}\n12345`);
    const release = lockDataDir(dir);
    release();
  });

  it("still honours a lock file of the older form (a pid alone) whose process runs", () => {
    writeFileSync(lockPath(), String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    rmSync(lockPath());
  });
});
