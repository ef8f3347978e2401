// JSON:API resources of parties (the customers an account files shipments under), with their shipment counts.
import type { Party } from "../../api/parties";
import type { PartyRecord } from "../db/parties";

export function partyResource({ party, shipmentsCount }: PartyRecord): Party {
  return {
    id: party.id,
    type: "party",
    attributes: {
      company_name: party.companyName,
      shipments_count: shipmentsCount,
      created_at: party.createdAt.toISOString(),
      updated_at: party.updatedAt.toISOString(),
    },
    links: { self: `/v2/parties/${party.id}` },
  };
}
