// /sign-in: email and password (or the demo account, or a key for another server); goes back to where the user was headed.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { demoAccountQuery } from "../features/account/queries";
import { safeRedirect } from "../features/account/safe-redirect";
import { SignInPage } from "../features/account/sign-in-page";
import { getSession } from "../lib/session";

const signInSearchSchema = z.object({
  redirect: z.string().optional().catch(undefined),
  expired: z.boolean().optional().catch(undefined),
});

export const Route = createFileRoute("/sign-in")({
  validateSearch: signInSearchSchema,
  beforeLoad: ({ search }) => {
    if (getSession()) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(demoAccountQuery()),
  head: () => ({ meta: [{ title: "Sign in · Boxtrack" }] }),
  component: SignInRoute,
});

function SignInRoute() {
  const search = Route.useSearch();
  return <SignInPage redirectTo={search.redirect} expired={search.expired === true} />;
}
