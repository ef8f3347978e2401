// The heap growing factor the service sets (heap-growth.ts), seen from outside: the same allocation-heavy work in
// two processes, one with V8's own growth and one with the service's default, and the configuration that sets it.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

const CHURN = fileURLToPath(new URL("./testing/heap-churn.ts", import.meta.url));

function peakHeap(percent: number): number {
  const run = spawnSync(process.execPath, ["--import", "tsx", CHURN, String(percent)], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(run.stderr);
  return (JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { peak: number }).peak;
}

describe("the heap growing factor", () => {
  it("keeps the heap of an allocation-heavy process far below what V8 lets it grow to by itself", () => {
    const own = peakHeap(0);
    const limited = peakHeap(loadConfig({}, []).heapGrowingPercent);
    // Measured: about 470 MB against 220 MB for the same 40 MB live set.
    expect(limited).toBeLessThan(own * 0.7);
  }, 120_000);

  it("is 50 % unless HEAP_GROWING_PERCENT says otherwise, and refuses what is not a percentage it can use", () => {
    expect(loadConfig({}, []).heapGrowingPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWING_PERCENT: "0" }, []).heapGrowingPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: "-5" }, [])).toThrow(/HEAP_GROWING_PERCENT/);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: "ten" }, [])).toThrow(/HEAP_GROWING_PERCENT/);
  });
});
