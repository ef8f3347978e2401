// The container page: where the container is now, what happened and what happens next (the timeline), and whether
// it can be picked up; one read of the container and one of each event list, all started together by the route.
import { useSuspenseQueries } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { type ReactNode, useMemo } from "react";
import { findIncluded } from "../../../api/included";
import { activeHolds } from "../../../api/pickup";
import { terminalSchema } from "../../../api/reference";
import { shipmentSchema } from "../../../api/shipments";
import { mergeEvents } from "../../../api/timeline-merge";
import { ArrivalForecast } from "../../components/arrival-forecast/arrival-forecast";
import { RecordCustomFields } from "../../components/custom-fields/record-custom-fields";
import { DateTime } from "../../components/date-time";
import { inlandStopOf, JourneyMap } from "../../components/map/journey-map";
import { UpdatedAgo } from "../../components/updated-ago";
import { usePermission } from "../../lib/actor";
import { useSeenWhileOpen } from "../../lib/live-updates";
import { ContainerHeader } from "./container-header";
import { ContainerTimeline } from "./container-timeline";
import { FreeTimePanel } from "./free-time-panel";
import { rememberedContainersSearch } from "./list-memory";
import { TimelineLineName } from "./milestone-source";
import { MissingNotice } from "./missing-notice";
import { PickupPanel } from "./pickup-panel";
import { PickupSummary } from "./pickup-summary";
import { ActiveHoldsContext, PositionSentence } from "./position-summary";
import { containerQuery, containerRawEventsQuery, containerTransportEventsQuery } from "./queries";
import { buildJourney } from "./timeline-legs";
import { timelineSources } from "./timeline-sources";
import { VoyageChanges } from "./voyage-changes";

const route = getRouteApi("/_authenticated/containers/$containerId");

const muted = "text-(--muted-text)";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 py-2">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

export function ContainerPage() {
  const { containerId } = route.useParams();
  useSeenWhileOpen("container", containerId);
  const [containerResult, transportResult, rawResult] = useSuspenseQueries({
    queries: [
      containerQuery(containerId),
      containerTransportEventsQuery(containerId),
      containerRawEventsQuery(containerId),
    ],
  });
  const { data: document } = containerResult;
  const { data: transport } = transportResult;
  const { data: raw } = rawResult;
  // The newest of the three reads: any of them may be refreshed by a live event.
  const updatedAt = Math.max(
    containerResult.dataUpdatedAt,
    transportResult.dataUpdatedAt,
    rawResult.dataUpdatedAt,
  );
  const container = document.data;
  const a = container.attributes;
  const r = container.relationships;
  const shipment = findIncluded(document.included, r.shipment.data, shipmentSchema);
  const terminal = findIncluded(document.included, r.pod_terminal.data, terminalSchema);
  const pickupFacility = findIncluded(document.included, r.pickup_facility.data, terminalSchema);
  const journey = useMemo(() => buildJourney(mergeEvents(timelineSources(transport, raw))), [transport, raw]);
  const holds = activeHolds(a);
  const mayEdit = usePermission("track");

  return (
    <ActiveHoldsContext value={holds}>
      <nav aria-label="Breadcrumb" className="mb-3 flex gap-2 text-sm">
        <Link
          to="/containers"
          search={rememberedContainersSearch()}
          className="text-sky-800 hover:underline dark:text-sky-300"
        >
          ← Back to containers
        </Link>
        {shipment ? (
          <>
            <span aria-hidden="true" className="text-(--muted-text)">
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
      <ContainerHeader container={container} shipment={shipment} journey={journey} />

      <section
        aria-labelledby="now-heading"
        className="mb-6 rounded-lg border border-sky-200 bg-sky-50 px-5 py-4 dark:border-sky-900 dark:bg-sky-950/40"
      >
        <h2
          id="now-heading"
          className="text-xs font-semibold tracking-wide text-sky-900 uppercase dark:text-sky-200"
        >
          Where is it now?
        </h2>
        <p className="mt-1 text-lg font-semibold text-slate-900 dark:text-slate-50">
          <PositionSentence position={journey.position} />
        </p>
        <MissingNotice container={container} shipment={shipment} />
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          <UpdatedAgo at={updatedAt} what="Container" />
        </p>
        <PickupSummary container={container} panelId="pickup-heading" />
      </section>

      {/* grid-cols-1 is minmax(0, 1fr): an implicit column would grow to the widest panel's content (the free
          time table) and push the page past a phone's width instead of letting that table scroll in its own box. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TimelineLineName value={shipment?.attributes.shipping_line_short_name || null}>
          <ContainerTimeline journey={journey} />
        </TimelineLineName>
        <div className="space-y-6">
          <VoyageChanges containerId={container.id} />
          <PickupPanel container={container} terminal={terminal} pickupFacility={pickupFacility} />
          <FreeTimePanel container={container} />
          {r.shipment.data ? (
            <ArrivalForecast
              shipmentId={r.shipment.data.id}
              facts={a}
              timeZone={a.pod_timezone}
              lineName={shipment?.attributes.shipping_line_short_name || null}
            />
          ) : null}
          <JourneyMap
            containerId={container.id}
            inland={inlandStopOf(shipment)}
            predictedArrivalAt={a.pod_predicted_arrival_at}
          />
          <section
            aria-labelledby="details-heading"
            className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 id="details-heading" className="text-base font-semibold text-slate-900 dark:text-slate-100">
              More details
            </h2>
            <dl className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
              <Fact term="Reference numbers">
                {a.ref_numbers.length > 0 ? a.ref_numbers.join(", ") : <span className={muted}>None</span>}
              </Fact>
              <Fact term="Chassis at pickup">
                {a.pod_full_out_chassis_number ?? <span className={muted}>Not reported</span>}
              </Fact>
              <Fact term="Rail carriers">
                {a.pod_rail_carrier_scac || a.ind_rail_carrier_scac ? (
                  [a.pod_rail_carrier_scac, a.ind_rail_carrier_scac].filter(Boolean).join(" → ")
                ) : (
                  <span className={muted}>None</span>
                )}
              </Fact>
              <Fact term="Tracked since">
                <DateTime iso={a.created_at} timeZone="UTC" />
              </Fact>
            </dl>
          </section>
          <RecordCustomFields kind="containers" recordId={container.id} may={mayEdit} />
        </div>
      </div>
    </ActiveHoldsContext>
  );
}
