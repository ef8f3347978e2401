// The list of vessels beside the map: everything the map shows, as a table that keyboards and screen readers use
// (the arrow keys move along it, Enter chooses). Past 100 vessels only the rows in view are in the page (TanStack
// Virtual), the table telling assistive technology how many rows there are and where each one stands.
import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, memo, useEffect, useLayoutEffect, useRef, useState } from "react";
import { DateTime } from "../../components/date-time";
import type { FleetVesselView } from "./fleet";

/** Below this many rows every row is in the page: no scroll arithmetic for short lists. */
const VIRTUAL_FROM = 100;
/** A row's height with its two lines of text; rows are measured once drawn. */
const ROW_ESTIMATE = 53;

export interface VesselListProps {
  vessels: FleetVesselView[];
  selectedId: string | null;
  onChoose(vessel: FleetVesselView): void;
  /** Scrolled into view when it changes: the vessel chosen on the map. */
  revealId: string | null;
}

export function VesselList({ vessels, selectedId, onChoose, revealId }: VesselListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(0);
  const virtual = vessels.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? vessels.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => vessels[index]?.id ?? index,
    overscan: 8,
    // The rows start below the sticky header, and a row scrolled to is not to be hidden under it.
    scrollMargin: headHeight,
    scrollPaddingStart: headHeight,
  });
  useLayoutEffect(() => setHeadHeight(headRef.current?.offsetHeight ?? 0), []);

  /** Focus goes to this row once it is drawn (it may have to be scrolled into the page first). */
  const [pendingFocus, setPendingFocus] = useState<number | null>(null);
  const button = (index: number) =>
    scrollRef.current?.querySelector<HTMLButtonElement>(`button[data-index="${index}"]`) ?? null;
  useEffect(() => {
    if (pendingFocus === null) return;
    const target = button(pendingFocus);
    if (target) {
      target.focus();
      setPendingFocus(null);
    }
  });

  const focusRow = (index: number) => {
    const target = button(index);
    if (target) target.focus();
    else if (virtual) {
      virtualizer.scrollToIndex(index, { align: "auto" });
      setPendingFocus(index);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const moves: Record<string, (at: number) => number> = {
      ArrowDown: (at) => at + 1,
      ArrowUp: (at) => at - 1,
      Home: () => 0,
      End: () => vessels.length - 1,
    };
    const move = moves[event.key];
    const at = Number((document.activeElement as HTMLElement | null)?.dataset.index ?? Number.NaN);
    if (!move || Number.isNaN(at)) return;
    event.preventDefault();
    focusRow(Math.max(0, Math.min(vessels.length - 1, move(at))));
  };

  // The list shows what the map selected; only when the vessel to show changes, not when the list is refreshed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list and the virtualizer are read, not watched.
  useEffect(() => {
    if (!revealId) return;
    const index = vessels.findIndex((v) => v.id === revealId);
    if (index === -1) return;
    if (virtual) virtualizer.scrollToIndex(index, { align: "auto" });
    else button(index)?.closest("tr")?.scrollIntoView({ block: "nearest" });
  }, [revealId]);

  const items = virtual ? virtualizer.getVirtualItems() : null;
  const margin = headHeight;
  const before = items?.[0] ? items[0].start - margin : 0;
  const after = items?.length ? virtualizer.getTotalSize() - (items.at(-1)!.end - margin) : 0;
  const rows = items ? items.map((item) => item.index) : vessels.map((_, i) => i);

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-auto">
      <table
        aria-labelledby="vessel-list-heading"
        aria-rowcount={virtual ? vessels.length + 1 : undefined}
        className="w-full text-left text-sm"
      >
        <thead
          ref={headRef}
          className="sticky top-0 z-10 bg-slate-50 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300"
        >
          <tr aria-rowindex={virtual ? 1 : undefined}>
            <th scope="col" className="px-3 py-1.5 font-medium">
              Vessel <span className="font-normal">· voyage</span>
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Next port
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              ETA
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              <span aria-hidden="true">Boxes</span>
              <span className="sr-only">Your containers aboard</span>
            </th>
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {before > 0 ? <Spacer height={before} /> : null}
          {rows.map((index) => {
            const v = vessels[index]!;
            return (
              <VesselRow
                key={v.id}
                vessel={v}
                index={index}
                rowIndex={virtual ? index + 2 : undefined}
                measure={virtual ? virtualizer.measureElement : undefined}
                selected={v.id === selectedId}
                onChoose={onChoose}
              />
            );
          })}
          {after > 0 ? <Spacer height={after} /> : null}
        </tbody>
      </table>
    </div>
  );
}

/** The rows scrolled past or not reached yet, as one empty row of their height. */
function Spacer({ height }: { height: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row holds nothing to focus or read.
    <tr aria-hidden="true">
      <td colSpan={4} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

const VesselRow = memo(function VesselRow({
  vessel: v,
  index,
  rowIndex,
  measure,
  selected,
  onChoose,
}: {
  vessel: FleetVesselView;
  index: number;
  rowIndex: number | undefined;
  measure: ((row: HTMLTableRowElement | null) => void) | undefined;
  selected: boolean;
  onChoose(vessel: FleetVesselView): void;
}) {
  const next = v.nextPort?.attributes;
  const arrival = v.nextPortAta ?? v.nextPortEta;
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={rowIndex}
      className={`border-t border-slate-100 dark:border-slate-800 ${selected ? "bg-orange-50 dark:bg-orange-950/40" : ""}`}
    >
      <td className="px-3 py-1.5">
        <button
          type="button"
          data-vessel={v.id}
          data-index={index}
          aria-pressed={selected}
          onClick={() => onChoose(v)}
          className="text-left font-medium text-sky-800 hover:underline focus-visible:outline-2 focus-visible:outline-sky-500 dark:text-sky-300"
        >
          {v.name}
        </button>
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {v.voyageNumber ? `Voyage ${v.voyageNumber}` : "Voyage not known"}
        </span>
      </td>
      <td className="px-2 py-1.5">
        {next ? (
          <>
            {next.name}
            <span className="block font-mono text-xs text-slate-500">{next.code}</span>
          </>
        ) : (
          <span className="text-slate-400">Not known</span>
        )}
      </td>
      <td className="px-2 py-1.5 text-xs">
        {arrival ? (
          <>
            {v.nextPortAta ? <span className="block text-slate-500">arrived</span> : null}
            <DateTime iso={arrival} timeZone={next?.time_zone ?? "UTC"} />
          </>
        ) : (
          <span className="text-slate-400">Not known</span>
        )}
      </td>
      <td className="px-2 py-1.5 text-right">{v.containersAboard}</td>
    </tr>
  );
});
