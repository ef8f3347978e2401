// Reads an AIS feed sent as UDP datagrams (what most receivers and forwarders send: AIS-catcher, rtl-ais,
// OpenCPN); each datagram holds one or more whole lines. Binds the port and hands every datagram to the reader.
import { createSocket, type Socket } from "node:dgram";
import { logSafeError } from "../../log-safe-error";
import type { Logger } from "../../logger";

export interface UdpFeedOptions {
  port: number;
  /** Where to listen; every interface by default. */
  host?: string;
  onDatagram: (text: string) => void;
  logger: Logger;
}

export class UdpFeed {
  readonly #socket: Socket;
  readonly ready: Promise<number>;

  constructor(options: UdpFeedOptions) {
    const { logger } = options;
    this.#socket = createSocket("udp4");
    this.#socket.on("message", (message) => options.onDatagram(message.toString("latin1")));
    // A socket error after binding (rare on UDP) is logged; the socket stays open for the next datagram.
    this.#socket.on("error", (error) => logger.warn("AIS UDP feed error", logSafeError(error)));
    this.ready = new Promise((resolve, reject) => {
      this.#socket.once("error", reject);
      this.#socket.bind(options.port, options.host, () => {
        this.#socket.off("error", reject);
        const port = this.#socket.address().port;
        logger.info("AIS feed listening", { udpPort: port });
        resolve(port);
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      try {
        this.#socket.close(() => resolve());
      } catch {
        resolve();
      }
    });
  }
}
