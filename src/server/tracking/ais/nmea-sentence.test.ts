// Reading one feed line: a good sentence with its fields and tag-block time, and each way a line can be bad.
import { describe, expect, it } from "vitest";
import { nmeaLine, readNmeaLine } from "./nmea-sentence";

const GOOD = "!AIVDM,1,1,,B,133i;RPP1DPEbcDMV@1r:Ow:2>`<,0*41";

describe("readNmeaLine", () => {
  it("reads a single-part sentence and its fields", () => {
    expect(readNmeaLine(GOOD)).toEqual({
      kind: "sentence",
      sentence: {
        kind: "AIVDM",
        fragmentCount: 1,
        fragmentNumber: 1,
        sequenceId: "",
        channel: "B",
        payload: "133i;RPP1DPEbcDMV@1r:Ow:2>`<",
        fillBits: 0,
        receivedAt: null,
      },
    });
  });

  it("takes the time heard from a tag block (seconds or milliseconds), and reads !AIVDO and other talkers", () => {
    const tagged = readNmeaLine(`\\s:rx-1,c:1795176600*26\\${GOOD}`);
    expect(tagged.kind === "sentence" && tagged.sentence.receivedAt?.toISOString()).toBe(
      "2026-11-20T12:10:00.000Z",
    );
    const ms = readNmeaLine(`\\c:1795176600123*00\\${GOOD}`);
    expect(ms.kind === "sentence" && ms.sentence.receivedAt?.getTime()).toBe(1795176600123);
    const own = nmeaLine({ ...sentenceOf(GOOD), kind: "AIVDO" });
    expect(readNmeaLine(own)).toMatchObject({ kind: "sentence", sentence: { kind: "AIVDO" } });
    const base = readNmeaLine(nmeaLineOf("BSVDM,1,1,,B,133i;RPP1DPEbcDMV@1r:Ow:2>`<,0"));
    expect(base).toMatchObject({ kind: "sentence", sentence: { kind: "AIVDM" } });
  });

  it("tells a wrong checksum from a malformed line", () => {
    expect(readNmeaLine(GOOD.replace("*41", "*42"))).toEqual({ kind: "bad_checksum" });
    for (const bad of [
      "",
      "hello",
      "$GPGGA,064036.289,4836.5375,N,00740.9373,E,1,04,3.2,200.2,M,,,,0000*0E",
      "!AIVDM,1,1,,B,133i;RPP1DPEbcDMV@1r:Ow:2>`<,0",
    ])
      expect(readNmeaLine(bad).kind).toBe("malformed");
    // Checksums right, fields wrong: a part beyond the count, no payload, a character outside the armouring.
    for (const body of [
      "AIVDM,1,2,,A,133i,0",
      "AIVDM,1,1,,A,,0",
      "AIVDM,1,1,,A,13x|,0",
      "AIVDM,1,1,,A,133i,7",
    ]) {
      expect(readNmeaLine(nmeaLineOf(body)).kind).toBe("malformed");
    }
  });

  it("writes what it reads (the recording script's lines)", () => {
    const at = new Date("2026-11-20T12:10:00Z");
    const read = readNmeaLine(nmeaLine(sentenceOf(GOOD), at, "rx-2"));
    expect(read).toEqual({ kind: "sentence", sentence: { ...sentenceOf(GOOD), receivedAt: at } });
  });
});

function sentenceOf(line: string) {
  const read = readNmeaLine(line);
  if (read.kind !== "sentence") throw new Error(line);
  const { receivedAt: _, ...rest } = read.sentence;
  return rest;
}

function nmeaLineOf(body: string): string {
  let sum = 0;
  for (const ch of body) sum ^= ch.charCodeAt(0);
  return `!${body}*${sum.toString(16).toUpperCase().padStart(2, "0")}`;
}
