// The table the authentication library reads single sign-on providers through: the schema's `sso_providers` with
// `oidc_config` opened (and sealed again on write) with SECRETS_KEY, so that the library sees the client secret it
// must send to the provider while the database only ever holds it sealed (secrets.ts, as carrier secrets are).
import { customType, pgTable } from "drizzle-orm/pg-core";
import { ssoProviderColumns } from "../db/schema";
import { openSecret, SealedSecretError, sealSecret } from "../secrets";

function sealedText(key: Buffer | undefined) {
  return customType<{ data: string; driverData: string }>({
    dataType: () => "text",
    toDriver: (value) => {
      if (!key)
        throw new SealedSecretError("SECRETS_KEY is not set: single sign-on secrets cannot be stored");
      return sealSecret(value, key);
    },
    fromDriver: (value) => {
      // Without the key (or under another one) the provider reads as unconfigured: sign-in through it fails.
      if (!key) return "";
      try {
        return openSecret(value, key).toString("utf8");
      } catch {
        return "";
      }
    },
  });
}

export function sealedSsoProviders(key: Buffer | undefined) {
  return pgTable("sso_providers", ssoProviderColumns(sealedText(key)("oidc_config")));
}
