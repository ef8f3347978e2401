// Reading a JSON:API document's `included` for the MCP tools: the resources of one type, parsed with the contract's
// schema, by id. A resource that does not fit is left out, so an answer names what it can rather than failing.
import type { z } from "zod";

interface IncludedResource {
  id: string;
  type: string;
}

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
