// Turns zod validation failures of requests into JSON:API errors with a source naming what was wrong.
import type { z } from "zod";
import { pointerTo } from "../../api/json-pointer";
import { ApiError, type ErrorSpec } from "./errors";

type Target = "query" | "json" | "param" | string;

/** Attribute names that exist on the resource but that clients cannot write. */
export type ReadOnly = readonly string[];

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

export function validationError(
  target: Target,
  error: z.ZodError,
  readOnly: ReadOnly = [],
  input?: unknown,
): ApiError {
  if (target === "query" || target === "param") {
    return new ApiError(
      400,
      error.issues.map((issue) => {
        const parameter = String(issue.path[0] ?? "");
        return { code: "invalid_parameter", detail: `${parameter}: ${issue.message}`, source: { parameter } };
      }),
    );
  }
  const errors: ErrorSpec[] = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const pointer = pointerTo([...issue.path, key]);
        const isAttribute = issue.path.length === 2 && issue.path[1] === "attributes";
        const detail = !isAttribute
          ? `'${key}' is not allowed here.`
          : readOnly.includes(key)
            ? `${key} is read-only and cannot be changed.`
            : `${key} is not an attribute that can be written.`;
        errors.push({
          code: readOnly.includes(key) ? "read_only" : "unknown_attribute",
          detail,
          source: { pointer },
        });
      }
      continue;
    }
    const pointer = pointerTo(issue.path);
    const name = String(issue.path.filter((p) => typeof p === "string").at(-1) ?? "data");
    const missing = issue.code === "invalid_type" && valueAt(input, issue.path) === undefined;
    errors.push({
      code: missing ? "blank" : "invalid",
      detail: missing
        ? `${name} is required.`
        : names(issue.message, name)
          ? issue.message
          : `${name}: ${issue.message}`,
      source: { pointer },
    });
  }
  return new ApiError(422, errors);
}

/** Whether a message already names the field, as `company_name` or in words ("Company name can't be blank"). */
function names(message: string, field: string): boolean {
  return message.includes(field) || message.toLowerCase().includes(field.replaceAll("_", " ").toLowerCase());
}
