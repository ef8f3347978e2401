// /settings/members: the account's people, their roles, and invitations.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { MembersPage } from "../../features/people/members-page";
import { invitationsQuery, membersQuery } from "../../features/people/queries";
import { meQuery } from "../../lib/actor";

export const Route = createFileRoute("/_authenticated/settings/members")({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(meQuery()),
      context.queryClient.ensureQueryData(membersQuery()),
      // Pending invitations are an admin's to see; a lesser role's page shows none rather than failing.
      context.queryClient.ensureQueryData(invitationsQuery()).catch(() => undefined),
    ]),
  head: () => ({ meta: [{ title: "Members · Boxtrack" }] }),
  component: MembersPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="the members" />,
});
