// The shipment page: who and what, the journey POL → POD → destination, tracking state and controls, containers.
// Its controls (stop and resume, reference numbers, tags, customer) are offered to the roles that may track; the
// others read the same page and are told why they are not.
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { containerSchema } from "../../../api/containers";
import { dateSourceWords } from "../../../api/date-sources";
import { findIncluded, includedOfType } from "../../../api/included";
import { portSchema, type Terminal, terminalSchema, userSchema } from "../../../api/reference";
import type { Shipment } from "../../../api/shipments";
import { NotAllowed } from "../../components/allowed";
import { versusLineWords } from "../../components/arrival-forecast/arrival-forecast";
import { RecordCustomFields } from "../../components/custom-fields/record-custom-fields";
import { DateTime } from "../../components/date-time";
import { inlandStopOf, JourneyMap } from "../../components/map/journey-map";
import { PageHeader } from "../../components/page-header";
import { UpdatedAgo } from "../../components/updated-ago";
import { usePermission } from "../../lib/actor";
import { formatDateTime, personName, stoppedReasonWords } from "../../lib/format";
import { useSeenWhileOpen } from "../../lib/live-updates";
import { ContainersTable } from "./containers-table";
import { CustomerField } from "./customer-field";
import { EditableLabels } from "./editable-labels";
import { shipmentQuery } from "./queries";
import { ShareLinks } from "./share-links";
import { EtaChangeBadge, TrackingBadge } from "./shipment-bits";
import { ShipmentDocuments } from "./shipment-documents";
import { TrackingControl } from "./tracking-control";

const route = getRouteApi("/_authenticated/shipments/$shipmentId");

function Card({
  title,
  children,
  className = "",
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={`rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <h2 className="mb-4 text-base font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {term}
      </dt>
      <dd className="mt-0.5 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

const none = <span className="text-(--muted-text)">Not known</span>;

export function ShipmentPage() {
  const { shipmentId } = route.useParams();
  const { data: document, dataUpdatedAt } = useSuspenseQuery(shipmentQuery(shipmentId));
  useSeenWhileOpen("shipment", shipmentId);
  const shipment = document.data;
  const a = shipment.attributes;
  const included = document.included;

  const containersById = includedOfType(included, "container", containerSchema);
  const containers = shipment.relationships.containers.data
    .map((ref) => containersById.get(ref.id))
    .filter((c) => c !== undefined);
  const terminals = includedOfType(included, "terminal", terminalSchema);
  const mayEdit = usePermission("track");
  const stoppedBy = findIncluded(
    included,
    shipment.relationships.line_tracking_stopped_by_user.data,
    userSchema,
  );

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link to="/shipments" className="text-sky-800 hover:underline dark:text-sky-300">
          ← Shipments
        </Link>
      </nav>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span>
              <span className="sr-only">Shipment </span>
              <span className="font-mono">{a.bill_of_lading_number}</span>
            </span>
            <TrackingBadge attributes={a} />
          </span>
        }
        description={
          <>
            {a.shipping_line_name} ({a.shipping_line_scac})
            {a.customer_name ? <> · for {a.customer_name}</> : null}
            <span aria-hidden="true"> · </span>
            <UpdatedAgo at={dataUpdatedAt} what="Shipment" />
          </>
        }
        actions={<TrackingControl shipment={shipment} />}
      />

      {a.line_tracking_stopped_at ? (
        <div
          role="status"
          className="mb-6 rounded-lg border border-slate-300 bg-slate-100 p-4 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-800/70 dark:text-slate-200"
        >
          <p className="font-semibold">Tracking stopped</p>
          <p className="mt-1">
            {stoppedBy
              ? `Stopped by ${personName(stoppedBy.attributes)}`
              : shipment.relationships.line_tracking_stopped_by_api_key?.data
                ? "Stopped by an API key"
                : "Stopped"}{" "}
            at{" "}
            <time
              dateTime={a.line_tracking_stopped_at}
              title={formatDateTime(a.line_tracking_stopped_at, "UTC").utc}
            >
              {formatDateTime(a.line_tracking_stopped_at, "UTC").text}
            </time>
          </p>
          <p className="mt-1">
            <span className="font-medium">Why:</span> {stoppedReasonWords(a.line_tracking_stopped_reason)}
          </p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            No further updates are collected. Everything collected before stays available.
          </p>
        </div>
      ) : null}

      {/* The boxes first: where each is now and whether it can be picked up is what a coordinator opens this page for. */}
      <section aria-labelledby="containers-heading" className="mb-8">
        <h2 id="containers-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-100">
          Containers{" "}
          <span className="font-normal text-slate-500 dark:text-slate-400">({containers.length})</span>
        </h2>
        <ContainersTable containers={containers} terminals={terminals} inlandName={a.destination_name} />
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card title="Journey" className="lg:col-span-2">
          <Journey shipment={shipment} included={included} />
        </Card>
        <Card title="Details">
          <div className="space-y-5">
            <NotAllowed may={mayEdit} what="Editing reference numbers, tags and the customer" className="" />
            <EditableLabels
              shipmentId={shipment.id}
              field="ref_numbers"
              values={a.ref_numbers}
              editable={mayEdit.ok}
            />
            <EditableLabels shipmentId={shipment.id} field="tags" values={a.tags} editable={mayEdit.ok} />
            <CustomerField shipment={shipment} editable={mayEdit.ok} />
            <dl className="grid grid-cols-2 gap-4">
              <Fact term="Shipping line">
                <abbr title={a.shipping_line_name} className="no-underline">
                  {a.shipping_line_short_name}
                </abbr>{" "}
                <span className="text-slate-500 dark:text-slate-400">({a.shipping_line_scac})</span>
              </Fact>
              <Fact term="Tracked since">
                <DateTime iso={a.created_at} timeZone="UTC" />
              </Fact>
              {/* When the engine last heard from the line: not when this page was last fetched (its header says that). */}
              <Fact term="Checked with the carrier">
                {a.line_tracking_last_succeeded_at ? (
                  <DateTime iso={a.line_tracking_last_succeeded_at} timeZone="UTC" />
                ) : (
                  none
                )}
                {a.line_tracking_last_attempted_at &&
                a.line_tracking_last_attempted_at > (a.line_tracking_last_succeeded_at ?? "") ? (
                  <span className="block text-xs text-(--muted-text)">
                    Tried again <DateTime iso={a.line_tracking_last_attempted_at} timeZone="UTC" />, no answer
                    yet
                  </span>
                ) : null}
              </Fact>
            </dl>
          </div>
        </Card>
      </div>

      <RecordCustomFields kind="shipments" recordId={shipment.id} may={mayEdit} className="mt-6" />

      {containers[0] ? (
        <JourneyMap
          className="mt-6"
          containerId={containers[0].id}
          inland={inlandStopOf(shipment)}
          predictedArrivalAt={a.pod_predicted_arrival_at}
          caption={
            containers.length > 1
              ? `Shown for container ${containers[0].attributes.number}, the first of ${containers.length}.`
              : undefined
          }
        />
      ) : null}

      <ShipmentDocuments shipmentId={shipment.id} />
      <ShareLinks shipmentId={shipment.id} />
    </>
  );
}

function Journey({
  shipment,
  included,
}: {
  shipment: Shipment;
  included: { id: string; type: string }[] | undefined;
}) {
  const a = shipment.attributes;
  const r = shipment.relationships;
  const pol = findIncluded(included, r.port_of_lading.data, portSchema);
  const pod = findIncluded(included, r.port_of_discharge.data, portSchema);
  const destination = findIncluded(included, r.destination.data, portSchema);
  const podTerminal = findIncluded(included, r.pod_terminal.data, terminalSchema);
  const destinationTerminal = findIncluded(included, r.destination_terminal.data, terminalSchema);
  const hasDestination = a.destination_locode !== null && a.destination_locode !== a.port_of_discharge_locode;
  // Every date of the line's is said to be the line's; ours say so in their label.
  const names = { line: a.shipping_line_short_name || null };
  const reported = dateSourceWords("shipping_line", names, false);
  const estimated = dateSourceWords("shipping_line", names, true);

  return (
    <>
      <ol className="grid gap-6 sm:grid-cols-3">
        <Stop
          kind="Port of lading"
          name={pol?.attributes.name ?? a.port_of_lading_name}
          code={a.port_of_lading_locode}
          place={pol ? [pol.attributes.city, pol.attributes.country_code].filter(Boolean).join(", ") : null}
        >
          <TimeFact label="Departed" iso={a.pol_atd_at} timeZone={a.pol_timezone} source={reported} />
          {a.pol_atd_at ? null : (
            <TimeFact
              label="Estimated departure"
              iso={a.pol_etd_at}
              timeZone={a.pol_timezone}
              source={estimated}
            />
          )}
        </Stop>
        <Stop
          kind="Port of discharge"
          name={pod?.attributes.name ?? a.port_of_discharge_name}
          code={a.port_of_discharge_locode}
          place={pod ? [pod.attributes.city, pod.attributes.country_code].filter(Boolean).join(", ") : null}
          terminal={podTerminal}
        >
          <TimeFact label="Arrived" iso={a.pod_ata_at} timeZone={a.pod_timezone} source={reported} />
          {a.pod_ata_at ? null : (
            <TimeFact
              label="Estimated arrival"
              iso={a.pod_eta_at}
              timeZone={a.pod_timezone}
              source={estimated}
            >
              <EtaChangeBadge estimated={a.pod_eta_at} original={a.pod_original_eta_at} />
            </TimeFact>
          )}
          {a.pod_original_eta_at && a.pod_original_eta_at !== a.pod_eta_at ? (
            <TimeFact
              label="First estimate"
              iso={a.pod_original_eta_at}
              timeZone={a.pod_timezone}
              source={estimated}
            />
          ) : null}
          {a.pod_predicted_arrival_at ? (
            <TimeFact label="Our prediction" iso={a.pod_predicted_arrival_at} timeZone={a.pod_timezone}>
              <span className="block text-xs text-(--muted-text)">
                {versusLineWords(a.pod_predicted_arrival_at, a.pod_eta_at) ?? "About the line's ETA"}
              </span>
              {a.pod_predicted_arrival_reason ? (
                <span className="block text-xs text-(--muted-text)">{a.pod_predicted_arrival_reason}</span>
              ) : null}
            </TimeFact>
          ) : null}
        </Stop>
        {hasDestination ? (
          <Stop
            kind="Destination"
            name={destination?.attributes.name ?? a.destination_name}
            code={a.destination_locode}
            place={
              destination
                ? [destination.attributes.city, destination.attributes.country_code]
                    .filter(Boolean)
                    .join(", ")
                : null
            }
            terminal={destinationTerminal}
          >
            <TimeFact
              label="Arrived"
              iso={a.destination_ata_at}
              timeZone={a.destination_timezone}
              source={reported}
            />
            {a.destination_ata_at ? null : (
              <TimeFact
                label="Estimated arrival"
                iso={a.destination_eta_at}
                timeZone={a.destination_timezone}
                source={estimated}
              />
            )}
            {a.destination_predicted_arrival_at ? (
              <TimeFact
                label="Our prediction"
                iso={a.destination_predicted_arrival_at}
                timeZone={a.destination_timezone}
              >
                <span className="block text-xs text-(--muted-text)">
                  {versusLineWords(a.destination_predicted_arrival_at, a.destination_eta_at) ??
                    "About the line's ETA"}
                </span>
                {a.destination_predicted_arrival_reason ? (
                  <span className="block text-xs text-(--muted-text)">
                    {a.destination_predicted_arrival_reason}
                  </span>
                ) : null}
              </TimeFact>
            ) : null}
          </Stop>
        ) : (
          <li className="text-sm text-slate-500 dark:text-slate-400">
            <p className="text-xs font-semibold tracking-wide uppercase">Destination</p>
            <p className="mt-1">The port of discharge is the final destination.</p>
          </li>
        )}
      </ol>
      <dl className="mt-6 grid gap-4 border-t border-slate-100 pt-4 sm:grid-cols-3 dark:border-slate-800">
        <Fact term="Vessel">{a.pod_vessel_name ?? none}</Fact>
        <Fact term="Voyage">{a.pod_voyage_number ?? none}</Fact>
        <Fact term="IMO">{a.pod_vessel_imo ?? none}</Fact>
      </dl>
    </>
  );
}

function Stop({
  kind,
  name,
  code,
  place,
  terminal,
  children,
}: {
  kind: string;
  name: string | null;
  code: string | null;
  place: string | null;
  terminal?: Terminal;
  children: ReactNode;
}) {
  return (
    <li className="relative border-l-2 border-sky-600 pl-4 dark:border-sky-500">
      <p className="text-xs font-semibold tracking-wide text-sky-800 uppercase dark:text-sky-300">{kind}</p>
      <p className="mt-1 font-medium text-slate-900 dark:text-slate-100">
        {name ?? "Not known"}{" "}
        {code ? <span className="font-mono text-sm text-slate-500 dark:text-slate-400">{code}</span> : null}
      </p>
      {place ? <p className="text-sm text-slate-600 dark:text-slate-400">{place}</p> : null}
      {terminal ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Terminal: {terminal.attributes.name}
          {terminal.attributes.firms_code ? ` (${terminal.attributes.firms_code})` : ""}
        </p>
      ) : null}
      <dl className="mt-3 space-y-2">{children}</dl>
    </li>
  );
}

function TimeFact({
  label,
  iso,
  timeZone,
  source,
  children,
}: {
  label: string;
  iso: string | null;
  timeZone: string | null;
  /** Who gave the date ("From MSC", "MSC's estimate"); ours need none, their label says so. */
  source?: string;
  children?: ReactNode;
}) {
  if (!iso) {
    if (label.startsWith("Estimated")) {
      return (
        <div>
          <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="text-sm text-(--muted-text)">Not known</dd>
        </div>
      );
    }
    return null;
  }
  return (
    <div>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-sm text-slate-900 dark:text-slate-100">
        <DateTime iso={iso} timeZone={timeZone} />
        {source ? <span className="block text-xs text-(--muted-text)">{source}</span> : null}
        {children}
      </dd>
    </div>
  );
}
