// The shipments list's columns: what a coordinator reads in a row (number, customer, line, port, vessel, the dates
// that cost money), which of them sort through the API, and which are hidden until chosen.
import type { Shipment } from "../../../api/shipments";
import type { ShipmentSortField } from "../../../api/triage";
import { versusLineWords } from "../../components/arrival-forecast/arrival-forecast";
import type { DataColumn } from "../../components/data-table/columns";
import { RowLink } from "../../components/data-table/row-link";
import { DateTime } from "../../components/date-time";
import { LastFreeDayOn } from "../../components/last-free-day";
import { phaseSummary } from "./phase-summary";
import { Milestone, placeName, TrackingBadge } from "./shipment-bits";

const muted = "text-(--muted-text)";

/** A column of the list, sorted (if at all) by one of the fields `GET /v2/shipments?sort=` accepts. */
type ShipmentColumn = DataColumn<Shipment> & { sortField?: ShipmentSortField };

function NotKnown({ children = "Not known" }: { children?: string }) {
  return <span className={muted}>{children}</span>;
}

export const SHIPMENT_COLUMNS: readonly ShipmentColumn[] = [
  {
    id: "bill_of_lading",
    header: "Bill of lading",
    card: "title",
    sortField: "bill_of_lading_number",
    cell: (shipment) => {
      const a = shipment.attributes;
      return (
        <>
          <RowLink
            to="/shipments/$shipmentId"
            params={{ shipmentId: shipment.id }}
            stretched
            className="font-mono"
          >
            {a.bill_of_lading_number}
          </RowLink>
          {a.ref_numbers.length > 0 ? (
            <div className="mt-0.5 max-w-44 text-xs text-slate-500 dark:text-slate-400">
              <span className="sr-only">Reference numbers: </span>
              {a.ref_numbers.map((ref, index) => (
                <span key={ref} className="whitespace-nowrap">
                  {ref}
                  {index < a.ref_numbers.length - 1 ? ", " : ""}
                </span>
              ))}
            </div>
          ) : null}
        </>
      );
    },
  },
  {
    id: "status",
    header: "Status",
    card: "title",
    hideable: true,
    cell: ({ attributes: a }) =>
      phaseSummary(a.containers_by_phase) ?? <NotKnown>No containers yet</NotKnown>,
  },
  {
    id: "customer",
    header: "Customer",
    card: "hidden",
    hideable: true,
    className: "max-w-40",
    cell: (shipment) => shipment.attributes.customer_name ?? <NotKnown>None</NotKnown>,
  },
  {
    id: "line",
    header: "Line",
    hideable: true,
    className: "whitespace-nowrap",
    cell: ({ attributes: a }) => (
      <span title={`${a.shipping_line_name} (${a.shipping_line_scac})`}>{a.shipping_line_short_name}</span>
    ),
  },
  {
    id: "port_of_discharge",
    header: "Port of discharge",
    hideable: true,
    className: "min-w-36",
    cell: ({ attributes: a }) =>
      a.port_of_discharge_name ? (
        <>
          <div>{a.port_of_discharge_name}</div>
          {a.port_of_discharge_locode ? (
            <div className="font-mono text-xs text-slate-500 dark:text-slate-400">
              {a.port_of_discharge_locode}
            </div>
          ) : null}
        </>
      ) : (
        <NotKnown />
      ),
  },
  {
    id: "route",
    header: "Route",
    card: "hidden",
    hideable: true,
    hiddenByDefault: true,
    className: "min-w-40 max-w-64",
    cell: ({ attributes: a }) => (
      <>
        <span>{placeName(a.port_of_lading_name, null)}</span>
        <span aria-hidden="true" className="mx-1 text-(--muted-text)">
          →
        </span>
        <span className="sr-only"> to </span>
        <span>{placeName(a.port_of_discharge_name, null)}</span>
        {a.destination_name && a.destination_locode !== a.port_of_discharge_locode ? (
          <>
            <span aria-hidden="true" className="mx-1 text-(--muted-text)">
              →
            </span>
            <span className="sr-only"> then </span>
            <span>{a.destination_name}</span>
          </>
        ) : null}
      </>
    ),
  },
  {
    id: "vessel",
    header: "Vessel",
    card: "hidden",
    hideable: true,
    className: "max-w-48",
    cell: ({ attributes: a }) =>
      a.pod_vessel_name ? (
        <>
          <div>{a.pod_vessel_name}</div>
          {a.pod_voyage_number ? (
            <div className="text-xs text-slate-500 dark:text-slate-400">Voyage {a.pod_voyage_number}</div>
          ) : null}
        </>
      ) : (
        <NotKnown />
      ),
  },
  {
    id: "departure",
    header: "Departure",
    hideable: true,
    hiddenByDefault: true,
    sortField: "pol_etd_at",
    cell: ({ attributes: a }) => (
      <Milestone
        actual={a.pol_atd_at}
        estimated={a.pol_etd_at}
        timeZone={a.pol_timezone}
        actualLabel="Departed"
      />
    ),
  },
  {
    id: "eta",
    header: "ETA",
    card: "fact",
    hideable: true,
    // What arrives next first; those already arrived after every one still coming.
    sortField: "next_arrival",
    cell: ({ attributes: a }) => (
      <Milestone
        actual={a.pod_ata_at}
        estimated={a.pod_eta_at}
        original={a.pod_original_eta_at}
        timeZone={a.pod_timezone}
        actualLabel="Arrived"
      />
    ),
  },
  {
    id: "predicted",
    header: "Our prediction",
    hideable: true,
    hiddenByDefault: true,
    sortField: "pod_predicted_arrival_at",
    cell: ({ attributes: a }) =>
      a.pod_predicted_arrival_at ? (
        <span title={a.pod_predicted_arrival_reason ?? undefined}>
          <DateTime iso={a.pod_predicted_arrival_at} timeZone={a.pod_timezone} />
          <span className="block text-xs text-(--muted-text)">
            {versusLineWords(a.pod_predicted_arrival_at, a.pod_eta_at) ?? "About the line's ETA"}
          </span>
        </span>
      ) : (
        <NotKnown>None</NotKnown>
      ),
  },
  {
    id: "arrived",
    header: "Arrived",
    hideable: true,
    hiddenByDefault: true,
    sortField: "pod_ata_at",
    sortDescFirst: true,
    cell: ({ attributes: a }) =>
      a.pod_ata_at ? <DateTime iso={a.pod_ata_at} timeZone={a.pod_timezone} /> : <NotKnown>Not yet</NotKnown>,
  },
  {
    id: "last_free_day",
    header: "Last free day",
    card: "fact",
    headerContent: (
      <>
        <span aria-hidden="true">LFD</span>
        <span className="sr-only">Last free day</span>
      </>
    ),
    hideable: true,
    sortField: "last_free_day_at",
    cell: ({ attributes: a }) => (
      <LastFreeDayOn iso={a.last_free_day_at} timeZone={a.last_free_day_timezone ?? a.pod_timezone} />
    ),
  },
  {
    id: "containers",
    header: "Containers",
    hideable: true,
    align: "right",
    cell: (shipment) => shipment.relationships.containers.data.length,
  },
  {
    id: "tracking",
    header: "Tracking",
    card: "title",
    hideable: true,
    cell: (shipment) => <TrackingBadge attributes={shipment.attributes} />,
  },
  {
    id: "tags",
    header: "Tags",
    card: "hidden",
    hideable: true,
    cell: ({ attributes: a }) =>
      a.tags.length > 0 ? (
        <ul className="flex max-w-48 flex-wrap gap-1">
          {a.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : null,
  },
  {
    id: "created",
    header: "Created",
    hideable: true,
    hiddenByDefault: true,
    sortField: "created_at",
    sortDescFirst: true,
    cell: (shipment) => <DateTime iso={shipment.attributes.created_at} timeZone="UTC" />,
  },
];
