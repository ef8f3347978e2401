// The tables the authentication library (people/auth.ts) reads and writes through its Drizzle adapter, by the model
// names it is configured with. Single sign-on providers come through the schema's `sso_providers` with
// `oidc_config` opened (and sealed again on write) with SECRETS_KEY, so that the library sees the client secret it
// must send to the provider while the database only ever holds it sealed (secrets.ts, as carrier secrets are).
import { customType, pgTable } from "drizzle-orm/pg-core";
import { openSecret, SealedSecretError, sealSecret } from "../secrets";
import {
  accounts,
  invitations,
  members,
  sessions,
  ssoProviderColumns,
  twoFactors,
  userLogins,
  users,
  verifications,
} from "./schema";

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

/** The library's models: its `user` is `users`, its `organization` our `accounts`, its "account" `user_logins`. */
export function authTables(secretsKey: Buffer | undefined) {
  return {
    users,
    sessions,
    userLogins,
    verifications,
    accounts,
    members,
    invitations,
    twoFactors,
    ssoProviders: sealedSsoProviders(secretsKey),
  };
}
