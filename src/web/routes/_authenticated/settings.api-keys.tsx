// /settings/api-keys: the account's API keys, made, listed and revoked by admins.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { ApiKeysPage } from "../../features/people/api-keys-page";
import { apiKeysQuery, membersQuery } from "../../features/people/queries";
import { meQuery } from "../../lib/actor";

export const Route = createFileRoute("/_authenticated/settings/api-keys")({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(meQuery()),
      // A role that cannot manage keys is told so by the page; the lists are an admin's.
      context.queryClient.ensureQueryData(apiKeysQuery()).catch(() => undefined),
      context.queryClient.ensureQueryData(membersQuery()).catch(() => undefined),
    ]),
  head: () => ({ meta: [{ title: "API keys · Boxtrack" }] }),
  component: ApiKeysPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="the API keys" />,
});
