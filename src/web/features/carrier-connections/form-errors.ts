// Places the API's 422 errors about a carrier connection beside the form field they are about, by
// `source.pointer` (`/data/attributes/base_url` → the base address); what matches no shown field goes above the
// form. A field of another auth type than the one shown has no input on screen, so its error goes above too.

import type { CarrierAuthType } from "../../../api/carrier-connections";
import type { ErrorObject } from "../../../api/json-api";
import { attributeAt } from "../../../api/json-pointer";
import { AUTH_FIELDS } from "./form-state";

/** The attributes the form has an input for, whatever the auth type. */
export const CONNECTION_FIELDS = [
  "scac",
  "name",
  "base_url",
  "api_version",
  "auth_type",
  "api_key_header",
  "api_key",
  "oauth_token_url",
  "oauth_client_id",
  "oauth_client_secret",
  "oauth_scope",
  "push_enabled",
  "internal",
] as const;
export type ConnectionField = (typeof CONNECTION_FIELDS)[number];

export type ConnectionFieldErrors = Partial<Record<ConnectionField | "form", string[]>>;

const AUTH_ONLY = new Set<string>(Object.values(AUTH_FIELDS).flat());

/** Whether the form shows an input for `field` while `authType` is chosen. */
export function fieldShown(field: ConnectionField, authType: CarrierAuthType): boolean {
  return !AUTH_ONLY.has(field) || (AUTH_FIELDS[authType] as readonly string[]).includes(field);
}

function add(errors: ConnectionFieldErrors, field: ConnectionField | "form", detail: string) {
  const list = errors[field] ?? [];
  if (!list.includes(detail)) list.push(detail);
  errors[field] = list;
}

export function connectionErrorsByField(
  errors: readonly ErrorObject[],
  authType: CarrierAuthType,
): ConnectionFieldErrors {
  const result: ConnectionFieldErrors = {};
  for (const error of errors) {
    const detail = error.detail || error.title;
    const attribute = attributeAt(error.source?.pointer)?.attribute;
    const field = CONNECTION_FIELDS.find((name) => name === attribute);
    add(result, field && fieldShown(field, authType) ? field : "form", detail);
  }
  return result;
}

export function hasErrors(errors: ConnectionFieldErrors): boolean {
  return Object.values(errors).some((list) => list && list.length > 0);
}

/** The first field with an error, in the order of the form ("form" first: the box above it). */
export function firstErrorField(errors: ConnectionFieldErrors): ConnectionField | "form" | undefined {
  if (errors.form?.length) return "form";
  return CONNECTION_FIELDS.find((field) => errors[field]?.length);
}
