// Query parameters that several resources share: `include` against the relationship paths a resource allows,
// boolean filters, and numbers. (Paging is in paging.ts.)
import { badParameter } from "./errors";

/** A number as JSON and the OpenAPI document write one (an exponent allowed): not hex, not Infinity. */
const JSON_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The number a query value writes, trimmed; NaN for anything else (hex, words, blank, too large to be finite). */
export function queryNumber(raw: string): number {
  const text = raw.trim();
  const value = JSON_NUMBER.test(text) ? Number(text) : Number.NaN;
  return Number.isFinite(value) ? value : Number.NaN;
}

/** Returns the requested include paths; an unknown one is a 400 naming the parameter. */
export function parseInclude(raw: string | undefined, allowed: readonly string[]): Set<string> {
  const paths = new Set<string>();
  if (raw === undefined || raw.trim() === "") return paths;
  for (const part of raw.split(",")) {
    const path = part.trim();
    if (path === "") continue;
    if (!allowed.includes(path)) {
      throw badParameter(
        "include",
        `'${path}' is not a relationship that can be included here; allowed: ${allowed.join(", ")}.`,
      );
    }
    paths.add(path);
    // Including a nested path includes its parents, as JSON:API requires.
    const segments = path.split(".");
    for (let i = 1; i < segments.length; i++) paths.add(segments.slice(0, i).join("."));
  }
  return paths;
}

/** A parameter that is one of `allowed`, or absent (undefined, as is empty); anything else is a 400 naming both. */
export function parseOneOf<T extends string>(
  name: string,
  raw: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (raw === undefined || raw === "") return undefined;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw badParameter(name, `${name} must be one of ${allowed.join(", ")} (got '${raw}').`);
}

/** A boolean parameter: `true`, `false`, or absent (undefined); anything else is a 400 naming it. */
export function parseBoolean(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw badParameter(name, `${name} must be 'true' or 'false' (got '${raw}').`);
}
