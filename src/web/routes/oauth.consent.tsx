// /oauth/consent?request=: an assistant's sign-in waits here for the person's Allow or Deny (the service's
// GET /oauth/authorize sends the browser here); signed out, the person signs in first and comes back.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { ConsentPage } from "../features/account/consent-page";
import { getSession } from "../lib/session";

export const Route = createFileRoute("/oauth/consent")({
  validateSearch: z.object({ request: z.string().max(100).catch("") }),
  beforeLoad: ({ location }) => {
    if (!getSession()) throw redirect({ to: "/sign-in", search: { redirect: location.href } });
  },
  head: () => ({ meta: [{ title: "Connect an assistant · Boxtrack" }] }),
  component: function ConsentRoute() {
    return <ConsentPage requestId={Route.useSearch().request} />;
  },
});
