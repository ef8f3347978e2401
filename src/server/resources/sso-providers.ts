// JSON:API resources of single sign-on providers (/v2/sso_providers): never the client secret, only whether one is
// stored.
import type { SsoProvider } from "../../api/people";
import type { SsoProviderRow } from "../db/sso-providers";

export function ssoProviderResource(row: SsoProviderRow, clientId: string | undefined): SsoProvider {
  return {
    id: row.id,
    type: "sso_provider",
    attributes: {
      issuer: row.issuer,
      client_id: clientId ?? "",
      client_secret_set: Boolean(row.oidcConfig),
      domains: row.domain.split(",").filter(Boolean),
      default_role: row.defaultRole === "viewer" ? "viewer" : "member",
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
  };
}
