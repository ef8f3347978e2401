// The parts of ais-stream-decoder that turn an AIS payload's bits into fields: its bit field and its message
// classes. Its stream front end (AisDecoder) is not used: one out-of-order multi-part fragment makes it emit an
// error that destroys the stream (nothing after it is decoded), its silent mode hides what went wrong so it cannot
// be counted, and its one multi-part buffer mixes the fragments of interleaved messages and never expires them.
// nmea-sentence.ts and fragments.ts do that framing instead. The package is CommonJS with `exports.default`,
// which ESM default imports (tsx, the bundle, vitest) each unwrap differently, so it is loaded with require.
import { createRequire } from "node:module";
import type AisBitFieldClass from "ais-stream-decoder/dist/ais-bitfield.js";
import type formatObject from "ais-stream-decoder/dist/format.js";
import type AisMessage5Class from "ais-stream-decoder/dist/messages/ais-message-5.js";
import type AisMessage18Class from "ais-stream-decoder/dist/messages/ais-message-18.js";
import type AisMessage24Class from "ais-stream-decoder/dist/messages/ais-message-24.js";
import type AisMessage123Class from "ais-stream-decoder/dist/messages/ais-message-123.js";

const require = createRequire(import.meta.url);
const load = <T>(path: string): T => (require(`ais-stream-decoder/dist/${path}`) as { default: T }).default;

export type AisBitField = AisBitFieldClass;
export const AisBitField = load<typeof AisBitFieldClass>("ais-bitfield.js");
/** The library's scaling of raw values, which also maps "not available" codes (lat 91, SOG 102.3, …) to null. */
export const aisFormat = load<typeof formatObject>("format.js");
export const AisMessage123 = load<typeof AisMessage123Class>("messages/ais-message-123.js");
export const AisMessage18 = load<typeof AisMessage18Class>("messages/ais-message-18.js");
export const AisMessage5 = load<typeof AisMessage5Class>("messages/ais-message-5.js");
export const AisMessage24 = load<typeof AisMessage24Class>("messages/ais-message-24.js");
