// The containers of a shipment: where each box is now, its status, the pickup answer, last free day, holds, fees
// and appointments: what the shipment page leads with.
import { useMemo } from "react";
import type { Container } from "../../../api/containers";
import { hasGoneInland } from "../../../api/last-free-day";
import { hasLeftTerminal, pickupHeadline } from "../../../api/pickup";
import type { Terminal } from "../../../api/reference";
import { Fees, Holds } from "../../components/container-facts";
import type { DataColumn } from "../../components/data-table/columns";
import { DataTable } from "../../components/data-table/data-table";
import { RowLink } from "../../components/data-table/row-link";
import { DateTime } from "../../components/date-time";
import { LastFreeDay } from "../../components/last-free-day";
import { containerStatusWords, equipmentWords } from "../../lib/format";
import { useChangedIds } from "../../lib/live-updates";

const muted = "text-(--muted-text)";

/**
 * Where the box is now, in a few words: the terminal of discharge and its yard place while it waits there, the
 * inland facility once it went on by rail (never the port terminal's yard place, which is history by then), "on
 * rail to …" between them, nothing once it is gone or before it reached the port.
 */
export function whereNowWords(
  container: Container,
  terminals: Map<string, Terminal>,
  /** The shipment's inland destination's name ("Chicago"), when the facility itself is not known. */
  inlandName: string | null = null,
): string | null {
  const a = container.attributes;
  if (hasLeftTerminal(a)) return null;
  const nameOf = (id: string | undefined) => {
    const terminal = id ? terminals.get(id) : undefined;
    return terminal ? (terminal.attributes.nickname ?? terminal.attributes.name) : null;
  };
  if (hasGoneInland(a)) {
    const facility =
      nameOf(container.relationships.pickup_facility.data?.id) ??
      (inlandName ? `${inlandName} (inland destination)` : null);
    if (a.current_status === "on_rail" || (a.ind_ata_at === null && a.ind_rail_unloaded_at === null)) {
      return `On rail to ${facility ?? "the inland destination"}`;
    }
    return facility ?? "Inland destination";
  }
  if ((a.pod_discharged_at ?? a.pod_arrived_at) === null) return null;
  const yard = a.location_at_pod_terminal ? ` · ${a.location_at_pod_terminal}` : "";
  const terminal = nameOf(container.relationships.pod_terminal.data?.id);
  return terminal ? `${terminal}${yard}` : yard ? yard.slice(3) : null;
}

/** The pickup answer in a few words: the verdict, and what stands in the way. */
function PickupAnswer({ container }: { container: Container }) {
  const { verdict, text } = pickupHeadline(container.attributes);
  const tone =
    verdict === "yes"
      ? "font-medium text-emerald-800 dark:text-emerald-300"
      : verdict === "no"
        ? "font-medium text-red-800 dark:text-red-300"
        : "text-slate-700 dark:text-slate-300";
  return <span className={tone}>{text}</span>;
}

/** The table's columns; a shipment's terminals (and its inland destination) name where each container is. */
export function containerColumns(
  terminals: Map<string, Terminal>,
  inlandName: string | null = null,
): DataColumn<Container>[] {
  return [
    {
      id: "container",
      header: "Container",
      card: "title",
      cell: (container) => {
        const where = whereNowWords(container, terminals, inlandName);
        return (
          <>
            <RowLink
              to="/containers/$containerId"
              params={{ containerId: container.id }}
              className="font-mono"
            >
              {container.attributes.number}
            </RowLink>
            {where ? (
              <div className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                <span className="sr-only">Where it is now: </span>
                {where}
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
      header: "Can I pick it up?",
      card: "fact",
      hideable: true,
      className: "min-w-44 max-w-64",
      cell: (container) => <PickupAnswer container={container} />,
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
  inlandName = null,
}: {
  containers: Container[];
  terminals: Map<string, Terminal>;
  /** The shipment's inland destination's name, for a box gone there by rail whose facility is not known. */
  inlandName?: string | null;
}) {
  const columns = useMemo(() => containerColumns(terminals, inlandName), [terminals, inlandName]);
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
