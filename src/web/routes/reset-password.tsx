// /reset-password: where a reset link lands (the service checked the link and added `?token=`, or `?error=` when it
// was not valid); chooses the new password.
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ResetPasswordPage } from "../features/account/password-reset-pages";

export const Route = createFileRoute("/reset-password")({
  validateSearch: z.object({
    token: z.string().max(200).optional().catch(undefined),
    error: z.string().max(100).optional().catch(undefined),
  }),
  head: () => ({ meta: [{ title: "Choose a new password · Boxtrack" }] }),
  component: function ResetPasswordRoute() {
    const search = Route.useSearch();
    return <ResetPasswordPage token={search.error ? undefined : search.token} />;
  },
});
