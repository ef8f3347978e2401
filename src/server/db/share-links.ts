// Share links repository: a shipment's read-only links for people outside the account (make, list, revoke), and
// the one link a token opens, across accounts. A token is kept as its SHA-256 alone; a link opens only while it is
// neither expired nor revoked, and only its own shipment.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { shipmentShareLinks } from "./schema";

export type ShareLinkRow = typeof shipmentShareLinks.$inferSelect;

/** 32 random bytes, base64url: unguessable, and safe in a path. */
export function newShareToken(): string {
  return randomBytes(32).toString("base64url");
}

export const shareTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token as the links hand them out; anything else is no link at all (and never reaches a query). */
export const isShareTokenShaped = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export async function createShareLink(
  tx: Db,
  values: {
    accountId: string;
    shipmentId: string;
    token: string;
    showMap: boolean;
    documentIds: string[];
    createdByName: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<ShareLinkRow> {
  const [row] = await tx
    .insert(shipmentShareLinks)
    .values({
      accountId: values.accountId,
      shipmentId: values.shipmentId,
      tokenHash: shareTokenHash(values.token),
      tokenHint: values.token.slice(-4),
      showMap: values.showMap,
      documentIds: values.documentIds,
      createdByName: values.createdByName,
      createdAt: values.now,
      expiresAt: values.expiresAt,
    })
    .returning();
  return row!;
}

/** Every link of the shipment, newest first. */
export async function listShareLinks(db: Db, accountId: string, shipmentId: string): Promise<ShareLinkRow[]> {
  if (!isUuid(shipmentId)) return [];
  return db
    .select()
    .from(shipmentShareLinks)
    .where(and(eq(shipmentShareLinks.accountId, accountId), eq(shipmentShareLinks.shipmentId, shipmentId)))
    .orderBy(desc(shipmentShareLinks.createdAt), desc(shipmentShareLinks.id));
}

/**
 * Revokes the link (once: a second revocation changes nothing); undefined when the shipment has no such link.
 * Answers the link as it is after, and whether this call revoked it.
 */
export async function revokeShareLink(
  tx: Db,
  ids: { accountId: string; shipmentId: string; id: string },
  by: string,
  now: Date,
): Promise<{ row: ShareLinkRow; revoked: boolean } | undefined> {
  if (!isUuid(ids.id) || !isUuid(ids.shipmentId)) return undefined;
  const own = and(
    eq(shipmentShareLinks.accountId, ids.accountId),
    eq(shipmentShareLinks.shipmentId, ids.shipmentId),
    eq(shipmentShareLinks.id, ids.id),
  );
  const [revoked] = await tx
    .update(shipmentShareLinks)
    .set({ revokedAt: now, revokedByName: by })
    .where(and(own, isNull(shipmentShareLinks.revokedAt)))
    .returning();
  if (revoked) return { row: revoked, revoked: true };
  const [existing] = await tx.select().from(shipmentShareLinks).where(own);
  return existing ? { row: existing, revoked: false } : undefined;
}

/** The link a token opens now: not revoked, not expired. Undefined for any other token. */
export async function openShareLink(db: Db, token: string, now: Date): Promise<ShareLinkRow | undefined> {
  if (!isShareTokenShaped(token)) return undefined;
  const [row] = await db
    .select()
    .from(shipmentShareLinks)
    .where(
      and(
        eq(shipmentShareLinks.tokenHash, shareTokenHash(token)),
        isNull(shipmentShareLinks.revokedAt),
        gt(shipmentShareLinks.expiresAt, now),
      ),
    );
  return row;
}
