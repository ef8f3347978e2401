// The settings pages of people and security, for the account menu and the phone's menu.
export const SETTINGS_ITEMS = [
  { to: "/settings/members", label: "Members" },
  { to: "/settings/api-keys", label: "API keys" },
  { to: "/settings/security", label: "Security" },
  { to: "/settings/sign-in", label: "Sign-in" },
  { to: "/settings/activity", label: "Activity" },
] as const;
