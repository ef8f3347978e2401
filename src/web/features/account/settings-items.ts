// The settings pages of people and security, for the account menu and the phone's menu: each with the permission
// its page needs, so that a person is offered only the pages their role opens (a viewer gets no Members page that
// would answer 403).
import { PERMISSIONS, type Permission, type Role, roleAtLeast } from "../../../api/roles";

export const SETTINGS_ITEMS = [
  { to: "/settings/members", label: "Members", permission: "people" },
  { to: "/settings/api-keys", label: "API keys", permission: "people" },
  // Everyone reads the account's fields; members and above change them (the page offers it to them only).
  { to: "/settings/custom-fields", label: "Custom fields", permission: "read" },
  // Everyone reads the tariffs; admins and owners keep the account's own (the page offers it to them only).
  { to: "/settings/free-time", label: "Free time", permission: "read" },
  { to: "/settings/security", label: "Security", permission: "self" },
  // Everyone sees the account's rules there; owners set the two-factor rule, admins the single sign-on providers.
  { to: "/settings/sign-in", label: "Sign-in", permission: "self" },
  { to: "/settings/activity", label: "Activity", permission: "self" },
] as const satisfies readonly { to: string; label: string; permission: Permission }[];

export type SettingsItem = (typeof SETTINGS_ITEMS)[number];

/** The settings pages a person of `role` may open. */
export function settingsItemsFor(role: Role): SettingsItem[] {
  return SETTINGS_ITEMS.filter((item) => roleAtLeast(role, PERMISSIONS[item.permission].least));
}
