// The list of vessels beside the map: everything the map shows, as a table that keyboards and screen readers use
// (the arrow keys move along it, Enter chooses). It is the dashboard's shared table: past 100 vessels only the
// rows in view are in the page (TanStack Virtual), the table telling assistive technology how many rows there are
// and where each one stands.
import { useMemo } from "react";
import type { DataColumn } from "../../components/data-table/columns";
import { DataTable } from "../../components/data-table/data-table";
import { DateTime } from "../../components/date-time";
import type { FleetVesselView } from "./fleet";

export interface VesselListProps {
  vessels: FleetVesselView[];
  selectedId: string | null;
  onChoose(vessel: FleetVesselView): void;
  /** Scrolled into view when it changes: the vessel chosen on the map. */
  revealId: string | null;
}

const notKnown = <span className="text-(--muted-text)">Not known</span>;

function vesselColumns(
  selectedId: string | null,
  onChoose: (vessel: FleetVesselView) => void,
): DataColumn<FleetVesselView>[] {
  return [
    {
      id: "vessel",
      header: "Vessel · voyage",
      headerContent: (
        <>
          Vessel <span className="font-normal">· voyage</span>
        </>
      ),
      cell: (v) => (
        <>
          <button
            type="button"
            data-vessel={v.id}
            data-row-focus=""
            aria-pressed={v.id === selectedId}
            onClick={() => onChoose(v)}
            className="rounded-sm text-left font-medium text-sky-800 hover:underline dark:text-sky-300"
          >
            {v.name}
          </button>
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {v.voyageNumber ? `Voyage ${v.voyageNumber}` : "Voyage not known"}
          </span>
        </>
      ),
    },
    {
      id: "next_port",
      header: "Next port",
      cell: (v) => {
        const next = v.nextPort?.attributes;
        return next ? (
          <>
            {next.name}
            <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{next.code}</span>
          </>
        ) : (
          notKnown
        );
      },
    },
    {
      id: "eta",
      header: "ETA",
      className: "text-xs",
      cell: (v) => {
        const arrival = v.nextPortAta ?? v.nextPortEta;
        return arrival ? (
          <>
            {v.nextPortAta ? <span className="block text-slate-600 dark:text-slate-400">arrived</span> : null}
            <DateTime iso={arrival} timeZone={v.nextPort?.attributes.time_zone ?? "UTC"} zoneMayWrap />
          </>
        ) : (
          notKnown
        );
      },
    },
    {
      id: "boxes",
      header: "Your containers aboard",
      headerContent: (
        <>
          <span aria-hidden="true">Boxes</span>
          <span className="sr-only">Your containers aboard</span>
        </>
      ),
      align: "right",
      cell: (v) => v.containersAboard,
    },
  ];
}

export function VesselList({ vessels, selectedId, onChoose, revealId }: VesselListProps) {
  const columns = useMemo(() => vesselColumns(selectedId, onChoose), [selectedId, onChoose]);
  return (
    <DataTable
      labelledBy="vessel-list-heading"
      columns={columns}
      rows={vessels}
      rowKey={(v) => v.id}
      rowClassName={(v) => (v.id === selectedId ? "bg-orange-50 dark:bg-orange-950/40" : undefined)}
      revealKey={revealId}
      density="compact"
      frameClassName="min-h-0 flex-1 overflow-auto"
    />
  );
}
