// The containers list's columns, as the shared table's column definitions: what each shows, the API sort field it
// orders by, and whether the user may hide it and sees it by default (the table's Columns menu and `columns` param).
import { Link } from "@tanstack/react-router";
import type { Container } from "../../../api/containers";
import type { ContainerSortField } from "../../../api/triage";
import { Availability } from "../../components/container-facts";
import type { DataColumn } from "../../components/data-table/columns";
import { RowLink } from "../../components/data-table/row-link";
import { DateTime } from "../../components/date-time";
import { LastFreeDay } from "../../components/last-free-day";
import { containerStatusWords } from "../../lib/format";
import { ChargesCell, DemurrageCell, DetentionCell } from "./free-time-cells";

/** A column of the list, sorted (if at all) by one of the fields `GET /v2/containers?sort=` accepts. */
type ContainerColumn = DataColumn<Container> & { sortField?: ContainerSortField };

const muted = "text-(--muted-text)";
const none = (words = "None") => <span className={muted}>{words}</span>;

export const CONTAINER_COLUMNS: readonly ContainerColumn[] = [
  {
    id: "number",
    header: "Container",
    card: "title",
    sortField: "number",
    cell: (c) => (
      <RowLink
        to="/containers/$containerId"
        params={{ containerId: c.id }}
        stretched
        className="font-mono whitespace-nowrap"
      >
        {c.attributes.number}
      </RowLink>
    ),
  },
  {
    id: "status",
    header: "Status",
    card: "title",
    hideable: true,
    cell: (c) => containerStatusWords(c.attributes.current_status),
  },
  {
    id: "holds",
    header: "Holds",
    card: "fact",
    hideable: true,
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
    card: "fact",
    sortField: "last_free_day_at",
    hideable: true,
    cell: (c) => <LastFreeDay container={c} />,
  },
  {
    id: "availability",
    header: "Pickup",
    card: "fact",
    sortField: "available_for_pickup",
    hideable: true,
    cell: (c) => <Availability container={c} />,
  },
  {
    id: "demurrage",
    header: "Demurrage",
    // The last free day beside it says most of it; the days and amounts are a choice in the Columns menu.
    card: "hidden",
    hideable: true,
    hiddenByDefault: true,
    cell: (c) => <DemurrageCell container={c} />,
  },
  {
    id: "detention",
    header: "Detention",
    card: "fact",
    hideable: true,
    cell: (c) => <DetentionCell container={c} />,
  },
  {
    id: "charges",
    header: "Charges",
    card: "fact",
    sortField: "charges",
    // The most money at risk first.
    sortDescFirst: true,
    hideable: true,
    cell: (c) => <ChargesCell container={c} />,
  },
  {
    id: "pod",
    header: "Port of discharge",
    hideable: true,
    cell: (c) => {
      const { port_of_discharge_name: name, port_of_discharge_locode: locode } = c.attributes;
      if (!name && !locode) return none("Not known");
      return (
        // On a phone (a card, half its width) a long port name may wrap.
        <span className="sm:whitespace-nowrap">
          {name ?? locode}
          {name && locode ? (
            <span className="ml-1 font-mono text-xs text-slate-500 dark:text-slate-400">{locode}</span>
          ) : null}
        </span>
      );
    },
  },
  {
    id: "eta",
    header: "ETA",
    // What arrives next first; boxes whose ship has arrived after every one still coming.
    sortField: "next_arrival",
    hideable: true,
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
    card: "hidden",
    hideable: true,
    cell: (c) => {
      const { pod_vessel_name: name, pod_vessel_imo: imo } = c.attributes;
      if (!name) return none("Not known");
      return (
        <span className="inline-flex flex-col">
          <span className="whitespace-nowrap">{name}</span>
          {imo ? (
            <span className="font-mono text-xs text-slate-500 dark:text-slate-400">IMO {imo}</span>
          ) : null}
        </span>
      );
    },
  },
  {
    id: "shipment",
    header: "Shipment",
    card: "hidden",
    sortField: "bill_of_lading_number",
    hideable: true,
    cell: (c) => {
      const id = c.relationships.shipment.data?.id;
      if (!id) return none();
      return (
        <Link
          to="/shipments/$shipmentId"
          params={{ shipmentId: id }}
          // Above the container's link, which covers the row.
          className="relative z-10 rounded-sm font-mono whitespace-nowrap text-slate-700 hover:underline dark:text-slate-300"
        >
          {c.attributes.bill_of_lading_number}
        </Link>
      );
    },
  },
  {
    id: "tags",
    header: "Tags",
    card: "hidden",
    hideable: true,
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
    hiddenByDefault: true,
    cell: (c) => <span className="font-mono">{c.attributes.shipping_line_scac}</span>,
  },
  {
    id: "customer",
    header: "Customer",
    hideable: true,
    hiddenByDefault: true,
    cell: (c) => c.attributes.customer_name ?? none(),
  },
  {
    id: "discharged",
    header: "Discharged",
    sortField: "pod_discharged_at",
    hideable: true,
    hiddenByDefault: true,
    cell: (c) =>
      c.attributes.pod_discharged_at ? (
        <DateTime iso={c.attributes.pod_discharged_at} timeZone={c.attributes.pod_timezone} />
      ) : (
        none("Not yet")
      ),
  },
];
