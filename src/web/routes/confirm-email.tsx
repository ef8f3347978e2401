// /confirm-email: where an email confirmation link lands (the service checked the link, and added `?error=` when it
// could not confirm the email).
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ConfirmEmailPage } from "../features/account/confirm-email-page";

export const Route = createFileRoute("/confirm-email")({
  validateSearch: z.object({ error: z.string().max(100).optional().catch(undefined) }),
  head: () => ({ meta: [{ title: "Confirm your email · Boxtrack" }] }),
  component: function ConfirmEmailRoute() {
    return <ConfirmEmailPage error={Route.useSearch().error} />;
  },
});
