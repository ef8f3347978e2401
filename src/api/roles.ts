// Who may do what: the roles of an account's people and keys, and the permissions every /v2 operation names.
// Zod-free, so that the service (which checks every request against it) and the dashboard (which hides what a
// role cannot do, and says why) read the same table. Each operation of the OpenAPI document carries its
// permission (`x-permission`) and the least role that holds it (`x-minimum-role`); an operation without one is
// refused, so a route added later cannot skip the check.

/** An account's roles, from least to most. */
export const ROLES = ["viewer", "member", "admin", "owner"] as const;
export type Role = (typeof ROLES)[number];

/** The roles a person can be given by invitation or a role change (owner too, by an owner). */
export const ASSIGNABLE_ROLES = ROLES;

const RANK: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** True when `role` is `least` or above it. */
export function roleAtLeast(role: Role, least: Role): boolean {
  return RANK[role] >= RANK[least];
}

/**
 * The permissions operations name, each with the least role that holds it. `people` permissions are a person's
 * only: an API key, whatever its scope, never manages members, invitations, keys or single sign-on.
 */
export const PERMISSIONS = {
  /** Read anything of the account: lists, details, the stream, the activity log of oneself. */
  read: { least: "viewer", people: false },
  /** A person's own settings: profile, password, sessions, two-factor, alert rules and preferences. */
  self: { least: "viewer", people: true },
  /** Track, stop and resume, refresh, edit shipments, containers and tracking requests, customers, saved views. */
  track: { least: "member", people: false },
  /** The account's own free time and rates (demurrage and detention tariffs that override the published ones). */
  tariffs: { least: "admin", people: false },
  /** Webhooks and carrier connections. */
  integrations: { least: "admin", people: false },
  /** Members, invitations, API keys, single sign-on, the whole account's activity log. */
  people: { least: "admin", people: true },
  /** Account settings (require two-factor), and giving or taking the owner role. */
  account: { least: "owner", people: true },
} as const satisfies Record<string, { least: Role; people: boolean }>;
export type Permission = keyof typeof PERMISSIONS;

export const API_KEY_SCOPES = ["read_only", "full"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What a request is made by: a signed-in person, or an API key of the account. */
export type ActorRole = { kind: "user"; role: Role } | { kind: "api_key"; scope: ApiKeyScope };

/**
 * The role an API key acts with: a read-only key reads; a full key does what an admin does through the API, except
 * what only people may do.
 */
export function roleOfKey(scope: ApiKeyScope): Role {
  return scope === "full" ? "admin" : "viewer";
}

/** Whether the actor holds the permission; `why` says in words why not, for the 403 and for the dashboard. */
export function allows(actor: ActorRole, permission: Permission): { ok: true } | { ok: false; why: string } {
  const rule = PERMISSIONS[permission];
  if (actor.kind === "api_key") {
    if (rule.people) return { ok: false, why: "Only a signed-in person can do this; an API key cannot." };
    if (actor.scope === "read_only" && permission !== "read")
      return { ok: false, why: "This API key is read-only: it cannot change anything." };
    return roleAtLeast(roleOfKey(actor.scope), rule.least)
      ? { ok: true }
      : { ok: false, why: `This needs the ${ROLE_WORDS[rule.least].label.toLowerCase()} role.` };
  }
  if (roleAtLeast(actor.role, rule.least)) return { ok: true };
  return {
    ok: false,
    why: `Your role is ${ROLE_WORDS[actor.role].label.toLowerCase()}; this needs ${ROLE_WORDS[rule.least].article} ${ROLE_WORDS[rule.least].label.toLowerCase()} or above.`,
  };
}

export const ROLE_WORDS: Record<Role, { label: string; article: "a" | "an"; can: string }> = {
  owner: { label: "Owner", article: "an", can: "Everything, including account settings and other owners." },
  admin: {
    label: "Admin",
    article: "an",
    can: "Members, invitations, API keys, webhooks, carrier connections and free time tariffs, and all a member does.",
  },
  member: {
    label: "Member",
    article: "a",
    can: "Track, stop and resume tracking, edit shipments and containers, saved views and customers.",
  },
  viewer: { label: "Viewer", article: "a", can: "Reads everything; changes nothing." },
};
