// Builds AIS lines for tests with ggencoder's encoder (a dev dependency, as the recording script uses it).
import { createRequire } from "node:module";
import { nmeaLine, readNmeaLine } from "./nmea-sentence";

const require = createRequire(import.meta.url);
const { AisEncode } = require("ggencoder") as {
  AisEncode: new (msg: Record<string, unknown>) => { valid: boolean; nmea: string };
};

/** One message as tag-blocked lines heard at `at`, split into fragments of 60 characters as on air. */
export function encodedLines(msg: Record<string, unknown>, at?: Date, sequenceId = "1"): string[] {
  const encoded = new AisEncode(msg);
  const read = readNmeaLine(encoded.nmea);
  if (!encoded.valid || read.kind !== "sentence") throw new Error(`cannot encode ${JSON.stringify(msg)}`);
  const parts = read.sentence.payload.match(/.{1,60}/g) ?? [];
  return parts.map((payload, i) =>
    nmeaLine(
      {
        kind: "AIVDM",
        fragmentCount: parts.length,
        fragmentNumber: i + 1,
        sequenceId: parts.length > 1 ? sequenceId : "",
        channel: "A",
        payload,
        fillBits: i === parts.length - 1 ? read.sentence.fillBits : 0,
      },
      at,
    ),
  );
}
