// JSON:API documents as every /v2 answer, webhook payload and stream shapes them: `included` without duplicates,
// and the list document (data, included when asked for, links, meta).
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

/**
 * A list document as every /v2 list answers: the page's data, the included resources when an include was asked for
 * (absent otherwise, as the hosted API does), the links, and the page's size with the list's exact total.
 */
export function listDocumentOf<D, L, I = never>(data: D[], links: L, total: number, included?: I[]) {
  return { data, ...(included !== undefined ? { included } : {}), links, meta: { size: data.length, total } };
}
