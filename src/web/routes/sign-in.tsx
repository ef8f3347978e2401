// /sign-in: email and password, single sign-on, the demo account, or a key for another server; goes back to where
// the user was headed. Single sign-on comes back here (`?sso=true`) with the session cookie set by the service.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { demoAccountQuery } from "../features/account/queries";
import { safeRedirect } from "../features/account/safe-redirect";
import { type SignInNotice, SignInPage } from "../features/account/sign-in-page";
import { hasSession } from "../lib/auth-client";
import { getSession, savePersonSession } from "../lib/session";

const signInSearchSchema = z.object({
  redirect: z.string().optional().catch(undefined),
  expired: z.boolean().optional().catch(undefined),
  /** Back from the identity provider: the service set the session cookie (or `error` says why not). */
  sso: z.boolean().optional().catch(undefined),
  /** The identity provider or the service's SSO callback refused; its error code. */
  error: z.string().max(100).optional().catch(undefined),
  /** Back from choosing a new password: every session ended. */
  reset: z.boolean().optional().catch(undefined),
});

export const Route = createFileRoute("/sign-in")({
  validateSearch: signInSearchSchema,
  beforeLoad: async ({ search }) => {
    if (getSession()) throw redirect({ href: safeRedirect(search.redirect), replace: true });
    if (search.sso && !search.error && (await hasSession())) {
      savePersonSession();
      throw redirect({ href: safeRedirect(search.redirect), replace: true });
    }
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(demoAccountQuery()),
  head: () => ({ meta: [{ title: "Sign in · Boxtrack" }] }),
  component: SignInRoute,
});

function noticeOf(search: z.infer<typeof signInSearchSchema>): SignInNotice | undefined {
  if (search.error) return { ssoError: search.error };
  if (search.reset) return "password-reset";
  if (search.expired) return "expired";
  return undefined;
}

function SignInRoute() {
  const search = Route.useSearch();
  return <SignInPage redirectTo={search.redirect} notice={noticeOf(search)} />;
}
