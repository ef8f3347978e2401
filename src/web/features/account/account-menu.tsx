// The header's account menu: who is signed in (name, email, role) or which key this tab uses, the account and
// settings pages, and "Sign out".
import { Link } from "@tanstack/react-router";
import type { Person } from "../../../api/people";
import { ROLE_WORDS } from "../../../api/roles";
import { buttonClass } from "../../components/button";
import { Popover } from "../../components/popover";
import type { Session } from "../../lib/session";
import type { SettingsItem } from "./settings-items";

const itemClass =
  "block rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white";

export function AccountMenu({
  session,
  person,
  settingsItems,
  accountName,
  onSignOut,
}: {
  session: Session;
  person: Person | undefined;
  /** The settings pages this person's role opens. */
  settingsItems: readonly SettingsItem[];
  accountName: string;
  onSignOut(): void;
}) {
  const name = person?.attributes.name ?? (session.kind === "key" ? "API key" : accountName);
  return (
    <Popover
      label={`Signed in as ${name}`}
      panelLabel="Account"
      triggerClassName="inline-flex max-w-[14rem] items-center gap-1 px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      panelClassName="w-72"
      trigger={
        <>
          <span className="truncate">{name}</span>
          <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3 w-3 shrink-0" fill="currentColor">
            <path d="M4 6l4 4 4-4z" />
          </svg>
        </>
      }
    >
      {(close) => (
        <div className="space-y-2">
          <div className="border-b border-slate-200 px-2 pb-2 dark:border-slate-700">
            {person ? (
              <>
                <p className="font-medium text-slate-900 dark:text-white">{person.attributes.name}</p>
                <p className="text-sm break-all text-slate-600 dark:text-slate-400">
                  {person.attributes.email}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {ROLE_WORDS[person.attributes.role].label} of {accountName}
                </p>
              </>
            ) : (
              <>
                <p className="font-medium text-slate-900 dark:text-white">{accountName}</p>
                <p className="text-sm break-all text-slate-600 dark:text-slate-400">
                  Signed in with an API key for this tab, at {session.baseUrl}
                </p>
              </>
            )}
          </div>
          <ul>
            <li>
              <Link to="/account" className={itemClass} onClick={close}>
                Account and assistant (MCP)
              </Link>
            </li>
            {session.kind === "person"
              ? settingsItems.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className={itemClass} onClick={close}>
                      {item.label}
                    </Link>
                  </li>
                ))
              : null}
          </ul>
          <button
            type="button"
            className={buttonClass("secondary", "w-full")}
            onClick={() => {
              close();
              onSignOut();
            }}
          >
            Sign out
          </button>
        </div>
      )}
    </Popover>
  );
}
