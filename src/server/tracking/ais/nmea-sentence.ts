// One line of an AIS feed read as an NMEA 0183 sentence: `!AIVDM`/`!AIVDO` with its fragment fields, its payload
// and a verified checksum, optionally behind an NMEA 4.0 tag block (`\s:station,c:1700000000*hh\`) whose `c:`
// gives the time the receiver heard it. Anything else is sorted as malformed or a bad checksum, never thrown.

export interface NmeaSentence {
  /** `AIVDM` (another ship) or `AIVDO` (the receiver's own ship). */
  kind: "AIVDM" | "AIVDO";
  fragmentCount: number;
  fragmentNumber: number;
  /** Ties the fragments of one multi-part message together; empty on single-part messages. */
  sequenceId: string;
  channel: string;
  payload: string;
  fillBits: number;
  /** When the receiver heard it, from the tag block; null when the line has none. */
  receivedAt: Date | null;
}

export type NmeaLine =
  | { kind: "sentence"; sentence: NmeaSentence }
  | { kind: "malformed"; reason: string }
  | { kind: "bad_checksum" };

/** Payload characters: the 6-bit ASCII armouring uses `0`–`W` and `` ` ``–`w`. */
const PAYLOAD = /^[0-W`-w]*$/;
const TAG_BLOCK = /^\\([^\\]*)\\/;

/** XOR of the characters between the start mark and `*`, as two upper-case hex digits. */
export function nmeaChecksum(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum ^= body.charCodeAt(i);
  return sum.toString(16).toUpperCase().padStart(2, "0");
}

/** Reads one line (without its line break). */
export function readNmeaLine(raw: string): NmeaLine {
  let line = raw.trim();
  let receivedAt: Date | null = null;
  const tag = TAG_BLOCK.exec(line);
  if (tag) {
    receivedAt = tagBlockTime(tag[1] ?? "");
    line = line.slice(tag[0].length);
  }
  if (!line.startsWith("!")) return { kind: "malformed", reason: "not an encapsulated sentence" };
  const star = line.lastIndexOf("*");
  if (star < 0 || !/^[0-9A-Fa-f]{2}$/.test(line.slice(star + 1)))
    return { kind: "malformed", reason: "no checksum" };
  const body = line.slice(1, star);
  if (nmeaChecksum(body) !== line.slice(star + 1).toUpperCase()) return { kind: "bad_checksum" };

  const fields = body.split(",");
  if (fields.length !== 7) return { kind: "malformed", reason: "not seven fields" };
  const [address, count, number, sequenceId, channel, payload, fill] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  // The talker is usually AI, but base stations and some receivers use others (BS, AB…): the formatter counts.
  const formatter = address.slice(2);
  if (address.length !== 5 || (formatter !== "VDM" && formatter !== "VDO"))
    return { kind: "malformed", reason: "not a VDM/VDO sentence" };
  const kind = formatter === "VDO" ? "AIVDO" : "AIVDM";
  const fragmentCount = Number(count);
  const fragmentNumber = Number(number);
  const fillBits = Number(fill);
  if (
    !/^[1-9]$/.test(count) ||
    !/^[1-9]$/.test(number) ||
    fragmentNumber > fragmentCount ||
    !/^[0-9]?$/.test(sequenceId) ||
    !/^[0-5]$/.test(fill) ||
    payload.length === 0 ||
    !PAYLOAD.test(payload)
  )
    return { kind: "malformed", reason: "bad fragment fields or payload" };
  return {
    kind: "sentence",
    sentence: { kind, fragmentCount, fragmentNumber, sequenceId, channel, payload, fillBits, receivedAt },
  };
}

/** The `c:` field of a tag block: UNIX seconds (or milliseconds, as some receivers send). */
function tagBlockTime(block: string): Date | null {
  const star = block.lastIndexOf("*");
  const fields = (star >= 0 ? block.slice(0, star) : block).split(",");
  for (const field of fields) {
    if (!field.startsWith("c:")) continue;
    const value = Number(field.slice(2));
    if (!Number.isFinite(value) || value <= 0) return null;
    return new Date(value > 1e11 ? value : value * 1000);
  }
  return null;
}

/** Builds a sentence line (for recordings and tests): the inverse of readNmeaLine. */
export function nmeaLine(
  s: Omit<NmeaSentence, "receivedAt">,
  receivedAt?: Date,
  station = "boxtrack",
): string {
  const body = [
    s.kind,
    s.fragmentCount,
    s.fragmentNumber,
    s.sequenceId,
    s.channel,
    s.payload,
    s.fillBits,
  ].join(",");
  const sentence = `!${body}*${nmeaChecksum(body)}`;
  if (!receivedAt) return sentence;
  const tag = `s:${station},c:${Math.floor(receivedAt.getTime() / 1000)}`;
  return `\\${tag}*${nmeaChecksum(tag)}\\${sentence}`;
}
