// Builds `included` for a document: resolves requested relationship paths to resources, without duplicates.
import type { z } from "zod";
import type { anyResourceSchema } from "../../api/json-api";

type Resource = z.infer<typeof anyResourceSchema>;

/** Collects included resources, keeping the first copy of each (type, id) and never the primary data. */
export class Included {
  readonly #seen = new Set<string>();
  readonly #list: Resource[] = [];
  constructor(primary: { id: string; type: string }[]) {
    for (const p of primary) this.#seen.add(`${p.type}/${p.id}`);
  }
  add(resource: Resource | undefined) {
    if (!resource) return;
    const key = `${resource.type}/${resource.id}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.#list.push(resource);
  }
  toArray(): Resource[] {
    return this.#list;
  }
}
