// Each shipping line's number formats (bill of lading and booking: prefix and pattern) and the owner codes of its
// own boxes, with the one reading of a number against them. The sandbox carrier network, the service's
// infer_number and the dashboard's forms all use these rules, so a number the form accepts is one the line reads.
import { isValidContainerNumber } from "./container-number";
import type { RequestType } from "./tracking-requests";

/**
 * A number format: an optional fixed prefix, then a pattern where D is a digit, L a letter and O a letter
 * of the port of lading's code (three O's in a row spell it, e.g. "SHA" for Shanghai, as CMA CGM and
 * Hapag-Lloyd numbers do).
 */
export interface NumberFormat {
  prefix: string;
  pattern: string;
}

export interface LineNumberFormats {
  scac: string;
  billOfLading: NumberFormat;
  booking: NumberFormat;
  /** Other codes people put in front of a bill of lading: the SCAC and the line's alternative SCACs. */
  otherPrefixes: readonly string[];
  /** BIC owner codes (with the category letter) of the line's own boxes, the main one first. */
  ownerCodes: readonly string[];
}

/** The hosted API's test numbers, under SCAC TEST: one is always found, the other always fails. */
export const TEST_NUMBERS = {
  succeeded: "TEST-TR-SUCCEEDED",
  failed: "TEST-TR-FAILED",
} as const;

// [bill of lading prefix (the reference list's bolPrefix, else the SCAC), its pattern, booking pattern,
//  owner codes, alternative SCACs]. Bookings have no prefix at any line.
type Seed = readonly [string, string, string, string, string?];
const SEEDS: Readonly<Record<string, Seed>> = {
  MAEU: ["MAEU", "DDDDDDDDD", "DDDDDDDDD", "MSKU MRKU MRSU MAEU MSAU"],
  SAFM: ["SAFM", "DDDDDDDDD", "DDDDDDDDD", "SAFU MSKU"],
  SEAU: ["SEAU", "DDDDDDDDD", "DDDDDDDDD", "SEAU MRKU", "SEAL"],
  SEJJ: ["SEJJ", "DDDDDDDDD", "DDDDDDDDD", "MSKU MRKU"],
  SUDU: ["SUDU", "DLLLDDDDDD", "DLLLDDDDDD", "SUDU MSKU"],
  MSCU: ["MEDU", "LLDDDDDD", "DDDDDDDDD", "MSCU MEDU MSDU MSMU MSNU", "MEDU"],
  ZIMU: ["ZIMU", "OOODDDDDDD", "OOODDDDDDD", "ZIMU ZCSU ZCLU"],
  GOSU: ["GOSU", "DDDDDDDDDD", "DDDDDDDDDD", "GOSU ZCSU"],
  CMDU: ["CMDU", "OOODDDDDDD", "LLLDDDDDDD", "CMAU CGMU ECMU APZU"],
  APLU: ["APLU", "DDDDDDDDD", "DDDDDDDDD", "APLU APZU APHU"],
  ANNU: ["ANLC", "OOODDDDDD", "LLLDDDDDDD", "ANNU CMAU"],
  COSU: ["CCMJ", "DDDDDDDDDD", "DDDDDDDDDD", "CSNU CBHU CCLU CSLU"],
  OOLU: ["OOLU", "DDDDDDDDDD", "DDDDDDDDDD", "OOLU OOCU"],
  EGLV: ["EISU", "DDDDDDDDDD", "DDDDDDDDDDDD", "EGHU EISU EMCU EGSU EITU"],
  HLCU: ["HLCU", "OOODDDDDDD", "DDDDDDDD", "HLXU HLBU HAMU UACU"],
  ONEY: ["ONEY", "OOOLDDDDDD", "OOOLDDDDDD", "ONEU NYKU KKFU MOLU"],
  YMLU: ["YMLU", "LDDDDDDDD", "LDDDDDDDD", "YMLU YMMU", "YMPR YMSG YMJA"],
  HDMU: ["HDMU", "OOOLDDDDDD", "OOOLDDDDDD", "HDMU KOCU HMMU"],
  PCIU: ["PABV", "OOODDDDDDD", "OOODDDDDDD", "PCIU PILU"],
  WHLC: ["WHLC", "DDDLDDDDDD", "DDDLDDDDDD", "WHLU WHSU"],
  TXZJ: ["TXZJ", "DDDDDDDDDD", "DDDDDDDDDD", "TXZU TSLU"],
  CULU: ["CULU", "DDDDDDDDDD", "DDDDDDDDDD", "CULU"],
  SQQY: ["SQQY", "DDDDDDDDD", "DDDDDDDDD", "SLDU SJHU", "SJHH"],
  HDUJ: ["HDUJ", "DDDDDDDDDD", "DDDDDDDDDD", "HDJU"],
  SSPH: ["SSPH", "DDDDDDDDD", "DDDDDDDDD", "SSPU"],
  TJFH: ["TJFH", "DDDDDDDDDD", "DDDDDDDDDD", "TJFU"],
  WDSB: ["WDSB", "DDDDDDDDD", "DDDDDDDDD", "WDSU"],
  SMLM: ["SMLM", "OOODDDDDDD", "OOODDDDDDD", "SMCU"],
  CHVW: ["CHVW", "OOODDDDDD", "DDDDDDDD", "CHVU SWCU", "QWJA PLLU"],
  SSBF: ["SSBF", "OOODDDDDD", "DDDDDDDD", "CHVU SWCU", "WWSU"],
  MATS: ["MATS", "DDDDDDDDDD", "DDDDDDD", "MATU"],
  ACLU: ["ACLU", "DDDDDDDDDD", "DDDDDDDD", "ACLU"],
  IILU: ["IILU", "DDDDDDDD", "DDDDDDDD", "IILU"],
  ARKU: ["ARKU", "OOODDDDDDD", "DDDDDDDDD", "ARKU"],
  TRKU: ["TRKU", "DDDDDDDDDD", "DDDDDDDD", "TRKU"],
  SMLU: ["SMLU", "DDDDDDDDD", "DDDDDDD", "SMLU"],
  CLAM: ["CLAM", "DDDDDDDDD", "DDDDDDD", "CMCU", "CWLQ"],
  TRBR: ["TRBR", "DDDDDDDD", "DDDDDDD", "TBXU", "TBIE PYRR"],
  TEST: ["TEST", "LLLLLLLLLL", "LLLLLLLLLL", "TSTU"],
};

const words = (list: string | undefined) => (list ? list.split(" ") : []);

/** Every line's formats, by main SCAC. */
export const LINE_NUMBER_FORMATS: ReadonlyMap<string, LineNumberFormats> = new Map(
  Object.entries(SEEDS).map(([scac, [bolPrefix, bolPattern, bookingPattern, owners, alternatives]]) => [
    scac,
    {
      scac,
      billOfLading: { prefix: bolPrefix, pattern: bolPattern },
      booking: { prefix: "", pattern: bookingPattern },
      otherPrefixes: [scac, ...words(alternatives)],
      ownerCodes: words(owners),
    },
  ]),
);

const BY_ANY_SCAC: ReadonlyMap<string, LineNumberFormats> = new Map([
  ...[...LINE_NUMBER_FORMATS.values()].flatMap((f) =>
    f.otherPrefixes.slice(1).map((alt) => [alt, f] as const),
  ),
  ...LINE_NUMBER_FORMATS,
]);

/** A line's formats by its SCAC or one of its alternative SCACs; undefined for a line these rules do not know. */
export function numberFormatsOf(scac: string): LineNumberFormats | undefined {
  return BY_ANY_SCAC.get(scac.trim().toUpperCase());
}

/** Leasing companies' owner codes: a box of theirs may sail with any line. */
export const LESSOR_OWNER_CODES: readonly string[] = words(
  "TGHU TCNU TRHU CAIU SEGU BMOU FSCU TCKU GESU DFSU",
);
/** Reefer lessors. */
export const REEFER_LESSOR_OWNER_CODES: readonly string[] = words("TRLU SZLU CXRU");

/** Upper case, without spaces or dashes: "medu-ab 123456" and "MEDUAB123456" are the same number. */
export function normalizeNumber(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]+/g, "");
}

const PATTERN_CHARACTERS: Readonly<Record<string, string>> = {
  D: "[0-9]",
  L: "[A-Z]",
  O: "[A-Z]",
};

const regexCache = new Map<string, RegExp>();

function bodyRegex(pattern: string): RegExp {
  let re = regexCache.get(pattern);
  if (!re) {
    re = new RegExp(`^${[...pattern].map((ch) => PATTERN_CHARACTERS[ch] ?? ch).join("")}$`);
    regexCache.set(pattern, re);
  }
  return re;
}

export interface ParsedNumber {
  /** The number as the line prints it (with its prefix). */
  canonical: string;
  /** The three letters of the port of lading's code that the number spells, if its format has them. */
  polCode: string | null;
  /** Whether the number was typed with one of the line's codes in front (so the code names the line). */
  prefixed: boolean;
}

function polCodeOf(pattern: string, body: string): string | null {
  const at = pattern.indexOf("OOO");
  return at < 0 ? null : body.slice(at, at + 3);
}

/**
 * Reads a normalized number in a format. People type bills of lading with or without the prefix (and MSC's
 * with MSCU instead of MEDU), so any of the line's codes is accepted in front and the canonical form restored.
 */
function parseIn(format: NumberFormat, prefixes: readonly string[], number: string): ParsedNumber | null {
  const re = bodyRegex(format.pattern);
  if (re.test(number))
    return {
      canonical: `${format.prefix}${number}`,
      polCode: polCodeOf(format.pattern, number),
      prefixed: false,
    };
  for (const prefix of prefixes) {
    if (!prefix || !number.startsWith(prefix)) continue;
    const body = number.slice(prefix.length);
    if (re.test(body))
      return {
        canonical: `${format.prefix}${body}`,
        polCode: polCodeOf(format.pattern, body),
        prefixed: true,
      };
  }
  return null;
}

/** The line's codes a bill of lading may start with. */
export function billOfLadingPrefixes(formats: LineNumberFormats): string[] {
  return [formats.billOfLading.prefix, ...formats.otherPrefixes];
}

/** The code among the line's that a bill of lading starts with, if any (longest first, so "MEDU" over "MED"). */
export function prefixOfLine(formats: LineNumberFormats, number: string): string | undefined {
  return billOfLadingPrefixes(formats)
    .filter((p) => p !== "" && number.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
}

/** A normalized number read in a line's format for a kind of request, or null when it does not fit. */
export function parseNumber(
  formats: LineNumberFormats,
  requestType: RequestType,
  number: string,
): ParsedNumber | null {
  if (requestType === "container") {
    return isValidContainerNumber(number) ? { canonical: number, polCode: null, prefixed: false } : null;
  }
  if (requestType === "bill_of_lading")
    return parseIn(formats.billOfLading, billOfLadingPrefixes(formats), number);
  return parseIn(formats.booking, [formats.booking.prefix], number);
}

const EXAMPLE_FILL: Readonly<Record<string, string>> = {
  D: "1234567890",
  L: "ABCDEFGHIJ",
  O: "SHA",
};

/** A number in the format, to show what the line's numbers look like: "CMDUSHA1234567". */
export function exampleNumber(format: NumberFormat): string {
  const used: Record<string, number> = {};
  const body = [...format.pattern]
    .map((ch) => {
      const fill = EXAMPLE_FILL[ch];
      if (!fill) return ch;
      const i = used[ch] ?? 0;
      used[ch] = i + 1;
      return fill[i % fill.length];
    })
    .join("");
  return `${format.prefix}${body}`;
}

export const REQUEST_TYPE_NOUNS: Readonly<Record<RequestType, string>> = {
  bill_of_lading: "bill of lading",
  booking_number: "booking number",
  container: "container number",
};

export type NumberCheck = { ok: true; canonical: string } | { ok: false; reason: string };

const CONTAINER_SHAPE = /^[A-Z]{3}[UJZR][0-9]{7}$/;

/** Why a container number is not valid (its shape, then its check digit), or null when it is. */
export function containerNumberProblem(number: string): string | null {
  const normalized = normalizeNumber(number);
  if (isValidContainerNumber(normalized)) return null;
  return CONTAINER_SHAPE.test(normalized)
    ? `${number} is not a valid container number: its check digit (the last digit, ${normalized.at(-1)}) does not match the rest; check it for a typo.`
    : `${number} is not a container number: they are 4 letters (the fourth U, J, Z or R) and 7 digits, like MSKU1234565.`;
}

/**
 * Whether `number` can be a `requestType` number of the line `scac` (`lineName` names it in the reason): the
 * canonical number, or one sentence saying why not and what the line's numbers look like. A line these rules
 * do not know passes anything non-empty: the service that tracks it decides.
 */
export function checkNumber(
  scac: string,
  requestType: RequestType,
  number: string,
  lineName = scac,
): NumberCheck {
  const normalized = normalizeNumber(number);
  const shown = number.trim();
  if (normalized === "") return { ok: false, reason: "The number is missing." };
  if (requestType === "container") {
    const problem = containerNumberProblem(shown);
    return problem ? { ok: false, reason: problem } : { ok: true, canonical: normalized };
  }
  const formats = numberFormatsOf(scac);
  if (!formats) return { ok: true, canonical: normalized };
  if (formats.scac === "TEST") {
    const tests = Object.values(TEST_NUMBERS);
    return tests.some((t) => normalizeNumber(t) === normalized)
      ? { ok: true, canonical: normalized }
      : {
          ok: false,
          reason: `${shown} is not a test number: use ${tests.join(" or ")}.`,
        };
  }
  const parsed = parseNumber(formats, requestType, normalized);
  if (parsed) return { ok: true, canonical: parsed.canonical };
  const format = requestType === "bill_of_lading" ? formats.billOfLading : formats.booking;
  return {
    ok: false,
    reason: `${shown} is not a ${lineName} ${REQUEST_TYPE_NOUNS[requestType]}: they look like ${exampleNumber(format)}.`,
  };
}
