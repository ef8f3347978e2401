// Global search (Ctrl-K / ⌘-K, or the header's Search button): one box that finds shipments, containers, tracking
// requests, vessels and ports by any number or name (GET /v2/search), keyboard first. A modal dialog holding the
// dashboard's combobox (components/combobox.tsx) with its list laid out in the dialog: the text box keeps focus
// while ↑ ↓ Home End move through the results, the best one active first; Enter opens one, Escape closes the
// dialog and gives focus back to where it was.
import { useNavigate } from "@tanstack/react-router";
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useId, useRef, useState } from "react";
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from "../../../api/search";
import { buttonClass } from "../../components/button";
import { ComboboxOptions, useListCombobox } from "../../components/combobox";
import {
  flatHits,
  KIND_LABELS,
  type Marked,
  markedParts,
  type SearchHit,
  type SearchTarget,
} from "./results";
import { useGlobalSearch } from "./use-global-search";

/** "⌘K" where the Command key is the habit, "Ctrl K" elsewhere. */
function shortcutLabel(): { keys: string; words: string } {
  const apple =
    typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
  return apple ? { keys: "⌘K", words: "Command K" } : { keys: "Ctrl K", words: "Control K" };
}

function isSearchShortcut(event: globalThis.KeyboardEvent): boolean {
  return (
    event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
  );
}

function MarkedText({ value }: { value: Marked }) {
  const { before, match, after } = markedParts(value);
  return (
    <>
      {before}
      {match ? (
        <mark className="rounded-sm bg-amber-200 text-inherit dark:bg-amber-400/40">{match}</mark>
      ) : null}
      {after}
    </>
  );
}

/** Where a result leads: its page; a vessel on the map; a port to the shipments discharging there. */
function useOpenTarget() {
  const navigate = useNavigate();
  return useCallback(
    (target: SearchTarget) => {
      switch (target.kind) {
        case "shipment":
          return navigate({ to: "/shipments/$shipmentId", params: { shipmentId: target.id } });
        case "container":
          return navigate({ to: "/containers/$containerId", params: { containerId: target.id } });
        case "tracking_request":
          return navigate({
            to: "/tracking-requests/$trackingRequestId",
            params: { trackingRequestId: target.id },
          });
        case "vessel":
          return navigate({ to: "/map", search: { vessel: target.id } });
        case "port":
          return navigate({ to: "/shipments", search: { "filter[port_of_discharge]": target.locode } });
      }
    },
    [navigate],
  );
}

/** The dialog's content, there only while it is open: the box, the results and what they are. */
function SearchPanel({
  text,
  setText,
  inputRef,
  onClose,
}: {
  text: string;
  setText: (text: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
}) {
  const statusId = useId();
  const openTarget = useOpenTarget();
  const search = useGlobalSearch(text);
  const hits = flatHits(search.groups);
  const combobox = useListCombobox<SearchHit>({
    items: hits,
    itemKey: (hit) => hit.key,
    text,
    onTextChange: setText,
    inline: true,
    activateFirst: true,
    onPick: (hit) => {
      onClose();
      void openTarget(hit.target);
    },
  });

  const status = search.tooShort
    ? `Type at least ${SEARCH_QUERY_MIN} characters: a bill of lading, booking, reference or container number, a vessel or a port.`
    : search.busy
      ? "Searching…"
      : hits.length === 0
        ? `Nothing found for “${search.term}”.`
        : `${hits.length} result${hits.length === 1 ? "" : "s"} for “${search.term}”.`;

  return (
    <div className="flex max-h-[80vh] flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <SearchIcon className="h-5 w-5 shrink-0 text-slate-400" />
        <input
          {...combobox.getInputProps({
            ref: inputRef,
            "aria-label": "Search shipments, containers, vessels and ports",
            "aria-describedby": statusId,
            placeholder: "Number, vessel or port",
            maxLength: SEARCH_QUERY_MAX,
          })}
          type="text"
          className="min-w-0 flex-1 bg-transparent py-1 text-base outline-none placeholder:text-(--muted-text)"
        />
        {search.busy ? (
          <span
            aria-hidden="true"
            className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-sky-600"
          />
        ) : null}
        <button type="button" onClick={onClose} className={buttonClass("ghost", "px-2 text-xs")}>
          Close
        </button>
      </div>
      <ComboboxOptions
        combobox={combobox}
        label="Search results"
        panel
        groupOf={(hit) => KIND_LABELS[hit.kind]}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain py-1"
        renderOption={(hit) => (
          <>
            <span className="block truncate font-medium">
              <MarkedText value={hit.title} />
            </span>
            <span className="block truncate text-sm text-slate-600 dark:text-slate-400">
              <MarkedText value={hit.detail} />
            </span>
          </>
        )}
      />
      <div className="border-t border-slate-200 px-4 py-2 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        <p id={statusId} role="status">
          {status}
        </p>
        {search.error ? (
          <p role="alert" className="mt-1 text-red-700 dark:text-red-300">
            {search.error}
          </p>
        ) : null}
        <p aria-hidden="true" className="mt-1 hidden text-xs text-slate-500 dark:text-slate-400 sm:block">
          ↑ ↓ move · Enter opens · Esc closes
        </p>
      </div>
    </div>
  );
}

function SearchIcon({ className }: { className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
    >
      <circle cx="7" cy="7" r="4.75" />
      <path d="M10.5 10.5L14 14" strokeLinecap="round" />
    </svg>
  );
}

export function GlobalSearch() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** What had focus before the dialog opened, to give it back. */
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const shortcut = shortcutLabel();

  const show = useCallback(() => {
    if (dialogRef.current?.open) {
      inputRef.current?.select();
      return;
    }
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  }, []);

  const close = useCallback(() => setOpen(false), []);

  // The shortcut works from anywhere on a signed-in page, text boxes included (browsers use Ctrl-K for their own
  // search box only when the page does not claim it).
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      show();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [show]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (!open && dialog.open) {
      dialog.close();
      const back = opener.current?.isConnected ? opener.current : buttonRef.current;
      back?.focus();
    }
  }, [open]);

  // Tab stays in the dialog: from its last control back to the box, and from the box back to the last.
  const onDialogKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>("input, button:not([disabled])")];
    const first = focusable[0];
    const lastControl = focusable[focusable.length - 1];
    if (!first || !lastControl) return;
    if (!event.shiftKey && document.activeElement === lastControl) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      lastControl.focus();
    }
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={show}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        className={buttonClass("secondary", "gap-2 text-slate-600 max-sm:px-2 dark:text-slate-300")}
      >
        <SearchIcon className="h-4 w-4" />
        {/* On a phone the icon alone keeps the header to two rows; the name stays for screen readers. */}
        <span className="sr-only sm:not-sr-only">Search</span>
        <kbd
          className="hidden rounded border border-slate-300 px-1 font-sans text-xs text-slate-500 sm:inline dark:border-slate-600 dark:text-slate-400"
          title={`Shortcut: ${shortcut.words}`}
        >
          {shortcut.keys}
        </kbd>
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClose={() => {
          if (open) close();
        }}
        onClick={(event) => {
          if (event.target === dialogRef.current) close();
        }}
        onKeyDown={onDialogKeyDown}
        className="mx-auto mt-[8vh] mb-auto w-[min(42rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id={titleId} className="sr-only">
          Search shipments, containers, vessels and ports
        </h2>
        {open ? <SearchPanel text={text} setText={setText} inputRef={inputRef} onClose={close} /> : null}
      </dialog>
    </>
  );
}
