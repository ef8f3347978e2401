// The container page: the container's attributes, grouped and in words (a later issue adds its event timeline).
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { terminalSchema } from "../../../api/reference";
import { shipmentSchema } from "../../../api/shipments";
import { Availability, Fees, Holds, LastFreeDay } from "../../components/container-facts";
import { DateTime } from "../../components/date-time";
import { PageHeader } from "../../components/page-header";
import { containerStatusWords, equipmentWords } from "../../lib/format";
import { findIncluded } from "../../lib/included";
import { containerQuery } from "./queries";

const route = getRouteApi("/_authenticated/containers/$containerId");

const notKnown = <span className="text-slate-400 dark:text-slate-500">Not known</span>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 className="mb-4 text-base font-semibold">{title}</h2>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {term}
      </dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  );
}

function When({ iso, zone }: { iso: string | null; zone: string | null }) {
  return iso ? <DateTime iso={iso} timeZone={zone} /> : notKnown;
}

export function ContainerPage() {
  const { containerId } = route.useParams();
  const { data: document } = useSuspenseQuery(containerQuery(containerId));
  const container = document.data;
  const a = container.attributes;
  const shipment = findIncluded(document.included, container.relationships.shipment.data, shipmentSchema);
  const terminal = findIncluded(document.included, container.relationships.pod_terminal.data, terminalSchema);
  const podZone = a.pod_timezone;
  const destinationZone = a.final_destination_timezone;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 flex gap-2 text-sm">
        <Link to="/containers" className="text-sky-800 hover:underline dark:text-sky-300">
          ← Containers
        </Link>
        {shipment ? (
          <>
            <span aria-hidden="true" className="text-slate-400">
              ·
            </span>
            <Link
              to="/shipments/$shipmentId"
              params={{ shipmentId: shipment.id }}
              className="text-sky-800 hover:underline dark:text-sky-300"
            >
              Shipment {shipment.attributes.bill_of_lading_number}
            </Link>
          </>
        ) : null}
      </nav>
      <PageHeader
        title={
          <>
            <span className="sr-only">Container </span>
            <span className="font-mono">{a.number}</span>
          </>
        }
        description={`${containerStatusWords(a.current_status)}${
          equipmentWords(a.equipment_type, a.equipment_length, a.equipment_height)
            ? ` · ${equipmentWords(a.equipment_type, a.equipment_length, a.equipment_height)}`
            : ""
        }`}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="At the port of discharge">
          <Fact term="Terminal">
            {terminal ? (
              <>
                {terminal.attributes.name}
                {terminal.attributes.firms_code ? ` (${terminal.attributes.firms_code})` : ""}
              </>
            ) : (
              notKnown
            )}
          </Fact>
          <Fact term="Location at terminal">{a.location_at_pod_terminal ?? notKnown}</Fact>
          <Fact term="Pickup">
            <Availability container={container} />
          </Fact>
          <Fact term="Last free day">
            <LastFreeDay container={container} />
          </Fact>
          <Fact term="Holds">
            <Holds container={container} />
          </Fact>
          <Fact term="Fees">
            <Fees container={container} />
          </Fact>
          <Fact term="Pickup appointment">
            {a.pickup_appointment_at ? <DateTime iso={a.pickup_appointment_at} timeZone={podZone} /> : "None"}
          </Fact>
          <Fact term="Terminal last checked">
            <When iso={a.terminal_checked_at} zone={podZone} />
          </Fact>
        </Section>
        <Section title="Milestones">
          <Fact term="Arrived at port of discharge">
            <When iso={a.pod_arrived_at} zone={podZone} />
          </Fact>
          <Fact term="Discharged">
            <When iso={a.pod_discharged_at} zone={podZone} />
          </Fact>
          <Fact term="Picked up (full out)">
            <When iso={a.pod_full_out_at} zone={podZone} />
          </Fact>
          <Fact term="Chassis at pickup">{a.pod_full_out_chassis_number ?? notKnown}</Fact>
          <Fact term="Out at final destination">
            <When iso={a.final_destination_full_out_at} zone={destinationZone} />
          </Fact>
          <Fact term="Empty returned">
            <When iso={a.empty_terminated_at} zone={a.empty_terminated_timezone} />
          </Fact>
        </Section>
        <Section title="Equipment">
          <Fact term="Type">{a.equipment_type ?? notKnown}</Fact>
          <Fact term="Length">{a.equipment_length ? `${a.equipment_length} ft` : notKnown}</Fact>
          <Fact term="Height">
            {a.equipment_height === "high_cube"
              ? "High cube"
              : a.equipment_height === "standard"
                ? "Standard"
                : notKnown}
          </Fact>
          <Fact term="Weight">
            {a.weight_in_lbs !== null ? `${a.weight_in_lbs.toLocaleString("en-US")} lb` : notKnown}
          </Fact>
          <Fact term="Seal number">{a.seal_number ?? notKnown}</Fact>
          <Fact term="Reference numbers">{a.ref_numbers.length > 0 ? a.ref_numbers.join(", ") : "None"}</Fact>
        </Section>
        <Section title="Rail and inland">
          <Fact term="Rail carrier at port">{a.pod_rail_carrier_scac ?? notKnown}</Fact>
          <Fact term="Loaded on rail">
            <When iso={a.pod_rail_loaded_at} zone={podZone} />
          </Fact>
          <Fact term="Rail departed">
            <When iso={a.pod_rail_departed_at} zone={podZone} />
          </Fact>
          <Fact term="Inland rail carrier">{a.ind_rail_carrier_scac ?? notKnown}</Fact>
          <Fact term="Inland arrival">
            {a.ind_ata_at ? (
              <DateTime iso={a.ind_ata_at} timeZone={destinationZone} />
            ) : a.ind_eta_at ? (
              <>
                Est. <DateTime iso={a.ind_eta_at} timeZone={destinationZone} />
              </>
            ) : (
              notKnown
            )}
          </Fact>
          <Fact term="Unloaded from rail">
            <When iso={a.ind_rail_unloaded_at} zone={destinationZone} />
          </Fact>
        </Section>
      </div>
    </>
  );
}
