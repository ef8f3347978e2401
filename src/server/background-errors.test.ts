// Tests of how background loops report failed passes: an outage goes to the outage tracker (logged once there),
// anything else is logged as an error without the failed SQL's values; and the tracking worker reports so.
import { describe, expect, it, vi } from "vitest";
import { reportBackgroundFailure } from "./background-errors";
import type { TrackingEngine } from "./tracking/engine";
import { startTrackingWorker } from "./tracking/worker";

const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
/** As Drizzle wraps a driver error (DrizzleQueryError): its message and fields carry the SQL and parameters. */
const failedQuery = (cause: Error) =>
  Object.assign(
    new Error("Failed query: update shipments set customer_name = $1\nparams: Acme Secret Co", { cause }),
    { query: "update shipments set customer_name = $1", params: ["Acme Secret Co"] },
  );

function spies() {
  return { logger: { error: vi.fn() }, outage: { report: vi.fn() } };
}

describe("reportBackgroundFailure", () => {
  it("tells the outage tracker of an unavailable database instead of logging it", () => {
    const { logger, outage } = spies();
    reportBackgroundFailure(logger, outage, "webhook fan-out failed", failedQuery(refused()));
    expect(outage.report).toHaveBeenCalledTimes(1);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("logs any other failure as an error, without the query's parameters", () => {
    const { logger, outage } = spies();
    const unique = Object.assign(new Error("duplicate key value"), { code: "23505", table: "shipments" });
    reportBackgroundFailure(logger, outage, "tracking pass failed", failedQuery(unique), {
      lane: "requests",
    });
    expect(outage.report).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledTimes(1);
    const [message, fields] = logger.error.mock.calls[0]!;
    expect(message).toBe("tracking pass failed");
    expect(fields).toMatchObject({ lane: "requests", sqlstate: "23505", table: "shipments" });
    expect(JSON.stringify(fields)).not.toContain("Acme Secret Co");
  });

  it("logs an outage as an error when there is no tracker to tell", () => {
    const { logger } = spies();
    reportBackgroundFailure(logger, undefined, "webhook claim failed", refused());
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});

describe("the tracking worker during an outage", () => {
  it("reports every failed pass to the outage tracker and logs none of them", async () => {
    const { outage } = spies();
    const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
    const engine = {
      processDueTrackingRequests: () => Promise.reject(failedQuery(refused())),
      refreshDueShipments: () => Promise.reject(refused()),
      recordVesselPositionsIfDue: () => Promise.resolve(),
    } as unknown as TrackingEngine;
    let passes = 0;
    const enough = new Promise<void>((resolve) => {
      const worker = startTrackingWorker(engine, {
        intervalMs: 1,
        logger: logger as never,
        outage,
        onPass: () => {
          passes += 1;
          if (passes === 6) void worker.stop().then(resolve);
        },
      });
    });
    await enough;
    expect(outage.report.mock.calls.length).toBeGreaterThanOrEqual(6);
    expect(logger.error).not.toHaveBeenCalled();
  });
});
