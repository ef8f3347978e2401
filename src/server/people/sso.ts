// An account's OpenID Connect single sign-on providers: registered by an admin through /v2/sso_providers, stored
// with their client secret sealed with SECRETS_KEY (the authentication library reads them opened, through
// people/sso-table.ts), and the email domains whose people sign in through them.
//
// Domains are verified offline, by a rule a database copy or a rogue admin cannot get around: an admin may claim
// only the domain of their own verified email (ana@acme.com claims acme.com, not gmail.com nor a competitor's),
// and a domain signs in through one provider only, whatever the account. A domain that is not theirs needs the
// operator: `npm run accounts -- sso-domain <provider id> <domain>`.
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { ssoProviderWriteBodySchema } from "../../api/people";
import { recordActivities } from "../db/activities";
import type { Db } from "../db/connection";
import { getUser } from "../db/people";
import {
  allSsoProviders,
  deleteSsoProvider,
  domainsInUse,
  getSsoProvider,
  insertSsoProvider,
  type SsoProviderChanges,
  type SsoProviderRow,
  ssoProviderByRowId,
  updateSsoProvider,
} from "../db/sso-providers";
import { openSecret, sealSecret } from "../secrets";
import { type Doer, doneBy, type Origin } from "./activity";
import type { Refusal } from "./roles";

/** What the library needs to sign a person in through the provider; stored sealed as `oidc_config`. */
interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  pkce: boolean;
  discoveryEndpoint: string;
  scopes: string[];
  mapping: { id: string; email: string; emailVerified: string; name: string };
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const pointer = (name: string) => `/data/attributes/${name}`;

export function domainsOf(row: Pick<SsoProviderRow, "domain">): string[] {
  return row.domain
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean);
}

/** The client id as stored (sealed JSON): the API shows it, never the secret. */
export function openedConfig(row: SsoProviderRow, key: Buffer | undefined): OidcConfig | undefined {
  if (!key || !row.oidcConfig) return undefined;
  try {
    return JSON.parse(openSecret(row.oidcConfig, key).toString("utf8")) as OidcConfig;
  } catch {
    return undefined;
  }
}

/** The provider whose domains take in this email's domain, if any (the sign-in page asks before the password). */
export async function ssoProviderForEmail(db: Db, email: string) {
  const domain = email.trim().toLowerCase().split("@")[1];
  if (!domain) return undefined;
  const rows = await allSsoProviders(db);
  return rows.find((row) => domainsOf(row).some((d) => domain === d || domain.endsWith(`.${d}`)));
}

export interface SsoContext {
  secretsKey: Buffer | undefined;
  /** Issuer origins on private or loopback addresses the operator allows (SSO_TRUSTED_ISSUERS). */
  trustedIssuers: string[];
}

function issuerProblem(issuer: string, context: SsoContext): string | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return "issuer must be a URL, like https://login.example.com.";
  }
  if (context.trustedIssuers.includes(url.origin)) return undefined;
  if (url.protocol !== "https:")
    return "issuer must be an https address (an internal one must be allowed by the operator: SSO_TRUSTED_ISSUERS).";
  return undefined;
}

/** Checks the domains an admin gives: well-formed, theirs (their verified email's), and nobody else's. */
async function domainsProblem(
  db: Db,
  domains: string[],
  doer: Doer,
  exceptId: string | undefined,
): Promise<Refusal | undefined> {
  if (domains.length === 0 || domains.length > 20)
    return {
      ok: false,
      status: 422,
      code: "invalid",
      pointer: pointer("domains"),
      message: 'Give one to 20 email domains, like ["acme.com"].',
    };
  for (const domain of domains)
    if (!DOMAIN.test(domain))
      return {
        ok: false,
        status: 422,
        code: "invalid",
        pointer: pointer("domains"),
        message: `'${domain.slice(0, 100)}' is not a domain name like acme.com.`,
      };
  if (doer.kind !== "user")
    return {
      ok: false,
      status: 403,
      code: "forbidden",
      message: "Only a person can register single sign-on.",
    };
  const person = await getUser(db, doer.userId);
  const own = person?.email.split("@")[1]?.toLowerCase();
  for (const domain of domains) {
    if (!person?.emailVerified || domain !== own)
      return {
        ok: false,
        status: 422,
        code: "domain_not_verified",
        pointer: pointer("domains"),
        message: `You can add only the domain of your own verified email${own ? ` (${own})` : ""}; the operator adds others (npm run accounts -- sso-domain).`,
      };
  }
  const taken = await domainsInUse(db, exceptId);
  const clash = domains.find((d) => taken.has(d));
  if (clash)
    return {
      ok: false,
      status: 422,
      code: "domain_taken",
      pointer: pointer("domains"),
      message: `${clash} signs in through another provider already.`,
    };
  return undefined;
}

type WriteAttributes = z.infer<typeof ssoProviderWriteBodySchema>["data"]["attributes"];

export async function registerSsoProvider(
  db: Db,
  context: SsoContext,
  values: { accountId: string; doer: Doer; origin: Origin; attributes: WriteAttributes },
): Promise<{ ok: true; row: SsoProviderRow } | Refusal> {
  const a = values.attributes;
  for (const name of ["issuer", "client_id", "client_secret", "domains"] as const)
    if (a[name] === undefined)
      return {
        ok: false,
        status: 422,
        code: "missing",
        pointer: pointer(name),
        message: `${name} is required.`,
      };
  if (!context.secretsKey)
    return {
      ok: false,
      status: 422,
      code: "secrets_key_missing",
      pointer: pointer("client_secret"),
      message:
        "This service has no SECRETS_KEY, so it cannot keep a client secret: ask the operator to set one.",
    };
  const issuer = a.issuer!.replace(/\/+$/, "");
  const problem = issuerProblem(issuer, context);
  if (problem)
    return { ok: false, status: 422, code: "invalid", pointer: pointer("issuer"), message: problem };
  if (!a.client_id!.trim())
    return {
      ok: false,
      status: 422,
      code: "invalid",
      pointer: pointer("client_id"),
      message: "client_id must not be empty.",
    };
  const domains = [...new Set(a.domains!.map((d) => d.trim().toLowerCase()))];
  const refused = await domainsProblem(db, domains, values.doer, undefined);
  if (refused) return refused;
  const config: OidcConfig = {
    issuer,
    clientId: a.client_id!.trim(),
    clientSecret: a.client_secret!,
    pkce: true,
    discoveryEndpoint: `${issuer}/.well-known/openid-configuration`,
    scopes: ["openid", "email", "profile"],
    mapping: { id: "sub", email: "email", emailVerified: "email_verified", name: "name" },
  };
  const now = values.origin.now;
  const row = await db.transaction(async (tx) => {
    const inserted = await insertSsoProvider(tx, {
      issuer,
      oidcConfig: sealSecret(JSON.stringify(config), context.secretsKey!),
      userId: values.doer.kind === "user" ? values.doer.userId : null,
      providerId: `oidc-${randomBytes(8).toString("hex")}`,
      organizationId: values.accountId,
      domain: domains.join(","),
      defaultRole: a.default_role ?? "member",
      createdAt: now,
      updatedAt: now,
    });
    await recordActivities(tx, [
      doneBy(
        values.accountId,
        "sso_provider.created",
        values.doer,
        values.origin,
        `connected single sign-on through ${issuer} for ${domains.join(", ")}`,
        { type: "sso_provider", id: inserted.id },
        { issuer, domains },
      ),
    ]);
    return inserted;
  });
  return { ok: true, row };
}

export async function editSsoProvider(
  db: Db,
  context: SsoContext,
  values: { accountId: string; id: string; doer: Doer; origin: Origin; attributes: WriteAttributes },
): Promise<{ ok: true; row: SsoProviderRow } | Refusal> {
  const current = await getSsoProvider(db, values.accountId, values.id);
  if (!current)
    return {
      ok: false,
      status: 404,
      code: "not_found",
      message: "No single sign-on provider with this id in this account.",
    };
  if (!context.secretsKey)
    return {
      ok: false,
      status: 422,
      code: "secrets_key_missing",
      pointer: pointer("client_secret"),
      message: "This service has no SECRETS_KEY: ask the operator to set one.",
    };
  const config = openedConfig(current, context.secretsKey);
  if (!config)
    return {
      ok: false,
      status: 422,
      code: "secret_unreadable",
      pointer: pointer("client_secret"),
      message: "The stored client secret was sealed under another SECRETS_KEY: give client_secret again.",
    };
  const a = values.attributes;
  const changes: SsoProviderChanges = { updatedAt: values.origin.now };
  if (a.issuer !== undefined) {
    const issuer = a.issuer.replace(/\/+$/, "");
    const problem = issuerProblem(issuer, context);
    if (problem)
      return { ok: false, status: 422, code: "invalid", pointer: pointer("issuer"), message: problem };
    config.issuer = issuer;
    config.discoveryEndpoint = `${issuer}/.well-known/openid-configuration`;
    changes.issuer = issuer;
  }
  if (a.client_id !== undefined) {
    if (!a.client_id.trim())
      return {
        ok: false,
        status: 422,
        code: "invalid",
        pointer: pointer("client_id"),
        message: "client_id must not be empty.",
      };
    config.clientId = a.client_id.trim();
  }
  if (a.client_secret !== undefined) config.clientSecret = a.client_secret;
  if (a.domains !== undefined) {
    const domains = [...new Set(a.domains.map((d) => d.trim().toLowerCase()))];
    const kept = new Set(domainsOf(current));
    // Domains it has already keep their verification; only new ones must be the admin's own.
    const added = domains.filter((d) => !kept.has(d));
    if (domains.length === 0)
      return {
        ok: false,
        status: 422,
        code: "invalid",
        pointer: pointer("domains"),
        message: "Give at least one email domain.",
      };
    if (added.length > 0) {
      const refused = await domainsProblem(db, added, values.doer, current.id);
      if (refused) return refused;
    }
    changes.domain = domains.join(",");
  }
  if (a.default_role !== undefined) changes.defaultRole = a.default_role;
  changes.oidcConfig = sealSecret(JSON.stringify(config), context.secretsKey);
  const row = await db.transaction(async (tx) => {
    const updated = await updateSsoProvider(tx, values.accountId, values.id, changes);
    const fields = Object.keys(a).filter((k) => k !== "client_secret");
    await recordActivities(tx, [
      doneBy(
        values.accountId,
        "sso_provider.updated",
        values.doer,
        values.origin,
        `changed single sign-on through ${updated!.issuer}`,
        { type: "sso_provider", id: values.id },
        { changed: [...fields, ...(a.client_secret !== undefined ? ["client_secret"] : [])] },
      ),
    ]);
    return updated!;
  });
  return { ok: true, row };
}

export async function removeSsoProvider(
  db: Db,
  values: { accountId: string; id: string; doer: Doer; origin: Origin },
) {
  return db.transaction(async (tx) => {
    const row = await deleteSsoProvider(tx, values.accountId, values.id);
    if (row)
      await recordActivities(tx, [
        doneBy(
          values.accountId,
          "sso_provider.deleted",
          values.doer,
          values.origin,
          `removed single sign-on through ${row.issuer}`,
          { type: "sso_provider", id: row.id },
        ),
      ]);
    return row;
  });
}

/**
 * The operator's way past the domain rule (`npm run accounts -- sso-domain`): a domain no admin of the account can
 * verify by email (a company's second domain). Still one provider per domain. True, or why not.
 */
export async function addSsoDomain(
  db: Db,
  providerRowId: string,
  domain: string,
  now: Date,
): Promise<true | string> {
  if (!DOMAIN.test(domain)) return `'${domain}' is not a domain name like acme.com.`;
  const row = await ssoProviderByRowId(db, providerRowId);
  if (!row) return "No single sign-on provider with this id (GET /v2/sso_providers lists them).";
  if ((await domainsInUse(db, row.id)).has(domain))
    return `${domain} signs in through another provider already.`;
  const domains = [...new Set([...domainsOf(row), domain])];
  await db.transaction(async (tx) => {
    await updateSsoProvider(tx, row.organizationId, row.id, { domain: domains.join(","), updatedAt: now });
    await recordActivities(tx, [
      {
        accountId: row.organizationId,
        kind: "sso_provider.updated",
        actor: { type: "system", name: "operator (npm run accounts)" },
        summary: `The operator let single sign-on through ${row.issuer} take ${domain}`,
        subjectType: "sso_provider",
        subjectId: row.id,
        details: { domain },
        occurredAt: now,
      },
    ]);
  });
  return true;
}
