// The composed source: a UDP feed bound on port 0, its counters logged at debug on each stats tick (a minute in
// the service), and closed cleanly.
import { createSocket } from "node:dgram";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { startAisSource } from "./ais-source";
import { encodedLines } from "./encode-for-tests";

describe("startAisSource", () => {
  it("logs its counters at debug on every tick, and closes its socket", async () => {
    const logged: Record<string, unknown>[] = [];
    const source = await startAisSource({
      udpPort: 0,
      directory: async () => new Map(),
      now: () => new Date("2026-11-20T12:00:00Z"),
      logger: createLogger("debug", (line) => logged.push(JSON.parse(line))),
      statsIntervalMs: 5,
    });
    const client = createSocket("udp4");
    const line = encodedLines({ aistype: 1, mmsi: 244123456, lat: 51.9, lon: 4.1, sog: 12, cog: 90 })[0]!;
    await new Promise<void>((r) =>
      client.send(`${line}\r\nnot nmea\r\n`, source.udpPort!, "127.0.0.1", () => r()),
    );
    client.close();
    for (let i = 0; i < 500; i++) {
      const last = logged.filter((l) => l.message === "AIS feed counters").at(-1);
      if (last?.sentences === 2) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const counts = logged.filter((l) => l.message === "AIS feed counters").at(-1);
    expect(counts).toMatchObject({
      level: "debug",
      sentences: 2,
      malformed: 1,
      messagesByType: { 1: 1 },
      positionsUnmatched: 1,
    });
    await source.close();
    // The port is free again.
    const again = createSocket("udp4");
    await new Promise<void>((r, reject) => {
      again.once("error", reject);
      again.bind(source.udpPort!, "0.0.0.0", () => r());
    });
    again.close();
  });
});
