// Refuses the NUL character (U+0000) in every string a /v2 request carries: query parameter names and values, path
// ids, and the names and string values of a JSON body. PostgreSQL's text cannot hold it, so without this one check
// each field would fail as a 500 deep in a query; here it is a 400 or 422 naming the field, before any handler.
import type { MiddlewareHandler } from "hono";
import { pointerTo } from "../../api/json-pointer";
import type { AppEnv } from "./env";
import { ApiError, type ErrorSpec } from "./errors";

const NUL = "\u0000";
const RULE = "must not contain the NUL character (\\u0000)";

/** A name as an error shows it: a NUL inside it written as \u0000, so that the detail stays printable. */
const printable = (name: string) => name.replaceAll(NUL, "\\u0000");

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Query parameters and the path's id (its third segment: every /v2 path parameter is `{id}`). */
export const refuseNulInUrl: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const errors: ErrorSpec[] = [];
  const id = url.pathname.split("/")[3];
  if (id !== undefined && decodeSegment(id).includes(NUL)) {
    errors.push({
      code: "invalid_parameter",
      detail: `id ${RULE}.`,
      source: { parameter: "id" },
    });
  }
  for (const [name, value] of url.searchParams) {
    if (!name.includes(NUL) && !value.includes(NUL)) continue;
    const parameter = printable(name);
    errors.push({
      code: "invalid_parameter",
      detail: `${parameter} ${RULE}.`,
      source: { parameter },
    });
  }
  if (errors.length > 0) throw new ApiError(400, errors);
  await next();
};

/** Every string of a parsed JSON body, and every member name, that holds a NUL: a 422 pointing at each. */
export function refuseNulInBody(body: unknown): void {
  const errors: ErrorSpec[] = [];
  const visit = (value: unknown, path: (string | number)[]) => {
    if (typeof value === "string") {
      if (value.includes(NUL)) errors.push(nulError(path));
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, [...path, i]);
    } else if (value !== null && typeof value === "object") {
      for (const [name, member] of Object.entries(value)) {
        if (name.includes(NUL)) errors.push(nulError([...path, name]));
        else visit(member, [...path, name]);
      }
    }
  };
  visit(body, []);
  if (errors.length > 0) throw new ApiError(422, errors);
}

function nulError(path: (string | number)[]): ErrorSpec {
  const name = printable(String(path.filter((p) => typeof p === "string").at(-1) ?? "data"));
  return {
    code: "invalid",
    detail: `${name} ${RULE}.`,
    source: { pointer: pointerTo(path) },
  };
}
