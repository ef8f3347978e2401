// /accept-invitation?token=: where an invitation mail's link lands (people/invitations.ts writes it).
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AcceptInvitationPage } from "../features/account/accept-invitation-page";

export const Route = createFileRoute("/accept-invitation")({
  validateSearch: z.object({ token: z.string().max(200).catch("") }),
  head: () => ({ meta: [{ title: "Your invitation · Boxtrack" }] }),
  component: function AcceptInvitationRoute() {
    return <AcceptInvitationPage token={Route.useSearch().token} />;
  },
});
