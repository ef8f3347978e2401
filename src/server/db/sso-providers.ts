// An account's single sign-on providers (OpenID Connect). The stored `oidc_config` is sealed by the caller (people/
// sso.ts seals it with SECRETS_KEY); this module never sees a secret in clear.
import { and, desc, eq, ne } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { ssoProviders } from "./schema";

export type SsoProviderRow = typeof ssoProviders.$inferSelect;

export async function listSsoProviders(db: Db, accountId: string): Promise<SsoProviderRow[]> {
  return db
    .select()
    .from(ssoProviders)
    .where(eq(ssoProviders.organizationId, accountId))
    .orderBy(desc(ssoProviders.createdAt), desc(ssoProviders.id));
}

export async function getSsoProvider(
  db: Db,
  accountId: string,
  id: string,
): Promise<SsoProviderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(ssoProviders)
    .where(and(eq(ssoProviders.organizationId, accountId), eq(ssoProviders.id, id)));
  return row;
}

export async function insertSsoProvider(
  db: Db,
  values: typeof ssoProviders.$inferInsert,
): Promise<SsoProviderRow> {
  const [row] = await db.insert(ssoProviders).values(values).returning();
  return row!;
}

export async function updateSsoProvider(
  db: Db,
  accountId: string,
  id: string,
  changes: Partial<typeof ssoProviders.$inferInsert>,
): Promise<SsoProviderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(ssoProviders)
    .set(changes)
    .where(and(eq(ssoProviders.organizationId, accountId), eq(ssoProviders.id, id)))
    .returning();
  return row;
}

export async function deleteSsoProvider(
  db: Db,
  accountId: string,
  id: string,
): Promise<SsoProviderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .delete(ssoProviders)
    .where(and(eq(ssoProviders.organizationId, accountId), eq(ssoProviders.id, id)))
    .returning();
  return row;
}

/** Every provider's domains but one's (a domain signs in through one provider only, whatever the account). */
export async function domainsInUse(db: Db, exceptId?: string): Promise<Set<string>> {
  const rows = await db
    .select({ domain: ssoProviders.domain })
    .from(ssoProviders)
    .where(exceptId ? ne(ssoProviders.id, exceptId) : undefined);
  return new Set(rows.flatMap((r) => r.domain.split(",").map((d) => d.trim().toLowerCase())));
}

/** The issuers' origins (for the auth library's list of trusted origins, when internal issuers are allowed). */
export async function ssoIssuers(db: Db): Promise<string[]> {
  const rows = await db.select({ issuer: ssoProviders.issuer }).from(ssoProviders);
  return rows.map((r) => r.issuer);
}

export type SsoProviderChanges = Partial<typeof ssoProviders.$inferInsert>;

/**
 * Every account's providers: the sign-in page asks which provider takes an email's domain before it knows the
 * account, so this one spans all accounts by design (a domain signs in through one provider only).
 */
export async function allSsoProviders(db: Db): Promise<SsoProviderRow[]> {
  return db.select().from(ssoProviders);
}

/** A provider by its row id, whatever its account (the operator's command line names it so). */
export async function ssoProviderByRowId(db: Db, id: string): Promise<SsoProviderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.id, id));
  return row;
}
