// The containers of a shipment: status, pickup availability, last free day, holds, fees and appointments.
import { useMemo } from "react";
import type { Container } from "../../../api/containers";
import type { Terminal } from "../../../api/reference";
import { Availability, Fees, Holds } from "../../components/container-facts";
import type { DataColumn } from "../../components/data-table/columns";
import { DataTable } from "../../components/data-table/data-table";
import { RowLink } from "../../components/data-table/row-link";
import { DateTime } from "../../components/date-time";
import { LastFreeDay } from "../../components/last-free-day";
import { containerStatusWords, equipmentWords } from "../../lib/format";
import { useChangedIds } from "../../lib/live-updates";

const muted = "text-(--muted-text)";

/** The table's columns; a shipment's terminals name each container's. */
export function containerColumns(terminals: Map<string, Terminal>): DataColumn<Container>[] {
  return [
    {
      id: "container",
      header: "Container",
      card: "title",
      cell: (container) => {
        const a = container.attributes;
        const terminalId = container.relationships.pod_terminal.data?.id;
        const terminal = terminalId ? terminals.get(terminalId) : undefined;
        return (
          <>
            <RowLink
              to="/containers/$containerId"
              params={{ containerId: container.id }}
              className="font-mono"
            >
              {a.number}
            </RowLink>
            {terminal ? (
              <div className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                {terminal.attributes.nickname ?? terminal.attributes.name}
                {a.location_at_pod_terminal ? ` · ${a.location_at_pod_terminal}` : ""}
              </div>
            ) : null}
          </>
        );
      },
    },
    {
      id: "equipment",
      header: "Equipment",
      hideable: true,
      cell: ({ attributes: a }) =>
        equipmentWords(a.equipment_type, a.equipment_length, a.equipment_height) ?? (
          <span className={muted}>Not known</span>
        ),
    },
    {
      id: "status",
      header: "Status",
      card: "title",
      cell: ({ attributes: a }) => containerStatusWords(a.current_status),
    },
    {
      id: "pickup",
      header: "Pickup",
      card: "fact",
      hideable: true,
      cell: (container) => <Availability container={container} />,
    },
    {
      id: "last_free_day",
      header: "Last free day",
      card: "fact",
      hideable: true,
      cell: (container) => <LastFreeDay container={container} />,
    },
    { id: "holds", header: "Holds", hideable: true, cell: (container) => <Holds container={container} /> },
    { id: "fees", header: "Fees", hideable: true, cell: (container) => <Fees container={container} /> },
    {
      id: "appointment",
      header: "Appointment",
      hideable: true,
      cell: ({ attributes: a }) =>
        a.pickup_appointment_at ? (
          <DateTime iso={a.pickup_appointment_at} timeZone={a.pod_timezone} />
        ) : (
          <span className={muted}>None</span>
        ),
    },
  ];
}

export function ContainersTable({
  containers,
  terminals,
}: {
  containers: Container[];
  terminals: Map<string, Terminal>;
}) {
  const columns = useMemo(() => containerColumns(terminals), [terminals]);
  const changed = useChangedIds("container");
  return (
    <DataTable
      tableId="shipment-containers"
      caption="Containers of this shipment"
      columns={columns}
      rows={containers}
      rowKey={(container) => container.id}
      changedRowIds={changed}
      minWidthClass="min-w-[64rem]"
      empty={
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No containers are known for this shipment yet.
        </p>
      }
    />
  );
}
