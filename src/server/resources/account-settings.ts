// The JSON:API resource of the account itself (/v2/account): its name, whether it requires two-factor, the address
// its paperwork can be mailed to, when made.
import type { AccountSettings } from "../../api/people";
import type { AccountRow } from "../db/accounts";

export function accountSettingsResource(a: AccountRow, inboundEmailAddress: string | null): AccountSettings {
  return {
    id: a.id,
    type: "account",
    attributes: {
      company_name: a.companyName,
      require_two_factor: a.requireTwoFactor,
      inbound_email_address: inboundEmailAddress,
      created_at: a.createdAt.toISOString(),
    },
  };
}
