// The navigation on a phone, where the header has no room for it: a "Menu" button (a disclosure: aria-expanded,
// aria-controls) that opens a panel under the header with the pages, the saved views and the account. Escape
// closes it and gives focus back to the button, as does choosing a link; a click elsewhere closes it too. From
// Tailwind's `sm` breakpoint up both are hidden and the header's own navigation shows instead.
import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "../../components/button";
import {
  SAVED_VIEW_LIST_NAMES,
  SAVED_VIEW_LIST_PATHS,
  SAVED_VIEW_LISTS,
  useSavedViews,
} from "../../lib/saved-views";

export interface NavItem {
  to: string;
  label: string;
}

const linkClass =
  "block rounded-md px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white";
const activeClass = "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white";
const groupHeadingClass =
  "px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";

export function NavMenu({
  items,
  accountName,
  settingsItems = [],
  onSignOut,
}: {
  items: readonly NavItem[];
  accountName: string;
  /** The people and security settings pages (a person's only). */
  settingsItems?: readonly NavItem[];
  onSignOut(): void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const viewsHeadingId = useId();
  const settingsHeadingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const views = useSavedViews();

  /** Closes the panel; `refocus` when focus was in it, so that it is not lost on the page's body. */
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  // While open: Escape closes it and focus goes back to the button; a press outside the button and the panel
  // closes it as it would a menu, leaving focus where the press put it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={`${buttonClass("secondary")} -ml-3 sm:hidden`}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor">
          {open ? (
            <path d="M3.5 3.5l9 9m0-9l-9 9" strokeWidth="1.75" strokeLinecap="round" />
          ) : (
            <path d="M2.5 4h11M2.5 8h11M2.5 12h11" strokeWidth="1.75" strokeLinecap="round" />
          )}
        </svg>
        Menu
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="order-last -mx-4 max-h-[calc(100dvh-4rem)] w-[calc(100%+2rem)] overflow-y-auto border-t border-slate-200 px-4 pt-2 pb-3 sm:hidden dark:border-slate-800"
      >
        <nav aria-label="Main">
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={linkClass}
                  activeProps={{ className: activeClass, "aria-current": "page" }}
                  onClick={() => close(true)}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          {settingsItems.length > 0 ? (
            <section
              aria-labelledby={settingsHeadingId}
              className="mt-2 border-t border-slate-200 dark:border-slate-800"
            >
              <h2 id={settingsHeadingId} className={groupHeadingClass}>
                Settings
              </h2>
              <ul>
                {settingsItems.map((item) => (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      className={linkClass}
                      activeProps={{ className: activeClass, "aria-current": "page" }}
                      onClick={() => close(true)}
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {views.length > 0 ? (
            <section
              aria-labelledby={viewsHeadingId}
              className="mt-2 border-t border-slate-200 dark:border-slate-800"
            >
              <h2 id={viewsHeadingId} className={groupHeadingClass}>
                Saved views
              </h2>
              <ul>
                {SAVED_VIEW_LISTS.flatMap((list) =>
                  views
                    .filter((view) => view.list === list)
                    .map((view) => (
                      <li key={view.id}>
                        <Link
                          to={SAVED_VIEW_LIST_PATHS[list]}
                          // The list's route validates the search as it does any address.
                          search={view.search as never}
                          className={`${linkClass} truncate`}
                          onClick={() => close(true)}
                        >
                          {view.name}
                          <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">
                            {SAVED_VIEW_LIST_NAMES[list]}
                          </span>
                        </Link>
                      </li>
                    )),
                )}
              </ul>
            </section>
          ) : null}
        </nav>
        <div className="mt-2 flex items-center justify-between gap-3 border-t border-slate-200 px-3 pt-3 dark:border-slate-800">
          <Link
            to="/account"
            className="min-w-0 rounded-md text-sm break-words text-slate-700 underline-offset-2 hover:underline dark:text-slate-300"
            onClick={() => close(true)}
          >
            <span className="sr-only">Signed in as </span>
            {accountName}
          </Link>
          <button type="button" className={buttonClass("secondary", "shrink-0")} onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </div>
    </>
  );
}
