// Starts the AIS positions source from the configuration: a TCP or UDP NMEA feed into the reader, the reader into
// the positions source the engine reads. Logs the counters once a minute at debug and frees stale fragments.

import { MINUTE } from "../../../api/durations";
import type { Db } from "../../db/connection";
import type { Logger } from "../../logger";
import { AisCounters } from "./ais-counters";
import { AisPositions, databaseDirectory, type VesselDirectory } from "./ais-positions";
import { NmeaReader } from "./nmea-reader";
import { TcpFeed } from "./tcp-feed";
import { UdpFeed } from "./udp-feed";

export interface AisSourceOptions {
  tcp?: { host: string; port: number };
  udpPort?: number;
  /** The database whose vessels table maps IMO numbers to MMSIs; or a directory given directly (tests). */
  db?: Db;
  directory?: VesselDirectory;
  now: () => Date;
  logger: Logger;
  /** Reconnect backoff of the TCP feed, first and longest wait (tests shorten them). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the counters are logged (at debug) and stale fragments freed; a minute unless a test says. */
  statsIntervalMs?: number;
}

export interface AisSource {
  positions: AisPositions;
  counters: AisCounters;
  /** The UDP port bound (the configured one, or the one chosen for port 0); null for a TCP feed. */
  udpPort: number | null;
  tcp: TcpFeed | null;
  close(): Promise<void>;
}

export async function startAisSource(options: AisSourceOptions): Promise<AisSource> {
  const { logger, now } = options;
  const directory = options.directory ?? (options.db ? databaseDirectory(options.db) : undefined);
  if (!directory) throw new Error("the AIS source needs the database (or a vessel directory)");
  const counters = new AisCounters();
  const positions = new AisPositions({ counters, directory, now });
  const reader = new NmeaReader(counters, positions, now);

  const tcp = options.tcp
    ? new TcpFeed({
        ...options.tcp,
        logger,
        onText: (text) => reader.chunk(text),
        onDisconnect: () => reader.reset(),
        minBackoffMs: options.minBackoffMs,
        maxBackoffMs: options.maxBackoffMs,
      })
    : null;
  const udp =
    options.udpPort !== undefined
      ? new UdpFeed({ port: options.udpPort, logger, onDatagram: (text) => reader.datagram(text) })
      : null;
  const udpPort = udp ? await udp.ready : null;

  const tick = setInterval(() => {
    reader.expireFragments();
    logger.debug("AIS feed counters", { ...counters.snapshot(), held: positions.held });
  }, options.statsIntervalMs ?? MINUTE);
  tick.unref();

  return {
    positions,
    counters,
    udpPort,
    tcp,
    async close() {
      clearInterval(tick);
      tcp?.close();
      await udp?.close();
    },
  };
}
