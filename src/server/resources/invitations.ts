// JSON:API resources of invitations, as /v2/invitations gives them (the link itself never: it goes by mail only).
import type { Invitation, invitationStatuses } from "../../api/people";
import type { Role } from "../../api/roles";
import type { InvitationRow } from "../db/invitations";

export function invitationResource(
  row: InvitationRow,
  status: (typeof invitationStatuses)[number],
): Invitation {
  return {
    id: row.id,
    type: "invitation",
    attributes: {
      email: row.email,
      role: row.role as Role,
      status,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      accepted_at: row.acceptedAt?.toISOString() ?? null,
    },
    relationships: { invited_by: { data: row.inviterId ? { id: row.inviterId, type: "user" } : null } },
  };
}
