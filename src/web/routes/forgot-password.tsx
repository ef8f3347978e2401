// /forgot-password: mails a link to choose a new password (the sign-in page's "Forgot your password?").
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ForgotPasswordPage } from "../features/account/password-reset-pages";

export const Route = createFileRoute("/forgot-password")({
  validateSearch: z.object({ email: z.string().max(320).optional().catch(undefined) }),
  head: () => ({ meta: [{ title: "Reset your password · Boxtrack" }] }),
  component: function ForgotPasswordRoute() {
    return <ForgotPasswordPage initialEmail={Route.useSearch().email ?? ""} />;
  },
});
