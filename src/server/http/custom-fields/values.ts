// Custom field values: /v2/custom_fields (list with the hosted filters, set, read, change, clear) and each record's
// own fields at /v2/{shipments|containers|tracking_requests}/{id}/custom_fields/{api_slug}. A record or value of
// another account answers 404 as an unknown one does; a value is checked against its definition (checks.ts).
import { type CustomFieldEntityType, ENTITY_TYPE_OF } from "../../../api/custom-field-values";
import { isUuid } from "../../../api/ids";
import { attributePointer } from "../../../api/json-pointer";
import { type DefinitionRow, findDefinitionBySlug } from "../../db/custom-field-definitions";
import {
  createValue,
  deleteValue,
  entityValues,
  findEntityValue,
  getValue,
  listValues,
  recordExists,
  updateValue,
  type ValueRecord,
} from "../../db/custom-field-values";
import { documentOf } from "../../resources/documents";
import type { App, DataDeps } from "../env";
import { ApiError, badParameter, idMismatch, invalidAttribute, notFound } from "../errors";
import { pageDocument, parsePage } from "../paging";
import { createRouter } from "../router";
import { checkedSlug, entityTypeFilter, storedValue, valueResources } from "./checks";
import {
  createValueRoute,
  deleteValueRoute,
  ENTITY_PATHS,
  entityRoutes,
  getValueRoute,
  listValuesRoute,
  patchValueRoute,
} from "./value-routes";

const WORDS: Record<CustomFieldEntityType, string> = {
  Shipment: "shipment",
  Container: "container",
  TrackingRequest: "tracking request",
};
/** The definitions a kind of record takes values of, in the order a slug is looked up. */
const DEFINITION_KINDS: Record<CustomFieldEntityType, CustomFieldEntityType[]> = {
  Shipment: ["Shipment"],
  Container: ["Container"],
  // For the shipment it becomes: the hosted API defines fields for shipments and containers only.
  TrackingRequest: ["TrackingRequest", "Shipment"],
};

function uuidFilter(parameter: string, given: string | undefined): string | undefined {
  if (given === undefined || given === "") return undefined;
  if (!isUuid(given)) throw badParameter(parameter, `${parameter} must be an id (a UUID).`);
  return given;
}

export function customFieldValueRoutes(deps: Pick<DataDeps, "db" | "clock">): App {
  const app = createRouter();
  const { db, clock } = deps;
  const accountOf = (c: { get(key: "principal"): { account: { id: string } } }) =>
    c.get("principal").account.id;
  const one = async (accountId: string, record: ValueRecord, self: string) => {
    const [resource] = await valueResources(db, accountId, [record]);
    return documentOf(resource!, self);
  };
  const definitionFor = async (accountId: string, type: CustomFieldEntityType, slug: string) => {
    const definition = await findDefinitionBySlug(db, accountId, DEFINITION_KINDS[type], checkedSlug(slug));
    if (!definition)
      throw invalidAttribute(
        attributePointer("api_slug"),
        `No ${WORDS[type]} custom field has the api_slug '${slug}' in this account; define it first (POST /v2/custom_field_definitions).`,
        "not_found",
      );
    return definition;
  };
  /** Sets a new value on a record; a second of the same field is refused (it is PATCHed). */
  const create = async (
    accountId: string,
    entity: { type: CustomFieldEntityType; id: string },
    definition: DefinitionRow,
    value: unknown,
  ) => {
    const stored = await storedValue(db, accountId, definition, value);
    const record = await createValue(db, accountId, definition, entity, stored, clock.now());
    if (!record)
      throw invalidAttribute(
        attributePointer("api_slug"),
        `This ${WORDS[entity.type]} already has '${definition.apiSlug}' set; change it with PATCH.`,
        "taken",
      );
    return record;
  };
  const change = async (accountId: string, record: ValueRecord, value: unknown) => {
    const stored = await storedValue(db, accountId, record.definition, value);
    const row = await updateValue(db, accountId, record, stored, clock.now());
    if (!row) throw notFound("custom field", record.value.id);
    return row;
  };

  app.openapi(listValuesRoute, async (c) => {
    const query = c.req.valid("query");
    const page = parsePage(query);
    const accountId = accountOf(c);
    const filter = {
      entityType: entityTypeFilter(query["filter[entity_type]"]),
      entityId: uuidFilter("filter[entity_id]", query["filter[entity_id]"]),
      definitionId: uuidFilter("filter[definition_id]", query["filter[definition_id]"]),
    };
    const { rows, total } = await listValues(db, accountId, filter, page);
    return c.json(pageDocument(c.req.url, page, { total }, await valueResources(db, accountId, rows)), 200);
  });

  app.openapi(createValueRoute, async (c) => {
    const { attributes, relationships } = c.req.valid("json").data;
    const accountId = accountOf(c);
    const entity = relationships.entity.data;
    const type = ENTITY_TYPE_OF[entity.type]!;
    if (!(await recordExists(db, accountId, type, entity.id)))
      throw new ApiError(404, {
        code: "not_found",
        detail: `No ${WORDS[type]} with that id exists in this account.`,
        source: { pointer: "/data/relationships/entity/data/id" },
      });
    const definition = await definitionFor(accountId, type, attributes.api_slug);
    const record = await create(accountId, { type, id: entity.id }, definition, attributes.value);
    return c.json(await one(accountId, record, `/v2/custom_fields/${record.value.id}`), 201);
  });

  app.openapi(getValueRoute, async (c) => {
    const { id } = c.req.valid("param");
    const accountId = accountOf(c);
    const record = await getValue(db, accountId, id);
    if (!record) throw notFound("custom field", id);
    return c.json(await one(accountId, record, `/v2/custom_fields/${id}`), 200);
  });

  app.openapi(patchValueRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { data } = c.req.valid("json");
    if (data.id !== undefined && data.id !== id) throw idMismatch(data.id, id);
    const accountId = accountOf(c);
    const record = await getValue(db, accountId, id);
    if (!record) throw notFound("custom field", id);
    const row = await change(accountId, record, data.attributes.value);
    return c.json(await one(accountId, row, `/v2/custom_fields/${id}`), 200);
  });

  app.openapi(deleteValueRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (!(await deleteValue(db, accountOf(c), id))) throw notFound("custom field", id);
    return c.json({ meta: { deleted: true as const } }, 200);
  });

  for (const path of ENTITY_PATHS) {
    const routes = entityRoutes(path);
    const { type, segment } = path;
    const base = (id: string) => `/v2/${segment}/${id}/custom_fields`;
    const entityOf = async (accountId: string, id: string) => {
      if (!(await recordExists(db, accountId, type, id))) throw notFound(WORDS[type], id);
      return { type, id };
    };
    /** The record's value of that slug: 404 when the record, the field or the value is not there. */
    const fieldOf = async (accountId: string, id: string, slug: string) => {
      await entityOf(accountId, id);
      const definition = await findDefinitionBySlug(db, accountId, DEFINITION_KINDS[type], slug);
      const record = definition ? await findEntityValue(db, accountId, id, definition.id) : undefined;
      if (!record)
        throw new ApiError(404, {
          code: "not_found",
          detail: `This ${WORDS[type]} has no custom field '${slug.slice(0, 63)}' set.`,
        });
      return record;
    };

    app.openapi(routes.list, async (c) => {
      const { id } = c.req.valid("param");
      const accountId = accountOf(c);
      await entityOf(accountId, id);
      const rows = await entityValues(db, accountId, id);
      const data = await valueResources(db, accountId, rows);
      return c.json(
        { data, links: { self: base(id) }, meta: { size: data.length, total: data.length } },
        200,
      );
    });

    app.openapi(routes.create, async (c) => {
      const { id } = c.req.valid("param");
      const { api_slug, value } = c.req.valid("json").data.attributes;
      const accountId = accountOf(c);
      const entity = await entityOf(accountId, id);
      const record = await create(accountId, entity, await definitionFor(accountId, type, api_slug), value);
      return c.json(await one(accountId, record, `${base(id)}/${api_slug}`), 201);
    });

    app.openapi(routes.get, async (c) => {
      const { id, api_slug } = c.req.valid("param");
      const accountId = accountOf(c);
      const record = await fieldOf(accountId, id, api_slug);
      return c.json(await one(accountId, record, `${base(id)}/${api_slug}`), 200);
    });

    app.openapi(routes.patch, async (c) => {
      const { id, api_slug } = c.req.valid("param");
      const { data } = c.req.valid("json");
      const accountId = accountOf(c);
      const record = await fieldOf(accountId, id, api_slug);
      if (data.id !== undefined && data.id !== record.value.id) throw idMismatch(data.id, record.value.id);
      const row = await change(accountId, record, data.attributes.value);
      return c.json(await one(accountId, row, `${base(id)}/${api_slug}`), 200);
    });

    app.openapi(routes.delete, async (c) => {
      const { id, api_slug } = c.req.valid("param");
      const accountId = accountOf(c);
      const record = await fieldOf(accountId, id, api_slug);
      if (!(await deleteValue(db, accountId, record.value.id))) throw notFound("custom field", api_slug);
      return c.body(null, 204);
    });
  }
  return app;
}
