// JSON:API building blocks of the /v2 contract: identifiers, relationships, links, meta, errors and documents.
import { z } from "zod";

export const isoDateTime = z.iso.datetime({ offset: true });
export const nullableDateTime = isoDateTime.nullable();

export function resourceIdentifier<T extends string>(type: T) {
  return z.object({ id: z.string(), type: z.literal(type) });
}

/** A to-one relationship: `{data: {id, type}}`, or `{data: null}` when empty. */
export function toOne<T extends string>(...types: [T, ...T[]]) {
  return z.object({ data: z.object({ id: z.string(), type: z.enum(types) }).nullable() });
}

/** A to-many relationship: `{data: [{id, type}]}`. */
export function toMany<T extends string>(type: T) {
  return z.object({ data: z.array(resourceIdentifier(type)) });
}

export const selfLinkSchema = z.object({ self: z.string() });

export const listLinksSchema = z
  .object({
    self: z.string(),
    current: z.string(),
    first: z.string(),
    prev: z.string().optional(),
    next: z.string().optional(),
    last: z.string(),
  })
  .meta({ id: "ListLinks" });

export const listMetaSchema = z
  .object({ size: z.number().int(), total: z.number().int() })
  .meta({ id: "ListMeta" });

/** Any resource object, as it may appear in `included`. */
export const anyResourceSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  relationships: z.record(z.string(), z.unknown()).optional(),
  links: z.record(z.string(), z.unknown()).optional(),
});

export function singleDocument<R extends z.ZodType>(resource: R) {
  return z.object({
    data: resource,
    included: z.array(anyResourceSchema).optional(),
    links: selfLinkSchema.optional(),
  });
}

export function listDocument<R extends z.ZodType>(resource: R) {
  return z.object({
    data: z.array(resource),
    included: z.array(anyResourceSchema).optional(),
    links: listLinksSchema,
    meta: listMetaSchema,
  });
}

export const errorObjectSchema = z
  .object({
    status: z.string(),
    code: z.string(),
    title: z.string(),
    detail: z.string(),
    source: z
      .object({
        pointer: z.string().optional(),
        parameter: z.string().optional(),
        header: z.string().optional(),
      })
      .nullable(),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "Error" });
export type ErrorObject = z.infer<typeof errorObjectSchema>;

export const errorDocumentSchema = z
  .object({ errors: z.array(errorObjectSchema) })
  .meta({ id: "ErrorDocument" });
export type ErrorDocument = z.infer<typeof errorDocumentSchema>;

/** Paging limits shared by every list endpoint. */
export const PAGE_SIZE_DEFAULT = 30;
export const PAGE_SIZE_MAX = 100;
