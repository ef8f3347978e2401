// The containers list's columns: what each shows, the API sort field it orders by, and whether the user may hide it
// and sees it by default. Kept apart from the page so that the list moves onto the shared table with them as they are.
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Container } from "../../../api/containers";
import type { ContainerSortField } from "../../../api/triage";
import { Availability } from "../../components/container-facts";
import { DateTime } from "../../components/date-time";
import { containerStatusWords } from "../../lib/format";
import { LfdCell } from "./lfd-cell";
import type { ContainerColumnId } from "./search";

export interface CellContext {
  /** Now by the service's clock: what "today" and "passed" count from. */
  now: Date;
}

export interface ContainerColumn {
  id: ContainerColumnId;
  header: string;
  cell: (container: Container, context: CellContext) => ReactNode;
  /** The `sort` field of `GET /v2/containers` this column orders by; none: not sortable. */
  sortField?: ContainerSortField;
  hideable: boolean;
  defaultVisible: boolean;
}

const muted = "text-slate-400 dark:text-slate-500";
const none = (words = "None") => <span className={muted}>{words}</span>;

export const CONTAINER_COLUMNS: readonly ContainerColumn[] = [
  {
    id: "number",
    header: "Container",
    sortField: "number",
    hideable: false,
    defaultVisible: true,
    cell: (c) => (
      <Link
        to="/containers/$containerId"
        params={{ containerId: c.id }}
        className="font-mono font-medium whitespace-nowrap text-sky-800 hover:underline dark:text-sky-300"
      >
        {c.attributes.number}
      </Link>
    ),
  },
  {
    id: "status",
    header: "Status",
    hideable: true,
    defaultVisible: true,
    cell: (c) => containerStatusWords(c.attributes.current_status),
  },
  {
    id: "holds",
    header: "Holds",
    hideable: true,
    defaultVisible: true,
    cell: (c) => {
      const on = c.attributes.holds_at_pod_terminal.filter((h) => h.status === "hold");
      if (on.length === 0) return none();
      return (
        <ul>
          {on.map((hold) => (
            <li key={hold.name} className="font-medium whitespace-nowrap text-red-700 dark:text-red-300">
              {hold.name}
            </li>
          ))}
        </ul>
      );
    },
  },
  {
    id: "lfd",
    header: "Last free day",
    sortField: "last_free_day_at",
    hideable: true,
    defaultVisible: true,
    cell: (c, { now }) => <LfdCell container={c} now={now} />,
  },
  {
    id: "availability",
    header: "Pickup",
    sortField: "available_for_pickup",
    hideable: true,
    defaultVisible: true,
    cell: (c) => <Availability container={c} />,
  },
  {
    id: "pod",
    header: "Port of discharge",
    hideable: true,
    defaultVisible: true,
    cell: (c) => {
      const { port_of_discharge_name: name, port_of_discharge_locode: locode } = c.attributes;
      if (!name && !locode) return none("Not known");
      return (
        <span className="whitespace-nowrap">
          {name ?? locode}
          {name && locode ? <span className="ml-1 font-mono text-xs text-slate-500">{locode}</span> : null}
        </span>
      );
    },
  },
  {
    id: "eta",
    header: "ETA",
    sortField: "pod_eta_at",
    hideable: true,
    defaultVisible: true,
    cell: (c) => {
      const { pod_ata_at: ata, pod_eta_at: eta, pod_timezone: zone } = c.attributes;
      if (ata) {
        return (
          <span className="inline-flex flex-col">
            <DateTime iso={ata} timeZone={zone} />
            <span className="text-xs text-slate-500 dark:text-slate-400">arrived</span>
          </span>
        );
      }
      return eta ? <DateTime iso={eta} timeZone={zone} /> : none("Not known");
    },
  },
  {
    id: "vessel",
    header: "Vessel",
    hideable: true,
    defaultVisible: true,
    cell: (c) => {
      const { pod_vessel_name: name, pod_vessel_imo: imo } = c.attributes;
      if (!name) return none("Not known");
      return (
        <span className="inline-flex flex-col">
          <span className="whitespace-nowrap">{name}</span>
          {imo ? <span className="font-mono text-xs text-slate-500">IMO {imo}</span> : null}
        </span>
      );
    },
  },
  {
    id: "shipment",
    header: "Shipment",
    sortField: "bill_of_lading_number",
    hideable: true,
    defaultVisible: true,
    cell: (c) => {
      const id = c.relationships.shipment.data?.id;
      if (!id) return none();
      return (
        <Link
          to="/shipments/$shipmentId"
          params={{ shipmentId: id }}
          className="font-mono whitespace-nowrap text-slate-700 hover:underline dark:text-slate-300"
        >
          {c.attributes.bill_of_lading_number}
        </Link>
      );
    },
  },
  {
    id: "tags",
    header: "Tags",
    hideable: true,
    defaultVisible: true,
    cell: (c) =>
      c.attributes.tags.length === 0 ? (
        none()
      ) : (
        <ul className="flex flex-wrap gap-1">
          {c.attributes.tags.map((tag) => (
            <li
              key={tag}
              className="rounded bg-slate-100 px-1.5 py-px text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {tag}
            </li>
          ))}
        </ul>
      ),
  },
  {
    id: "line",
    header: "Line",
    hideable: true,
    defaultVisible: false,
    cell: (c) => <span className="font-mono">{c.attributes.shipping_line_scac}</span>,
  },
  {
    id: "customer",
    header: "Customer",
    hideable: true,
    defaultVisible: false,
    cell: (c) => c.attributes.customer_name ?? none(),
  },
  {
    id: "discharged",
    header: "Discharged",
    sortField: "pod_discharged_at",
    hideable: true,
    defaultVisible: false,
    cell: (c) =>
      c.attributes.pod_discharged_at ? (
        <DateTime iso={c.attributes.pod_discharged_at} timeZone={c.attributes.pod_timezone} />
      ) : (
        none("Not yet")
      ),
  },
];

/** The columns the `columns` URL param shows: the listed ids (and those that cannot be hidden), else the defaults. */
export function visibleColumns(columnsParam: string): ContainerColumn[] {
  const listed = columnsParam.split(",").filter(Boolean);
  if (listed.length === 0) return CONTAINER_COLUMNS.filter((c) => c.defaultVisible);
  return CONTAINER_COLUMNS.filter((c) => !c.hideable || listed.includes(c.id));
}

/** The `columns` param for a set of visible ids: empty when it is the default set, so that URLs stay short. */
export function columnsParamOf(visible: readonly ContainerColumnId[]): string {
  const hideable = CONTAINER_COLUMNS.filter((c) => c.hideable);
  const isDefault = hideable.every((c) => c.defaultVisible === visible.includes(c.id));
  if (isDefault) return "";
  // Never empty: an empty param means the default set, not "only the container number".
  return CONTAINER_COLUMNS.filter((c) => !c.hideable || visible.includes(c.id))
    .map((c) => c.id)
    .join(",");
}
