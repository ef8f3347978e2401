// /v2/custom_field_definitions and their options: the fields an account defines (list, create, read, change,
// delete) and the ordered options of its enum fields, as the hosted API has them. What the attributes are checked
// against is in checks.ts; nothing is stored when a check fails.
import {
  CUSTOM_FIELD_DATA_TYPES,
  DEFINITIONS_PER_ENTITY_MAX,
  OPTIONS_PER_DEFINITION_MAX,
} from "../../../api/custom-field-values";
import { attributePointer } from "../../../api/json-pointer";
import {
  countDefinitions,
  createDefinition,
  createOption,
  type DefinitionRow,
  deleteDefinition,
  deleteOption,
  getDefinition,
  getOption,
  listDefinitions,
  listOptions,
  optionUses,
  updateDefinition,
  updateOption,
} from "../../db/custom-field-definitions";
import { definitionResource, optionResource } from "../../resources/custom-fields";
import { documentOf } from "../../resources/documents";
import type { App, DataDeps } from "../env";
import { ApiError, badParameter, idMismatch, invalidAttribute, notFound } from "../errors";
import { pageDocument, parsePage } from "../paging";
import { createRouter } from "../router";
import { definitionChanges, entityTypeFilter, isEnum, newDefinition } from "./checks";
import {
  createDefinitionRoute,
  createOptionRoute,
  deleteDefinitionRoute,
  deleteOptionRoute,
  getDefinitionRoute,
  getOptionRoute,
  listDefinitionsRoute,
  listOptionsRoute,
  patchDefinitionRoute,
  patchOptionRoute,
} from "./definition-routes";

const self = (id: string) => `/v2/custom_field_definitions/${id}`;

function oneOf<T extends string>(
  parameter: string,
  words: readonly T[],
  given: string | undefined,
): T | undefined {
  if (given === undefined) return undefined;
  if (!(words as readonly string[]).includes(given))
    throw badParameter(parameter, `${parameter} must be one of ${words.join(", ")}.`);
  return given as T;
}

const taken = (pointer: string, detail: string) => invalidAttribute(pointer, detail, "taken");

export function customFieldDefinitionRoutes(deps: Pick<DataDeps, "db" | "clock">): App {
  const app = createRouter();
  const { db, clock } = deps;
  const accountOf = (c: { get(key: "principal"): { account: { id: string } } }) =>
    c.get("principal").account.id;
  const definitionOf = async (accountId: string, id: string): Promise<DefinitionRow> => {
    const row = await getDefinition(db, accountId, id);
    if (!row) throw notFound("custom field definition", id);
    return row;
  };

  app.openapi(listDefinitionsRoute, async (c) => {
    const query = c.req.valid("query");
    const page = parsePage(query);
    const { rows, total } = await listDefinitions(
      db,
      accountOf(c),
      {
        entityType: entityTypeFilter(query["filter[entity_type]"]),
        dataType: oneOf("filter[data_type]", CUSTOM_FIELD_DATA_TYPES, query["filter[data_type]"]),
        displayName: query["filter[display_name]"]?.trim() || undefined,
      },
      page,
    );
    return c.json(pageDocument(c.req.url, page, { total }, rows.map(definitionResource)), 200);
  });

  app.openapi(createDefinitionRoute, async (c) => {
    const accountId = accountOf(c);
    const values = await newDefinition(db, accountId, c.req.valid("json").data.attributes);
    if ((await countDefinitions(db, accountId, values.entityType)) >= DEFINITIONS_PER_ENTITY_MAX)
      throw new ApiError(422, {
        code: "limit_reached",
        detail: `An account has at most ${DEFINITIONS_PER_ENTITY_MAX} custom fields per entity type; delete one to add another.`,
        source: { pointer: attributePointer("entity_type") },
      });
    const row = await createDefinition(db, accountId, values, clock.now());
    if (!row)
      throw taken(
        attributePointer("api_slug"),
        `'${values.apiSlug}' already exists in Account for ${values.entityType} custom fields.`,
      );
    return c.json(documentOf(definitionResource(row), self(row.id)), 201);
  });

  app.openapi(getDefinitionRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(documentOf(definitionResource(await definitionOf(accountOf(c), id)), self(id)), 200);
  });

  app.openapi(patchDefinitionRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { data } = c.req.valid("json");
    if (data.id !== undefined && data.id !== id) throw idMismatch(data.id, id);
    const accountId = accountOf(c);
    const current = await definitionOf(accountId, id);
    const changes = await definitionChanges(db, accountId, current, data.attributes);
    const row = await updateDefinition(db, accountId, id, changes, clock.now());
    if (!row) throw notFound("custom field definition", id);
    return c.json(documentOf(definitionResource(row), self(id)), 200);
  });

  app.openapi(deleteDefinitionRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (!(await deleteDefinition(db, accountOf(c), id))) throw notFound("custom field definition", id);
    return c.json({ meta: { deleted: true as const } }, 200);
  });

  // ---- Options ----

  const enumDefinitionOf = async (accountId: string, id: string) => {
    const definition = await definitionOf(accountId, id);
    if (!isEnum(definition.dataType))
      throw new ApiError(422, {
        code: "not_enum",
        detail: `Only enum and enum_multi fields have options; this one is ${definition.dataType}.`,
        source: { pointer: "/data" },
      });
    return definition;
  };

  app.openapi(listOptionsRoute, async (c) => {
    const { id } = c.req.valid("param");
    const accountId = accountOf(c);
    await definitionOf(accountId, id);
    const rows = await listOptions(db, accountId, [id]);
    return c.json(
      {
        data: rows.map(optionResource),
        links: { self: `${self(id)}/options` },
        meta: { size: rows.length, total: rows.length },
      },
      200,
    );
  });

  app.openapi(createOptionRoute, async (c) => {
    const { id } = c.req.valid("param");
    const a = c.req.valid("json").data.attributes;
    const accountId = accountOf(c);
    await enumDefinitionOf(accountId, id);
    if ((await listOptions(db, accountId, [id])).length >= OPTIONS_PER_DEFINITION_MAX)
      throw new ApiError(422, {
        code: "limit_reached",
        detail: `A field has at most ${OPTIONS_PER_DEFINITION_MAX} options.`,
        source: { pointer: "/data" },
      });
    const row = await createOption(
      db,
      accountId,
      id,
      { label: a.label, value: a.value, position: a.position ?? null },
      clock.now(),
    );
    if (!row) throw taken(attributePointer("value"), `'${a.value}' is already an option of this field.`);
    return c.json(documentOf(optionResource(row), `${self(id)}/options/${row.id}`), 201);
  });

  app.openapi(getOptionRoute, async (c) => {
    const { id, option_id } = c.req.valid("param");
    const row = await getOption(db, accountOf(c), id, option_id);
    if (!row) throw notFound("custom field option", option_id);
    return c.json(documentOf(optionResource(row), `${self(id)}/options/${option_id}`), 200);
  });

  app.openapi(patchOptionRoute, async (c) => {
    const { id, option_id } = c.req.valid("param");
    const { data } = c.req.valid("json");
    if (data.id !== undefined && data.id !== option_id) throw idMismatch(data.id, option_id);
    const row = await updateOption(db, accountOf(c), id, option_id, data.attributes, clock.now());
    if (!row) throw notFound("custom field option", option_id);
    return c.json(documentOf(optionResource(row), `${self(id)}/options/${option_id}`), 200);
  });

  app.openapi(deleteOptionRoute, async (c) => {
    const { id, option_id } = c.req.valid("param");
    const accountId = accountOf(c);
    const option = await getOption(db, accountId, id, option_id);
    if (!option) throw notFound("custom field option", option_id);
    const definition = await definitionOf(accountId, id);
    const uses = await optionUses(db, accountId, id, option.value);
    const isDefault = [definition.defaultValue].flat().includes(option.value);
    if (uses > 0 || isDefault)
      throw new ApiError(422, {
        code: "in_use",
        detail: isDefault
          ? `'${option.value}' is the field's default_value: change the default first.`
          : `${uses} record${uses === 1 ? " has" : "s have"} '${option.value}' set: change or clear those values first.`,
        source: { pointer: "/data" },
      });
    if (!(await deleteOption(db, accountId, id, option_id))) throw notFound("custom field option", option_id);
    return c.json({ meta: { deleted: true as const } }, 200);
  });
  return app;
}
