// Tests that a benchmark's service runs with the node options `npm start` gives it, read from the start script.
import { describe, expect, it } from "vitest";
import { startOptions } from "./service-process";

describe("the node options of npm start", () => {
  it("are read from the start script, none or several", () => {
    expect(startOptions("npm run build && node dist/server/main.mjs")).toEqual([]);
    expect(
      startOptions("npm run build && node --max-semi-space-size=4 --trace-gc dist/server/main.mjs"),
    ).toEqual(["--max-semi-space-size=4", "--trace-gc"]);
    expect(() => startOptions("tsx src/server/main.ts")).toThrow(/does not run dist\/server\/main.mjs/);
  });

  it("keep the young generation small, as the memory figures in the README were measured with", () => {
    expect(startOptions()).toContain("--max-semi-space-size=4");
  });
});
