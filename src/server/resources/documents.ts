// JSON:API documents as every /v2 answer, webhook payload and stream shapes them: `included` without duplicates,
// the single-resource document (data, included, links) and the list document (data, included, links, meta).
import type { Resource } from "./refs";

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
  /** The resources given, once each and in order, skipping absent ones. */
  static of(...resources: (Resource | undefined)[]): Resource[] {
    const included = new Included([]);
    for (const r of resources) included.add(r);
    return included.toArray();
  }
}

/**
 * A document that is not a paged list: its data (one resource, or an unpaged list such as a container's raw
 * events), the included resources (absent when undefined is passed, as when no include was asked for), and the
 * document's own address.
 */
export function documentOf<D>(data: D, self: string): { data: D; links: { self: string } };
export function documentOf<D, I>(
  data: D,
  self: string,
  included: I[],
): { data: D; included: I[]; links: { self: string } };
export function documentOf<D, I>(
  data: D,
  self: string,
  included: I[] | undefined,
): { data: D; included?: I[]; links: { self: string } };
export function documentOf<D, I>(data: D, self: string, included?: I[]) {
  return { data, ...(included !== undefined ? { included } : {}), links: { self } };
}

/**
 * A list document as every /v2 list answers: the page's data, the included resources when an include was asked for
 * (absent otherwise, as the hosted API does), the links, and the page's size with the list's exact total.
 */
type Meta = { size: number; total: number };
export function listDocumentOf<D, L>(data: D[], links: L, total: number): { data: D[]; links: L; meta: Meta };
export function listDocumentOf<D, L, I>(
  data: D[],
  links: L,
  total: number,
  included: I[],
): { data: D[]; included: I[]; links: L; meta: Meta };
export function listDocumentOf<D, L, I>(
  data: D[],
  links: L,
  total: number,
  included: I[] | undefined,
): { data: D[]; included?: I[]; links: L; meta: Meta };
export function listDocumentOf<D, L, I>(data: D[], links: L, total: number, included?: I[]) {
  return { data, ...(included !== undefined ? { included } : {}), links, meta: { size: data.length, total } };
}
