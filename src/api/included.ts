// Looks up related resources in a JSON:API document's `included`, parsed with the resource's contract schema; the
// dashboard and the MCP tools read answers with it. A resource that does not fit is left out, so an answer names
// what it can rather than failing.
import type { z } from "zod";

interface IncludedResource {
  id: string;
  type: string;
}

interface Identifier {
  id: string;
  type: string;
}

/** Resources of one type in `included`, by id; entries that do not match the schema are left out. */
export function includedOfType<S extends z.ZodType<{ id: string; type: string }>>(
  included: readonly IncludedResource[] | undefined,
  type: string,
  schema: S,
): Map<string, z.output<S>> {
  const found = new Map<string, z.output<S>>();
  for (const resource of included ?? []) {
    if (resource.type !== type) continue;
    const parsed = schema.safeParse(resource);
    if (parsed.success) found.set(resource.id, parsed.data);
  }
  return found;
}

/** The included resource a to-one relationship points at, if it was included and matches the schema. */
export function findIncluded<S extends z.ZodType<{ id: string; type: string }>>(
  included: readonly IncludedResource[] | undefined,
  identifier: Identifier | null | undefined,
  schema: S,
): z.output<S> | undefined {
  if (!identifier) return undefined;
  const resource = included?.find((r) => r.id === identifier.id && r.type === identifier.type);
  if (!resource) return undefined;
  const parsed = schema.safeParse(resource);
  return parsed.success ? parsed.data : undefined;
}
