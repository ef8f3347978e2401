// A button that opens a small panel beside it (the browser's popover: top layer, so a table's scrolling box does not
// clip it; Escape and a click elsewhere close it; touch and keyboard open it like any button). `hover` also opens
// it while the pointer rests on the button, for the mouse users who expect a tooltip.
import { type ReactNode, useCallback, useId, useRef } from "react";

const GAP_PX = 6;
const MARGIN_PX = 8;

/** Places the panel under the button (above it when there is no room below), inside the window. */
function place(trigger: HTMLElement, panel: HTMLElement) {
  const anchor = trigger.getBoundingClientRect();
  const width = panel.offsetWidth;
  const height = panel.offsetHeight;
  const left = Math.max(MARGIN_PX, Math.min(anchor.left, window.innerWidth - width - MARGIN_PX));
  const below = anchor.bottom + GAP_PX;
  const top = below + height + MARGIN_PX > window.innerHeight ? anchor.top - GAP_PX - height : below;
  panel.style.left = `${left}px`;
  panel.style.top = `${Math.max(MARGIN_PX, top)}px`;
}

export function Popover({
  label,
  trigger,
  children,
  hover = false,
  triggerClassName,
  panelClassName,
  panelLabel,
}: {
  /** The button's accessible name. */
  label: string;
  /** What the button shows. */
  trigger: ReactNode;
  /** The panel's content; a function gets a way to close the panel (after a choice in it). */
  children: ReactNode | ((close: () => void) => ReactNode);
  hover?: boolean;
  triggerClassName?: string;
  panelClassName?: string;
  /** The panel's accessible name; the button's when absent. */
  panelLabel?: string;
}) {
  const id = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // Opened by the pointer resting on the button: closes when it leaves; opened by a click or key: stays.
  const byHover = useRef(false);

  const onToggle = useCallback((event: React.ToggleEvent<HTMLDivElement>) => {
    if (event.newState === "open" && triggerRef.current && panelRef.current) {
      place(triggerRef.current, panelRef.current);
    }
    if (event.newState === "closed") byHover.current = false;
  }, []);

  const panel = () => panelRef.current;
  const isOpen = () => panel()?.matches(":popover-open") ?? false;

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        popoverTarget={id}
        aria-label={label}
        className={`rounded ${triggerClassName ?? ""}`}
        onClick={(event) => {
          // A click (or a tap, which sends mouseenter first) on a panel the pointer opened keeps it open instead
          // of toggling it shut: a cancelled click skips the button's popover action.
          if (byHover.current && isOpen()) {
            byHover.current = false;
            event.preventDefault();
          }
        }}
        onMouseEnter={
          hover
            ? () => {
                if (isOpen()) return;
                byHover.current = true;
                panel()?.showPopover();
              }
            : undefined
        }
        onMouseLeave={
          hover
            ? () => {
                if (byHover.current && isOpen()) panel()?.hidePopover();
              }
            : undefined
        }
      >
        {trigger}
      </button>
      <div
        ref={panelRef}
        id={id}
        popover="auto"
        role="dialog"
        aria-label={panelLabel ?? label}
        onToggle={onToggle}
        style={{ position: "fixed", inset: "auto", margin: 0 }}
        className={`rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${panelClassName ?? ""}`}
      >
        {typeof children === "function" ? children(() => panelRef.current?.hidePopover()) : children}
      </div>
    </>
  );
}
