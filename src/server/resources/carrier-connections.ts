// JSON:API resources of carrier connections, as /v2/carrier_connections answers them: the connection without its
// secrets (only whether each is set), and the outcome of a `POST …/test`.
import type {
  CARRIER_API_VERSIONS,
  CarrierAuthType,
  CarrierConnection,
  CarrierConnectionStatus,
  CarrierConnectionTest,
} from "../../api/carrier-connections";
import type { CarrierConnectionRow } from "../db/carrier-connections";

/** `shippingLineName`: the line's name from the reference data (the SCAC itself if the list no longer has it). */
export function carrierConnectionResource(
  row: CarrierConnectionRow,
  shippingLineName: string,
): CarrierConnection {
  return {
    id: row.id,
    type: "carrier_connection",
    attributes: {
      scac: row.scac,
      shipping_line_name: shippingLineName,
      name: row.name,
      base_url: row.baseUrl,
      api_version: row.apiVersion as (typeof CARRIER_API_VERSIONS)[number],
      auth_type: row.authType as CarrierAuthType,
      api_key_header: row.apiKeyHeader,
      api_key_set: row.apiKeySealed !== null,
      oauth_token_url: row.oauthTokenUrl,
      oauth_client_id: row.oauthClientId,
      oauth_scope: row.oauthScope,
      oauth_client_secret_set: row.oauthClientSecretSealed !== null,
      internal: row.internal,
      push_enabled: row.pushEnabled,
      status: row.status as CarrierConnectionStatus,
      status_detail: row.statusDetail,
      checked_at: row.checkedAt?.toISOString() ?? null,
      last_success_at: row.lastSuccessAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
    links: { self: `/v2/carrier_connections/${row.id}` },
  };
}

export interface ConnectionTestOutcome {
  id: string;
  connectionId: string;
  ok: boolean;
  status: CarrierConnectionStatus;
  httpStatus: number | null;
  detail: string;
  url: string;
  durationMs: number;
  checkedAt: Date;
}

export function carrierConnectionTestResource(outcome: ConnectionTestOutcome): CarrierConnectionTest {
  return {
    id: outcome.id,
    type: "carrier_connection_test",
    attributes: {
      ok: outcome.ok,
      status: outcome.status,
      http_status: outcome.httpStatus,
      detail: outcome.detail,
      url: outcome.url,
      duration_ms: Math.round(outcome.durationMs),
      checked_at: outcome.checkedAt.toISOString(),
    },
    relationships: {
      carrier_connection: { data: { type: "carrier_connection", id: outcome.connectionId } },
    },
  };
}
