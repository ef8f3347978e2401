// Which permission (src/api/roles.ts) each /v2 operation needs: the one table the auth middleware checks every
// request against and the OpenAPI document publishes (`x-permission`, `x-minimum-role` on each operation). An
// operation missing here is refused whoever asks (fail closed), and a test fails on any documented operation
// without an entry, so a route added later cannot skip the check.
import { PERMISSIONS, type Permission } from "../../api/roles";

/** `METHOD /v2/path/{param}` as the OpenAPI document writes it. */
export const ROUTE_PERMISSIONS: Record<string, Permission> = {
  // Reads of the account's data: every role and every key.
  "GET /v2/shipments": "read",
  "GET /v2/shipments/{id}": "read",
  "GET /v2/shipments/{id}/share_links": "read",
  "GET /v2/shipments/{id}/arrival_predictions": "read",
  "GET /v2/tracking_requests": "read",
  "GET /v2/tracking_requests/{id}": "read",
  // Works out a number's line and type; changes nothing (the tracking form asks it as one types).
  "POST /v2/tracking_requests/infer_number": "read",
  "GET /v2/containers": "read",
  "GET /v2/containers/summary": "read",
  "GET /v2/containers/{id}": "read",
  "GET /v2/containers/{id}/route": "read",
  "GET /v2/containers/{id}/map_geojson": "read",
  "GET /v2/containers/{id}/transport_events": "read",
  "GET /v2/containers/{id}/raw_events": "read",
  "GET /v2/containers/{id}/voyage_exceptions": "read",
  "GET /v2/carrier_data_quality": "read",
  "GET /v2/parties": "read",
  "GET /v2/parties/{id}": "read",
  "GET /v2/vessels": "read",
  "GET /v2/vessels/{id}": "read",
  "GET /v2/vessels/{id}/future_positions_with_coordinates": "read",
  "GET /v2/vessels/{id}/future_positions": "read",
  "GET /v2/ports/{id}": "read",
  "GET /v2/metro_areas/{id}": "read",
  "GET /v2/terminals/{id}": "read",
  "GET /v2/shipping_lines": "read",
  "GET /v2/shipping_lines/{id}": "read",
  "GET /v2/search": "read",
  "GET /v2/saved_views": "read",
  "GET /v2/saved_views/{id}": "read",
  "GET /v2/webhooks/events": "read",
  "GET /v2/webhooks/ips": "read",
  "GET /v2/webhooks": "read",
  "GET /v2/webhooks/{id}": "read",
  "GET /v2/webhook_notifications": "read",
  "GET /v2/webhook_notifications/examples": "read",
  "GET /v2/webhook_notifications/{id}": "read",
  "GET /v2/carrier_connections": "read",
  "GET /v2/carrier_connections/{id}": "read",
  "GET /v2/stream": "read",
  "GET /v2/account": "read",
  "GET /v2/documents": "read",
  "GET /v2/documents/types": "read",
  "GET /v2/document_schemas/{id}": "read",
  "GET /v2/documents/{id}": "read",
  "GET /v2/documents/{id}/download_url": "read",
  // The signed link's signature is its permission (app.ts lets it past the guards); listed so it is documented.
  "GET /v2/documents/{id}/download": "read",
  "GET /v2/email_submissions": "read",
  "GET /v2/email_submissions/{id}": "read",
  // Where to forward paperwork: every member sends it there.
  "GET /v2/inbound_email": "read",
  // What members do: track, stop and resume, refresh, edit shipments, containers and requests, customers, views.
  "POST /v2/tracking_requests": "track",
  "PATCH /v2/tracking_requests/{id}": "track",
  "PATCH /v2/shipments/{id}": "track",
  "PATCH /v2/shipments/{id}/stop_tracking": "track",
  "PATCH /v2/shipments/{id}/resume_tracking": "track",
  // A read-only link to a shipment for someone outside the account: sharing its data is a tracking decision.
  "POST /v2/shipments/{id}/share_links": "track",
  "DELETE /v2/shipments/{id}/share_links/{link_id}": "track",
  "PATCH /v2/containers": "track",
  "PATCH /v2/containers/{id}": "track",
  "PATCH /v2/containers/{id}/refresh": "track",
  "POST /v2/parties": "track",
  "PATCH /v2/parties/{id}": "track",
  "POST /v2/saved_views": "track",
  "PATCH /v2/saved_views/{id}": "track",
  "DELETE /v2/saved_views/{id}": "track",
  // Paperwork: uploading it, correcting what was read, linking it to shipments, removing it.
  "POST /v2/documents": "track",
  // The bytes first (the hosted API's two-step upload), then a JSON POST /v2/documents that attaches them.
  "POST /v2/document_uploads": "track",
  "PATCH /v2/documents/{id}": "track",
  "DELETE /v2/documents/{id}": "track",
  "POST /v2/documents/{id}/reextract": "track",
  "POST /v2/documents/{id}/reclassify": "track",
  "POST /v2/documents/{id}/relink": "track",
  "POST /v2/documents/{id}/rotate": "track",
  // Custom fields: reading them is reading the account's data; defining fields and setting values on shipments,
  // containers and tracking requests is editing them, as a member does.
  "GET /v2/custom_field_definitions": "read",
  "GET /v2/custom_field_definitions/{id}": "read",
  "GET /v2/custom_field_definitions/{id}/options": "read",
  "GET /v2/custom_field_definitions/{id}/options/{option_id}": "read",
  "GET /v2/custom_fields": "read",
  "GET /v2/custom_fields/{id}": "read",
  "GET /v2/shipments/{id}/custom_fields": "read",
  "GET /v2/shipments/{id}/custom_fields/{api_slug}": "read",
  "GET /v2/containers/{id}/custom_fields": "read",
  "GET /v2/containers/{id}/custom_fields/{api_slug}": "read",
  "GET /v2/tracking_requests/{id}/custom_fields": "read",
  "GET /v2/tracking_requests/{id}/custom_fields/{api_slug}": "read",
  "POST /v2/custom_field_definitions": "track",
  "PATCH /v2/custom_field_definitions/{id}": "track",
  "DELETE /v2/custom_field_definitions/{id}": "track",
  "POST /v2/custom_field_definitions/{id}/options": "track",
  "PATCH /v2/custom_field_definitions/{id}/options/{option_id}": "track",
  "DELETE /v2/custom_field_definitions/{id}/options/{option_id}": "track",
  "POST /v2/custom_fields": "track",
  "PATCH /v2/custom_fields/{id}": "track",
  "DELETE /v2/custom_fields/{id}": "track",
  "POST /v2/shipments/{id}/custom_fields": "track",
  "PATCH /v2/shipments/{id}/custom_fields/{api_slug}": "track",
  "DELETE /v2/shipments/{id}/custom_fields/{api_slug}": "track",
  "POST /v2/containers/{id}/custom_fields": "track",
  "PATCH /v2/containers/{id}/custom_fields/{api_slug}": "track",
  "DELETE /v2/containers/{id}/custom_fields/{api_slug}": "track",
  "POST /v2/tracking_requests/{id}/custom_fields": "track",
  "PATCH /v2/tracking_requests/{id}/custom_fields/{api_slug}": "track",
  "DELETE /v2/tracking_requests/{id}/custom_fields/{api_slug}": "track",
  // Integrations (admins, and full keys): webhooks, their test deliveries and resends, carrier connections.
  "POST /v2/webhooks/trigger": "integrations",
  "POST /v2/webhooks": "integrations",
  "PATCH /v2/webhooks/{id}": "integrations",
  "DELETE /v2/webhooks/{id}": "integrations",
  "POST /v2/webhooks/{id}/test": "integrations",
  "POST /v2/webhook_notifications/{id}/resend": "integrations",
  "POST /v2/carrier_connections": "integrations",
  "PATCH /v2/carrier_connections/{id}": "integrations",
  "DELETE /v2/carrier_connections/{id}": "integrations",
  // The account's email-in address: who may send to it, which types are tracked at once, a new address.
  "PATCH /v2/inbound_email": "integrations",
  "POST /v2/inbound_email/rotate": "integrations",
  "POST /v2/carrier_connections/{id}/test": "integrations",
  // A person's own: who they are, their sessions.
  "GET /v2/users/me": "self",
  "PATCH /v2/users/me": "self",
  "GET /v2/sessions": "self",
  "DELETE /v2/sessions": "self",
  "DELETE /v2/sessions/{id}": "self",
  // Assistants that sign in (OAuth): the consent page's request and answer, the person's connected assistants.
  "GET /v2/assistant_authorizations/{id}": "self",
  "POST /v2/assistant_authorizations/{id}/approve": "self",
  "POST /v2/assistant_authorizations/{id}/deny": "self",
  "GET /v2/connected_assistants": "self",
  "DELETE /v2/connected_assistants/{id}": "self",
  // A person's own alert rules and notifications (a key has no person: 403).
  "GET /v2/alert_rules": "self",
  "POST /v2/alert_rules": "self",
  "GET /v2/alert_rules/{id}": "self",
  "PATCH /v2/alert_rules/{id}": "self",
  "DELETE /v2/alert_rules/{id}": "self",
  "GET /v2/notifications": "self",
  "PATCH /v2/notifications/{id}": "self",
  "POST /v2/notifications/mark_all_read": "self",
  // Their own deliveries; an owner or admin everyone's (decided in the handler).
  "GET /v2/alert_deliveries": "self",
  // People (admins, never a key): members, invitations, API keys, single sign-on, the whole activity log.
  "GET /v2/users": "people",
  "PATCH /v2/users/{id}": "people",
  "DELETE /v2/users/{id}": "people",
  "GET /v2/invitations": "people",
  "POST /v2/invitations": "people",
  "DELETE /v2/invitations/{id}": "people",
  "GET /v2/api_keys": "people",
  "POST /v2/api_keys": "people",
  "DELETE /v2/api_keys/{id}": "people",
  "GET /v2/sso_providers": "people",
  "POST /v2/sso_providers": "people",
  "PATCH /v2/sso_providers/{id}": "people",
  "DELETE /v2/sso_providers/{id}": "people",
  // Everyone reads the log; what they see depends on the role (admins the account's, others their own entries).
  "GET /v2/activity": "read",
  // Free time: everyone reads the tariffs (published and the account's own); admins and owners (and full keys)
  // keep the account's own negotiated free time and rates.
  "GET /v2/free_time_tariffs": "read",
  "GET /v2/free_time_tariffs/{id}": "read",
  "POST /v2/free_time_tariffs": "tariffs",
  "PATCH /v2/free_time_tariffs/{id}": "tariffs",
  "DELETE /v2/free_time_tariffs/{id}": "tariffs",
  // Owners: account settings (the company name, requiring two-factor).
  "PATCH /v2/account": "account",
};

/** The OpenAPI extension fields of an operation. */
export function permissionFields(
  key: string,
): { "x-permission": Permission; "x-minimum-role": string } | undefined {
  const permission = ROUTE_PERMISSIONS[key];
  return permission
    ? { "x-permission": permission, "x-minimum-role": PERMISSIONS[permission].least }
    : undefined;
}

interface Operation {
  method: string;
  pattern: RegExp;
  /** Fixed paths win over templated ones (`/v2/webhooks/events` is not the webhook with id "events"). */
  params: number;
  permission: Permission | undefined;
}

/**
 * Finds the documented operation of a request and its permission. Built from the documented operations (the
 * route registry), so that a route the document does not describe is none (and is refused).
 */
export class OperationTable {
  readonly #operations: Operation[];
  readonly #paths: RegExp[];

  constructor(
    documented: Iterable<{ method: string; path: string }>,
    table: Record<string, Permission> = ROUTE_PERMISSIONS,
  ) {
    this.#operations = [...documented]
      .map(({ method, path }) => ({
        method: method.toUpperCase(),
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}/?$`),
        params: (path.match(/\{/g) ?? []).length,
        permission: table[`${method.toUpperCase()} ${path}`],
      }))
      .sort((a, b) => a.params - b.params);
    this.#paths = this.#operations.map((o) => o.pattern);
  }

  /** The operation's permission; `undeclared` for a documented operation without one; `none` for no operation. */
  find(method: string, path: string): { permission: Permission } | "undeclared" | "none" {
    const wanted = method === "HEAD" ? "GET" : method;
    const operation = this.#operations.find((o) => o.method === wanted && o.pattern.test(path));
    if (!operation) return "none";
    return operation.permission ? { permission: operation.permission } : "undeclared";
  }

  /** Whether any documented operation has this path (another method: the 405 handlers answer it). */
  hasPath(path: string): boolean {
    return this.#paths.some((p) => p.test(path));
  }
}
