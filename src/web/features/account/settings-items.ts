// The settings pages of people and security, for the account menu and the phone's menu.
export const SETTINGS_ITEMS: readonly { to: "/account"; label: string }[] = [];
