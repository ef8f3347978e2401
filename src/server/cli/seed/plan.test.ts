// The scale seeder's generators: a small plan must have the proportions of a big one (containers per shipment,
// events per container, tracked share, stop reasons, every stage) and only valid, unique numbers.
import { beforeAll, describe, expect, it } from "vitest";
import { isValidContainerNumber } from "../../../api/container-number";
import { DAY } from "../../../api/durations";
import { normalizeRequestNumber } from "../../../api/tracking-requests";
import { containerStatus, transportEventName } from "../../tracking/milestones";
import { carrierProfile } from "../../tracking/sandbox/carrier-profiles";
import { SandboxCarrierNetwork } from "../../tracking/sandbox/network";
import { parseNumber } from "../../tracking/sandbox/number-formats";
import { Random } from "../../tracking/sandbox/random";
import { UniqueValues } from "./identities";
import { buildJourneyLibrary, type JourneyLibrary, weightedLines } from "./journeys";
import {
  HISTORY,
  type PlannedRequest,
  type PlannedShipment,
  planOrphanRequests,
  planShipments,
} from "./plan";
import { planSandboxShipments } from "./sandbox-shipments";

const NOW = new Date("2026-11-20T12:00:00.000Z");
const shape = { shipments: 1000, sandbox: 10, trackedShare: 0.1 };

let library: JourneyLibrary;
let planned: PlannedShipment[];
let orphans: PlannedRequest[];

beforeAll(() => {
  const rng = new Random("plan-test");
  const unique = new UniqueValues();
  const lines = weightedLines();
  library = buildJourneyLibrary({ baseCount: 40, seed: "plan-test", now: NOW });
  const sandbox = planSandboxShipments(shape.sandbox, library, lines, rng, unique);
  planned = [...sandbox, ...[...planShipments(shape, library, rng, unique, 300)].flat()];
  orphans = planOrphanRequests(shape, library, lines, rng, unique);
});

const boxOf = (key: number) => library.boxes[key]!.box;
const allContainers = () => planned.flatMap((s) => s.containers);

describe("the scale seeder's plan", () => {
  it("has the asked number of shipments, a tenth of them tracked, the sandbox ones among those", () => {
    expect(planned).toHaveLength(1000);
    const tracked = planned.filter((s) => s.stoppedAt === null);
    expect(tracked).toHaveLength(100);
    const engine = planned.filter((s) => s.engine);
    expect(engine).toHaveLength(10);
    expect(engine.every((s) => s.stoppedAt === null)).toBe(true);
  });

  it("gives a shipment one to four containers, about two on average, mostly one or two", () => {
    const counts = planned.filter((s) => !s.engine).map((s) => s.containers.length);
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBe(4);
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
    expect(mean).toBeGreaterThan(1.8);
    expect(mean).toBeLessThan(2.2);
    expect(counts.filter((n) => n <= 2).length / counts.length).toBeGreaterThan(0.6);
  });

  it("gives a container about ten transport events and as many raw events or more", () => {
    const boxes = allContainers().map((c) => boxOf(c.boxKey));
    const transport = boxes.reduce((n, box) => n + box.events.filter((e) => transportEventName(e)).length, 0);
    const raw = boxes.reduce((n, box) => n + box.events.length, 0);
    expect(transport / boxes.length).toBeGreaterThan(8);
    expect(transport / boxes.length).toBeLessThan(14);
    expect(raw).toBeGreaterThanOrEqual(transport);
    expect(raw / transport).toBeLessThan(1.3);
  });

  it("uses valid ISO 6346 container numbers and unique numbers throughout", () => {
    const numbers = allContainers().map((c) => c.number);
    expect(numbers.every(isValidContainerNumber)).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
    const bills = planned.map((s) => normalizeRequestNumber(s.billOfLading));
    expect(new Set(bills).size).toBe(bills.length);
    const refs = planned.flatMap((s) => s.refNumbers);
    expect(refs.length).toBeGreaterThan(planned.length / 2);
    expect(new Set(refs).size).toBe(refs.length);
  });

  it("writes bills of lading in their line's format, and requests in theirs", () => {
    for (const s of planned) {
      const profile = carrierProfile(s.request.scac)!;
      expect(parseNumber(profile, "bill_of_lading", normalizeRequestNumber(s.billOfLading))).not.toBeNull();
      expect(parseNumber(profile, s.request.type, normalizeRequestNumber(s.request.number))).not.toBeNull();
    }
  });

  it("spreads creation over two years, and stops tracking only after creation and before now", () => {
    const created = planned.map((s) => s.createdAt);
    expect(Math.max(...created)).toBeLessThanOrEqual(NOW.getTime());
    expect(Math.min(...created)).toBeGreaterThanOrEqual(NOW.getTime() - HISTORY);
    expect(Math.min(...created)).toBeLessThan(NOW.getTime() - 600 * DAY);
    for (const s of planned) {
      if (s.stoppedAt !== null) {
        expect(s.stoppedAt).toBeGreaterThanOrEqual(s.createdAt);
        expect(s.stoppedAt).toBeLessThanOrEqual(NOW.getTime());
      }
      expect(s.lastSucceededAt).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it("stops shipments for every reason, mostly because every container came back", () => {
    const reasons = new Map<string, number>();
    for (const s of planned) if (s.reason) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
    expect([...reasons.keys()].sort()).toEqual([
      "all_containers_terminated",
      "cancelled_by_user",
      "no_updates_at_line",
      "past_arrival_window",
      "past_full_out_window",
    ]);
    expect(reasons.get("all_containers_terminated")! / 900).toBeGreaterThan(0.6);
  });

  it("has every stage of the journey, and holds, fees and last free days at the terminal", () => {
    const boxes = allContainers().map((c) => boxOf(c.boxKey));
    const statuses = new Set(
      boxes.map((box) =>
        containerStatus({
          events: box.events,
          terminal: box.terminal,
          hasRailLeg: box.events.some((e) => e.event?.startsWith("rail_")),
        }),
      ),
    );
    for (const status of ["new", "on_ship", "available", "picked_up", "empty_returned"]) {
      expect(statuses).toContain(status);
    }
    const happened = new Set(
      boxes.flatMap((box) => box.events.filter((e) => !e.estimated).map((e) => e.event)),
    );
    for (const event of ["empty_out", "vessel_departed", "vessel_discharged", "full_out", "empty_in"]) {
      expect(happened).toContain(event);
    }
    expect(boxes.some((box) => box.terminal?.holds.some((h) => h.status === "hold"))).toBe(true);
    expect(boxes.some((box) => (box.terminal?.fees.length ?? 0) > 0)).toBe(true);
    expect(boxes.some((box) => box.terminal?.lastFreeDayTerminal)).toBe(true);
  });

  it("gives each shipment one tracking request whose status matches it", () => {
    for (const s of planned) {
      expect(s.request.status).toBe(s.stoppedAt === null ? "created" : "tracking_stopped");
      expect(s.request.createdAt).toBeLessThanOrEqual(s.createdAt);
    }
  });

  it("makes real sandbox shipments that the network finds and the engine refreshes", () => {
    const network = new SandboxCarrierNetwork();
    for (const s of planned.filter((p) => p.engine)) {
      const engine = s.engine!;
      const answer = network.lookupNow(
        {
          requestType: engine.requestType,
          number: engine.requestNumber,
          scac: s.request.scac,
          requestedAt: new Date(engine.requestedAt),
        },
        NOW,
      );
      expect(answer.outcome).toBe("found");
      if (answer.outcome !== "found") continue;
      expect(answer.snapshot.billOfLadingNumber).toBe(s.billOfLading);
      expect(s.containers.map((c) => c.number)).toEqual(answer.snapshot.containers.map((c) => c.number));
      expect(engine.nextRefreshAt).toBeGreaterThan(NOW.getTime());
    }
  });

  it("adds requests that never became a shipment: mostly failed, a few the engine still works on", () => {
    const statuses = new Map<string, number>();
    for (const r of orphans) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    expect(statuses.get("failed")).toBe(8);
    expect(statuses.get("pending")).toBeGreaterThan(0);
    expect(statuses.get("awaiting_manifest")).toBeGreaterThan(0);
    expect(orphans.filter((r) => r.status === "failed").every((r) => r.failedReason)).toBe(true);
    const network = new SandboxCarrierNetwork();
    for (const r of orphans.filter((o) => o.status !== "failed")) {
      const query = {
        requestType: r.type,
        number: r.number,
        scac: r.scac,
        requestedAt: new Date(r.createdAt),
      };
      expect(network.lookupNow(query, NOW).outcome).toBe("found");
    }
  });
});
