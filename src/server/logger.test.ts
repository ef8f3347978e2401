// Unit tests of the logger: one JSON line per entry with time, level, message and the fields, filtered by level,
// and an Error in a field written without its message (a failed query's parameters never reach the log).
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";

function capture(level: Parameters<typeof createLogger>[0]) {
  const lines: string[] = [];
  return { lines, logger: createLogger(level, (line) => lines.push(line)) };
}

describe("createLogger", () => {
  it("writes one JSON line per entry with its time, level, message and fields", () => {
    const { lines, logger } = capture("info");
    logger.info("listening", { port: 4949 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
    const entry = JSON.parse(lines[0]!);
    expect(entry).toEqual({ time: expect.any(String), level: "info", message: "listening", port: 4949 });
    expect(new Date(entry.time).toISOString()).toBe(entry.time);
  });

  it("keeps entries below its level out, and writes nothing when silent", () => {
    const warnings = capture("warn");
    warnings.logger.info("not shown");
    warnings.logger.debug("not shown");
    warnings.logger.error("shown");
    expect(warnings.lines.map((l) => JSON.parse(l).level)).toEqual(["error"]);
    const silent = capture("silent");
    silent.logger.error("never");
    expect(silent.lines).toEqual([]);
  });

  it("writes an Error in a field without its message when it is a failed query's", () => {
    const { lines, logger } = capture("debug");
    const failed = Object.assign(
      new Error("Failed query: select * from parties where name = $1\nparams: Acme Secret"),
      {
        query: "select * from parties where name = $1",
        params: ["Acme Secret"],
        cause: { code: "23505", constraint: "parties_name_key" },
      },
    );
    logger.error("pass failed", { error: failed });
    logger.warn("nested", { cause: failed });
    const text = lines.join("\n");
    expect(text).not.toContain("Acme Secret");
    expect(text).not.toContain("select *");
    const [first, second] = lines.map((l) => JSON.parse(l));
    expect(first).toMatchObject({
      error: "Error: a database query failed",
      sqlstate: "23505",
      constraint: "parties_name_key",
    });
    expect(second.cause).toMatchObject({ sqlstate: "23505" });
  });
});
