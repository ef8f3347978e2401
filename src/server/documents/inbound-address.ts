// The address an account's paperwork can be mailed to, as GET /v2/account and /v2/users/me show it beside the
// account's name (its settings are /v2/inbound_email's). The token is made on first use, as that route makes it.
import type { Db } from "../db/connection";
import { inboundEmailOf } from "../db/inbound-email";
import { inboundAddress } from "../resources/shipping-documents";

/** The account's inbound address, or null when the service takes no mail in (INBOUND_MAIL_DOMAIN unset). */
export async function inboundAddressOf(
  db: Db,
  accountId: string,
  domain: string | undefined,
  now: Date,
): Promise<string | null> {
  if (!domain) return null;
  return inboundAddress((await inboundEmailOf(db, accountId, now)).token, domain);
}
