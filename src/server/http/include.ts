// Parsing of the `include` query parameter against the relationship paths a resource allows.
import { badParameter } from "./errors";

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
