// Who is signed in (GET /v2/users/me) and what they may do: the dashboard hides what the role cannot do and says
// why, reading the same permission table the service enforces (src/api/roles.ts). The service still checks
// every request; this only mirrors it.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { accountSettingsSchema, personDocumentSchema } from "../../api/people";
import { type ActorRole, allows, type Permission } from "../../api/roles";
import { apiRequest } from "./api-client";
import { queryRoots } from "./query-roots";
import { useSession } from "./session";

export const meKeys = {
  all: queryRoots.people,
  me: () => [...queryRoots.people, "me"] as const,
};

/** The person signed in; only asked when the tab is signed in as a person (a key is nobody). */
export function meQuery() {
  return queryOptions({
    queryKey: meKeys.me(),
    queryFn: ({ signal }) => apiRequest("/v2/users/me", { schema: personDocumentSchema, signal }),
    staleTime: 60_000,
  });
}

/**
 * Whether the person's account requires two-factor sign-in and they have none yet: until they turn it on, /v2
 * refuses them everything but who they are, the account and their sessions (the live stream too).
 */
export function mustEnrolTwoFactor(me: z.infer<typeof personDocumentSchema>): boolean {
  if (me.data.attributes.two_factor_enabled) return false;
  return (me.included ?? []).some(
    (resource) => accountSettingsSchema.safeParse(resource).data?.attributes.require_two_factor === true,
  );
}

/**
 * What this tab acts as. A key's scope is not something the API tells its holder, so a key is taken as full; the
 * service refuses what it may not do. Null until the person is known.
 */
export function useActor(): ActorRole | null {
  const session = useSession();
  const isPerson = session?.kind === "person";
  const { data } = useQuery({ ...meQuery(), enabled: isPerson });
  if (!session) return null;
  if (!isPerson) return { kind: "api_key", scope: "full" };
  return data ? { kind: "user", role: data.data.attributes.role } : null;
}

/**
 * Whether the tab may do something, and why not (a sentence for the person). `checking`: the role is not known
 * yet (the person is being read), so the control is not offered, and nothing is said about it either.
 */
export type Permit = { ok: true } | { ok: false; why: string; checking?: true };

/** Whether this tab may do what needs `permission`, and why not; unknown yet: not (`checking`). */
export function usePermission(permission: Permission): Permit {
  const actor = useActor();
  if (!actor) return { ok: false, why: "Checking what your role allows…", checking: true };
  return allows(actor, permission);
}
