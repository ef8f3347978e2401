// Turns the text of an AIS feed into decoded messages, line by line: splits chunks into lines (a TCP chunk or a
// UDP datagram may end mid-line or hold several), reads each sentence, reassembles multi-part messages and
// decodes them. Every kind of bad input is counted and dropped; nothing a feed sends can throw out of here.

import type { AisCounters } from "./ais-counters";
import { type AisPositionReport, type AisStaticData, decodeAisPayload } from "./ais-messages";
import { FragmentAssembler } from "./fragments";
import { readNmeaLine } from "./nmea-sentence";

/** A line longer than this is not NMEA (82 characters, plus a tag block): dropped without buffering more. */
const MAX_LINE = 1_024;

export interface AisMessageSink {
  /** `receivedAt` is when the receiver heard it (its tag block), else when this service read it. */
  position(report: AisPositionReport, receivedAt: Date): void;
  staticData(data: AisStaticData, receivedAt: Date): void;
}

export class NmeaReader {
  readonly #counters: AisCounters;
  readonly #sink: AisMessageSink;
  readonly #now: () => Date;
  readonly #fragments = new FragmentAssembler();
  /** The unfinished end of the last chunk of a stream feed. */
  #partial = "";

  constructor(counters: AisCounters, sink: AisMessageSink, now: () => Date) {
    this.#counters = counters;
    this.#sink = sink;
    this.#now = now;
  }

  /** Text from a stream (TCP): lines may be split across chunks. */
  chunk(text: string): void {
    const lines = (this.#partial + text).split(/\r?\n|\r/);
    this.#partial = lines.pop() ?? "";
    if (this.#partial.length > MAX_LINE) {
      this.#counters.sentences++;
      this.#counters.malformed++;
      this.#partial = "";
    }
    for (const line of lines) this.line(line);
  }

  /** A whole datagram (UDP): every line in it is complete. */
  datagram(text: string): void {
    for (const line of text.split(/\r?\n|\r/)) this.line(line);
  }

  /** A stream ended or was cut: an unfinished line is dropped, not joined to the next connection's first. */
  reset(): void {
    this.#partial = "";
  }

  line(raw: string): void {
    if (raw.trim() === "") return;
    const counters = this.#counters;
    counters.sentences++;
    try {
      const read = readNmeaLine(raw.length > MAX_LINE ? "" : raw);
      if (read.kind === "bad_checksum") {
        counters.badChecksums++;
        return;
      }
      if (read.kind === "malformed") {
        counters.malformed++;
        return;
      }
      const { sentence } = read;
      const receivedAt = sentence.receivedAt ?? this.#now();
      const assembled = this.#fragments.add(sentence, receivedAt.getTime());
      counters.fragmentsExpired = this.#fragments.incomplete;
      if (assembled.kind !== "complete") return;
      const decoded = decodeAisPayload(assembled.payload, assembled.fillBits);
      if (decoded.kind === "invalid") {
        counters.malformed++;
        return;
      }
      counters.message(decoded.type);
      if (decoded.kind === "position") this.#sink.position(decoded, receivedAt);
      else if (decoded.kind === "static") this.#sink.staticData(decoded, receivedAt);
    } catch {
      // Nothing above should throw; if the library ever does on some input, that line is malformed, the feed
      // goes on.
      counters.malformed++;
    }
  }

  /** Drops multi-part messages left waiting too long (called from time to time, so a silent feed frees them). */
  expireFragments(): void {
    this.#fragments.expire(this.#now().getTime());
    this.#counters.fragmentsExpired = this.#fragments.incomplete;
  }
}
