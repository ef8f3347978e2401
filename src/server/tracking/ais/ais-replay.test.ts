// The recorded NMEA file replayed over a local TCP server and as UDP datagrams into a service on PGlite: the
// engine tracks the shipment the recording's vessels belong to, and stores their AIS positions with source
// `ais`, deduplicated and thinned, while every kind of bad input is counted and none stops the feed.
import { createSocket } from "node:dgram";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { trackingRequests, vesselPositions, vessels } from "../../db/schema";
import { ServiceMetrics } from "../../http/metrics";
import { createLogger } from "../../logger";
import { createHarness, type Harness } from "../../testing/service-harness";
import { TrackingEngine } from "../engine";
import { SandboxCarrierNetwork } from "../sandbox/network";
import { registerAisMetrics } from "./ais-metrics";
import { THIN_MS, TURN_DEGREES } from "./ais-positions";
import { type AisSource, startAisSource } from "./ais-source";
import {
  RECORDING_FAULTS,
  RECORDING_MINUTES,
  RECORDING_REQUESTED_AT,
  RECORDING_SCAC,
  RECORDING_START,
  recordingShipment,
} from "./recording-plan";

const LINES = readFileSync(new URL("./fixtures/recorded.nmea", import.meta.url), "latin1")
  .split("\n")
  .filter((l) => l !== "");
const { number, vessels: shipVessels } = recordingShipment();

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (condition()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("an AIS feed replayed into the service", () => {
  let h: Harness;
  let engine: TrackingEngine;
  let ais: AisSource | undefined;
  let server: Server | undefined;

  beforeEach(async () => {
    h = await createHarness();
    h.clock.set(RECORDING_REQUESTED_AT);
  });
  afterEach(async () => {
    await ais?.close();
    server?.close();
    await h.close();
  });

  async function trackTheShipment(source: AisSource) {
    engine = new TrackingEngine({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      leaseClock: h.clock,
      adapters: [new SandboxCarrierNetwork()],
      positions: source.positions,
      logger: createLogger("silent"),
    });
    const { account } = await h.newAccount();
    await h.db.insert(trackingRequests).values({
      accountId: account.id,
      requestType: "bill_of_lading",
      requestNumber: number,
      normalizedNumber: number,
      scac: RECORDING_SCAC,
      nextAttemptAt: h.clock.now(),
      createdAt: h.clock.now(),
    });
    await engine.runUntilIdle();
    // The tracker has asked for the shipment's vessels: from now on the source keeps their reports.
    await engine.recordVesselPositions();
  }

  async function storedTrack(imo: string) {
    return h.db
      .select({
        at: vesselPositions.timestamp,
        source: vesselPositions.source,
        heading: vesselPositions.headingDegrees,
      })
      .from(vesselPositions)
      .innerJoin(vessels, eq(vessels.id, vesselPositions.vesselId))
      .where(eq(vessels.imo, imo))
      .orderBy(asc(vesselPositions.timestamp));
  }

  async function checkStored(source: AisSource) {
    h.clock.set(new Date(RECORDING_START.getTime() + (RECORDING_MINUTES + 60) * 60_000));
    const recorded = await engine.recordVesselPositions();
    const c = source.counters;
    expect(c.sentences).toBe(LINES.length);
    expect(c.malformed).toBe(RECORDING_FAULTS.malformed);
    expect(c.badChecksums).toBe(RECORDING_FAULTS.badChecksums);
    expect(c.fragmentsExpired).toBe(RECORDING_FAULTS.fragmentsExpired);
    expect(c.messagesByType.get(RECORDING_FAULTS.otherType)).toBe(1);
    expect(c.messagesByType.get(5)).toBe(3);
    expect(c.messagesByType.get(1)).toBe(RECORDING_MINUTES + 2); // + the duplicate and the no-position report
    expect(c.messagesByType.get(3)).toBe(RECORDING_MINUTES);
    expect(c.messagesByType.get(18)).toBe(RECORDING_MINUTES);
    expect(c.positionsDuplicate).toBe(RECORDING_FAULTS.duplicates);
    // Vessel C (on no tracked shipment) and A's report without a position.
    expect(c.positionsUnmatched).toBe(RECORDING_MINUTES + RECORDING_FAULTS.withoutPosition);

    const [a, b] = shipVessels;
    const trackA = await storedTrack(a!.imo);
    const trackB = await storedTrack(b!.imo);
    // B is matched through the IMO its type 5 announced under an MMSI the vessels table does not know.
    for (const track of [trackA, trackB]) {
      expect(track.length).toBeGreaterThanOrEqual(RECORDING_MINUTES / (THIN_MS / 60_000));
      // Thinned: far fewer than the one a minute sent.
      expect(track.length).toBeLessThan(RECORDING_MINUTES / 2);
      expect(track.every((p) => p.source === "ais")).toBe(true);
      for (let i = 1; i < track.length; i++) {
        const gap = track[i]!.at.getTime() - track[i - 1]!.at.getTime();
        const turn = Math.abs((track[i]!.heading ?? 0) - (track[i - 1]!.heading ?? 0)) % 360;
        expect(gap >= THIN_MS || Math.min(turn, 360 - turn) >= TURN_DEGREES - 1).toBe(true);
      }
      expect(track[0]!.at.getTime()).toBeGreaterThanOrEqual(RECORDING_START.getTime());
    }
    expect(recorded).toBe(trackA.length + trackB.length);
    expect(c.positionsMatched).toBe(recorded);
    expect(c.positionsThinned).toBe(2 * RECORDING_MINUTES - recorded);

    // The counts are on /metrics.
    const metrics = new ServiceMetrics();
    registerAisMetrics(metrics.registry, c);
    const text = await metrics.text();
    expect(text).toContain(`boxtrack_ais_sentences_total ${LINES.length}`);
    expect(text).toContain(`boxtrack_ais_bad_checksums_total 1`);
    expect(text).toContain(`boxtrack_ais_malformed_total ${RECORDING_FAULTS.malformed}`);
    expect(text).toContain(`boxtrack_ais_fragments_expired_total 1`);
    expect(text).toContain(`boxtrack_ais_messages_total{type="21"} 1`);
    expect(text).toContain(`boxtrack_ais_positions_total{outcome="matched"} ${recorded}`);
    expect(text).toContain(`boxtrack_ais_positions_total{outcome="unmatched"} ${RECORDING_MINUTES + 1}`);
    expect(text).toContain(`boxtrack_ais_positions_total{outcome="duplicate"} 1`);
  }

  it("over TCP: reconnects after a refusal and a dropped connection, and reads lines split across chunks", async () => {
    // A port that nothing listens on yet: the first attempts are refused.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const address = probe.address();
    const port = typeof address === "object" && address ? address.port : 0;
    await new Promise<void>((r) => probe.close(() => r()));

    ais = await startAisSource({
      tcp: { host: "127.0.0.1", port },
      db: h.db,
      now: () => h.clock.now(),
      logger: createLogger("silent"),
      minBackoffMs: 5,
      maxBackoffMs: 50,
    });
    await trackTheShipment(ais);

    // The first connection sends the first half and drops; the next one sends the rest, cut mid-line.
    const half = Math.floor(LINES.length / 2);
    let served = 0;
    server = createServer((socket) => {
      // The feed's close resets the connection: expected here, and not an uncaught error of the test.
      socket.on("error", () => {});
      served++;
      if (served === 1) {
        socket.end(`${LINES.slice(0, half).join("\r\n")}\r\n`);
        return;
      }
      const text = `${LINES.slice(half).join("\r\n")}\r\n`;
      for (let i = 0; i < text.length; i += 997) socket.write(text.slice(i, i + 997));
    });
    await new Promise<void>((r) => server!.listen(port, "127.0.0.1", r));
    await until(() => ais!.counters.sentences === LINES.length, "every line over TCP");
    expect(ais.tcp!.connections).toBe(2);
    await checkStored(ais);
  });

  it("over UDP: several lines per datagram", async () => {
    ais = await startAisSource({
      udpPort: 0,
      db: h.db,
      now: () => h.clock.now(),
      logger: createLogger("silent"),
    });
    await trackTheShipment(ais);
    const client = createSocket("udp4");
    for (let i = 0; i < LINES.length; i += 3) {
      const datagram = Buffer.from(`${LINES.slice(i, i + 3).join("\r\n")}\r\n`, "latin1");
      await new Promise<void>((r, reject) =>
        client.send(datagram, ais!.udpPort!, "127.0.0.1", (error) => (error ? reject(error) : r())),
      );
      // Loopback drops datagrams only when the receiver's buffer is full: let it read before sending more.
      if (i % 30 === 0) await until(() => ais!.counters.sentences >= i, "the datagrams sent so far");
    }
    client.close();
    await until(() => ais!.counters.sentences === LINES.length, "every line over UDP");
    await checkStored(ais);
  });
});
