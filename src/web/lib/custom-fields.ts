// The account's custom fields as server state: definitions (Settings → Custom fields writes them), the options of
// enum fields, and the values set on one shipment or container (their pages show and edit them). Here rather than
// in a feature because Settings and both record pages use them.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  type CustomFieldDataType,
  type CustomFieldEntityType,
  DEFINITIONS_PER_ENTITY_MAX,
} from "../../api/custom-field-values";
import {
  customFieldDefinitionSchema,
  customFieldOptionSchema,
  customFieldSchema,
} from "../../api/custom-fields";
import { listDocument, singleDocument } from "../../api/json-api";
import { apiRequest, describeError } from "./api-client";
import { queryRoots } from "./query-roots";

/** The records with their own custom fields pages, by their /v2 path segment. */
export type CustomFieldRecordKind = "shipments" | "containers";

export const customFieldKeys = {
  all: queryRoots.customFields,
  definitions: (entityType: CustomFieldEntityType) =>
    [...customFieldKeys.all, "definitions", entityType] as const,
  options: (definitionId: string) => [...customFieldKeys.all, "options", definitionId] as const,
  values: (kind: CustomFieldRecordKind, id: string) => [...customFieldKeys.all, "values", kind, id] as const,
};

const definitionList = listDocument(customFieldDefinitionSchema);
const definitionDocument = singleDocument(customFieldDefinitionSchema);
const optionList = z.object({ data: z.array(customFieldOptionSchema) });
const optionDocument = singleDocument(customFieldOptionSchema);
const valueList = z.object({ data: z.array(customFieldSchema) });
const valueDocument = singleDocument(customFieldSchema);
const anything = z.unknown();

/** Every definition of one kind of record: an account has at most 100 of each, so one page holds them. */
export function definitionsQuery(entityType: CustomFieldEntityType) {
  return queryOptions({
    queryKey: customFieldKeys.definitions(entityType),
    queryFn: ({ signal }) =>
      apiRequest("/v2/custom_field_definitions", {
        schema: definitionList,
        query: { "filter[entity_type]": entityType, "page[size]": DEFINITIONS_PER_ENTITY_MAX },
        signal,
      }),
  });
}

/** An enum field's options, by position. */
export function optionsQuery(definitionId: string) {
  return queryOptions({
    queryKey: customFieldKeys.options(definitionId),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/custom_field_definitions/${encodeURIComponent(definitionId)}/options`, {
        schema: optionList,
        signal,
      }),
  });
}

/** The values set on one shipment or container. */
export function recordValuesQuery(kind: CustomFieldRecordKind, id: string) {
  return queryOptions({
    queryKey: customFieldKeys.values(kind, id),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/${kind}/${encodeURIComponent(id)}/custom_fields`, { schema: valueList, signal }),
  });
}

export const hasOptions = (dataType: CustomFieldDataType) => dataType === "enum" || dataType === "enum_multi";

/** What Settings sends to make a definition (the slug, kind of record and data type stay once made). */
export interface DefinitionDraft {
  entity_type: CustomFieldEntityType;
  api_slug: string;
  display_name: string;
  description: string | null;
  data_type: CustomFieldDataType;
  validation: Record<string, unknown> | null;
}

/**
 * Every change to definitions and options refreshes all custom field state: a renamed field or a new option shows
 * on the record pages too. Settings shows every error itself (beside the field, in the dialog).
 */
function useCustomFieldMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all }),
    meta: { errorsShownInline: "all" },
  });
}

const definitionPath = (id: string) => `/v2/custom_field_definitions/${encodeURIComponent(id)}`;

export const useCreateDefinition = () =>
  useCustomFieldMutation((draft: DefinitionDraft) =>
    apiRequest("/v2/custom_field_definitions", {
      method: "POST",
      schema: definitionDocument,
      body: { data: { type: "custom_field_definition", attributes: draft } },
    }),
  );

export const useEditDefinition = () =>
  useCustomFieldMutation(
    ({ id, ...attributes }: { id: string; display_name?: string; description?: string | null }) =>
      apiRequest(definitionPath(id), {
        method: "PATCH",
        schema: definitionDocument,
        body: { data: { type: "custom_field_definition", attributes } },
      }),
  );

export const useDeleteDefinition = () =>
  useCustomFieldMutation((id: string) =>
    apiRequest(definitionPath(id), { method: "DELETE", schema: anything }),
  );

export const useCreateOption = () =>
  useCustomFieldMutation(
    ({ definitionId, ...attributes }: { definitionId: string; label: string; value: string }) =>
      apiRequest(`${definitionPath(definitionId)}/options`, {
        method: "POST",
        schema: optionDocument,
        body: { data: { type: "custom_field_option", attributes } },
      }),
  );

export const useEditOption = () =>
  useCustomFieldMutation(
    ({
      definitionId,
      id,
      ...attributes
    }: {
      definitionId: string;
      id: string;
      label?: string;
      position?: number;
    }) =>
      apiRequest(`${definitionPath(definitionId)}/options/${encodeURIComponent(id)}`, {
        method: "PATCH",
        schema: optionDocument,
        body: { data: { type: "custom_field_option", attributes } },
      }),
  );

export const useDeleteOption = () =>
  useCustomFieldMutation(({ definitionId, id }: { definitionId: string; id: string }) =>
    apiRequest(`${definitionPath(definitionId)}/options/${encodeURIComponent(id)}`, {
      method: "DELETE",
      schema: anything,
    }),
  );

/**
 * Sets or clears one field of a record: a first value is POSTed, a later one PATCHed, `null` DELETEd. The record
 * page shows a 422 beside the field, so only other failures are toasted.
 */
export function useSetRecordValue(kind: CustomFieldRecordKind, id: string) {
  const queryClient = useQueryClient();
  const base = `/v2/${kind}/${encodeURIComponent(id)}/custom_fields`;
  return useMutation({
    mutationFn: ({ apiSlug, value, isSet }: { apiSlug: string; value: unknown; isSet: boolean }) => {
      const one = `${base}/${encodeURIComponent(apiSlug)}`;
      if (value === null) return apiRequest(one, { method: "DELETE", schema: anything });
      return isSet
        ? apiRequest(one, {
            method: "PATCH",
            schema: valueDocument,
            body: { data: { type: "custom_field", attributes: { value } } },
          })
        : apiRequest(base, {
            method: "POST",
            schema: valueDocument,
            body: { data: { type: "custom_field", attributes: { api_slug: apiSlug, value } } },
          });
    },
    meta: { errorsShownInline: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customFieldKeys.values(kind, id) }),
        // The lists show the value in its column (include=custom_fields).
        queryClient.invalidateQueries({ queryKey: [...queryRoots[kind], "list"] }),
      ]),
  });
}

/**
 * Sets a new tracking request's custom fields, one at a time; answers a sentence for each that the service refused
 * (the request itself stands: it was made before).
 */
export async function setTrackingRequestValues(
  requestId: string,
  values: readonly { api_slug: string; value: unknown }[],
): Promise<string[]> {
  const failed: string[] = [];
  for (const { api_slug, value } of values) {
    await apiRequest(`/v2/tracking_requests/${encodeURIComponent(requestId)}/custom_fields`, {
      method: "POST",
      schema: valueDocument,
      body: { data: { type: "custom_field", attributes: { api_slug, value } } },
    }).catch((error: unknown) => failed.push(`${api_slug}: ${describeError(error)}`));
  }
  return failed;
}
