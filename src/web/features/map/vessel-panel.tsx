// The selected vessel, what a coordinator asks first at the top: the voyage it sails for the account (from, to, ETA
// in the port's time), then the account's shipments and containers aboard, with links to them (read when it is
// chosen: the fleet's list only counts them), then how fast it goes, where it is and who it is.
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Port } from "../../../api/reference";
import { DateTime } from "../../components/date-time";
import { formatCoordinate } from "../../components/map/coordinates";
import { plural } from "../../lib/format";
import type { FleetVesselView, VesselDetailView } from "./fleet";
import { motionOf, motionText, speedArrival } from "./vessel-facts";

/** One term and its value; the `div` is the `dl`'s direct child (a wrapper around it would break the list). */
function Fact({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

const unknown = <span className="text-(--muted-text)">Not known</span>;

/** A port's time zone by its LOCODE, among the ports the map knows; null (UTC) for one it does not. */
const portZone = (ports: readonly Port[], locode: string | null) =>
  ports.find((p) => p.attributes.code === locode)?.attributes.time_zone ?? null;

export function VesselPanel({
  vessel,
  detail,
  ports,
  onClose,
}: {
  vessel: FleetVesselView;
  detail: VesselDetailView;
  /** The ports the map knows (the fleet's): where a stopped vessel may be when no carrier line says so yet. */
  ports: readonly Port[];
  onClose(): void;
}) {
  const next = vessel.nextPort?.attributes;
  const motion = motionOf(vessel, detail.lastCall, ports);
  const arrival = speedArrival(vessel, motion, detail.projectedArrival);
  const last = detail.lastCall;
  // The ports of discharge read for the map give their zones to the cargo's predicted arrivals too.
  const zones = [...ports, ...detail.dischargePorts.flatMap((d) => (d.port ? [d.port] : []))];
  return (
    <section
      aria-labelledby="vessel-panel-heading"
      className="flex max-h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-4 py-3 dark:border-slate-800">
        <div>
          <p className="text-xs font-semibold tracking-wide text-sky-800 uppercase dark:text-sky-300">
            Vessel
          </p>
          <h2 id="vessel-panel-heading" className="text-base font-semibold text-slate-900 dark:text-slate-50">
            {vessel.name}
          </h2>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md p-1 text-slate-500 dark:text-slate-400 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <span className="sr-only">Close the vessel panel</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5">
            <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="space-y-3 overflow-y-auto px-4 py-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">
            Voyage{" "}
            {vessel.voyageNumber ?? (
              <span className="font-normal text-slate-500 dark:text-slate-400">(number not known)</span>
            )}
          </h3>
          <dl className="mt-2 grid grid-cols-2 gap-3">
            <Fact term="Last port">
              {last === undefined ? (
                <span className="text-slate-600 dark:text-slate-400">Loading…</span>
              ) : last === null ? (
                unknown
              ) : (
                <>
                  {`${last.port.attributes.name} (${last.port.attributes.code})`}
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {last.departedAt ? (
                      <>
                        departed <DateTime iso={last.departedAt} timeZone={last.port.attributes.time_zone} />
                      </>
                    ) : last.berthedAt ? (
                      <>
                        berthed <DateTime iso={last.berthedAt} timeZone={last.port.attributes.time_zone} />,
                        no departure reported yet
                      </>
                    ) : last.arrivedAt ? (
                      <>
                        arrived <DateTime iso={last.arrivedAt} timeZone={last.port.attributes.time_zone} />,
                        no departure reported yet
                      </>
                    ) : (
                      "no departure reported yet"
                    )}
                  </span>
                </>
              )}
            </Fact>
            <Fact term="Next port">
              {next ? `${next.name} (${next.code})` : unknown}
              {next && vessel.nextPortAta ? (
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  arrived <DateTime iso={vessel.nextPortAta} timeZone={next.time_zone} />
                </span>
              ) : next && vessel.nextPortEta ? (
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  Carrier's ETA <DateTime iso={vessel.nextPortEta} timeZone={next.time_zone} />
                </span>
              ) : null}
              {next && !vessel.nextPortAta && vessel.nextPortPredictedArrival ? (
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  Our prediction <DateTime iso={vessel.nextPortPredictedArrival} timeZone={next.time_zone} />
                </span>
              ) : null}
            </Fact>
            {detail.dischargePorts.length > 0 ? (
              <Fact
                className="col-span-2"
                term={
                  vessel.cargoSummary.some((c) => c.port_of_discharge_locode === next?.code)
                    ? "Your containers also leave it at"
                    : "Your containers leave it at"
                }
              >
                <ul>
                  {detail.dischargePorts.map((d) => (
                    <li key={d.locode}>
                      <span
                        aria-hidden="true"
                        className="mr-1.5 inline-block h-2.5 w-2.5 rounded-full border-2 border-slate-900 bg-white dark:border-slate-100 dark:bg-slate-900"
                      />
                      {`${d.name} (${d.locode}) · ${plural(d.containers, "container")}`}
                      {d.eta ? (
                        <span className="text-xs text-slate-600 dark:text-slate-400">
                          {" "}
                          · Carrier's ETA{" "}
                          <DateTime iso={d.eta} timeZone={d.port?.attributes.time_zone ?? null} />
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </Fact>
            ) : null}
          </dl>
          {next && arrival.kind === "projected" ? (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              Projection from its speed: at {arrival.knots.toFixed(1)} kn it would reach {next.name}{" "}
              <DateTime iso={arrival.at} timeZone={next.time_zone} />
              {arrival.differs
                ? vessel.nextPortEta
                  ? ", not what the carrier estimates (the ETA above)."
                  : "; the carrier gives no ETA."
                : ", as the carrier estimates."}
            </p>
          ) : next && arrival.kind === "none" ? (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              {arrival.reason === "stopped"
                ? "No arrival time from its speed while it is stopped: the carrier's ETA is the one to go by."
                : "Its speed is not known, so no arrival time is worked out from it."}
            </p>
          ) : null}
          {detail.ahead.length > 1 && next ? (
            <p className="mt-2 flex gap-2 text-xs text-slate-600 dark:text-slate-400">
              <span
                aria-hidden="true"
                className="mt-1.5 h-0 w-5 shrink-0 border-t-2 border-dashed border-orange-700 dark:border-orange-400"
              />
              <span>Estimated path to {next.name} shown dashed on the map.</span>
            </p>
          ) : null}
        </div>

        <div className="border-t border-slate-100 pt-3 dark:border-slate-800">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">
            Your cargo aboard: {plural(vessel.containersAboard, "container")} on{" "}
            {plural(vessel.shipmentsAboard, "shipment")}
          </h3>
          {detail.cargo === null ? (
            <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Loading the containers aboard…
            </p>
          ) : null}
          <ul className="mt-2 space-y-2 text-sm">
            {(detail.cargo ?? []).map((c) => (
              <li key={c.container_id} className="flex flex-wrap items-baseline gap-x-2">
                <Link
                  to="/containers/$containerId"
                  params={{ containerId: c.container_id }}
                  className="font-mono text-sky-800 hover:underline dark:text-sky-300"
                >
                  {c.container_number}
                </Link>
                <span className="text-slate-500 dark:text-slate-400">on</span>
                <Link
                  to="/shipments/$shipmentId"
                  params={{ shipmentId: c.shipment_id }}
                  className="font-mono text-sky-800 hover:underline dark:text-sky-300"
                >
                  <span className="sr-only">shipment </span>
                  {c.bill_of_lading_number}
                </Link>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {c.shipping_line_scac}
                  {c.port_of_discharge_locode
                    ? ` · to ${c.port_of_discharge_name ?? c.port_of_discharge_locode}`
                    : ""}
                  {c.port_of_discharge_predicted_arrival_at ? (
                    <>
                      {" · we expect it "}
                      <DateTime
                        iso={c.port_of_discharge_predicted_arrival_at}
                        timeZone={portZone(zones, c.port_of_discharge_locode)}
                      />
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </div>

        <dl className="grid grid-cols-4 gap-x-3 gap-y-2 border-t border-slate-100 pt-3 dark:border-slate-800">
          {/* "At berth in Ningbo-Zhoushan (0.0 kn)" needs the room of two. */}
          <Fact term="Speed" className="col-span-2">
            {motion.kind === "unknown" ? unknown : motionText(motion)}
          </Fact>
          <Fact term="Heading">{vessel.heading !== null ? `${Math.round(vessel.heading)}°` : unknown}</Fact>
          <Fact term="IMO">{vessel.imo ?? unknown}</Fact>
          <Fact term="Position" className="col-span-3">
            {vessel.position ? formatCoordinate(vessel.position[0], vessel.position[1]) : unknown}
            {vessel.positionAt ? (
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {" "}
                · reported <DateTime iso={vessel.positionAt} timeZone="UTC" />
              </span>
            ) : null}
          </Fact>
          <Fact term="MMSI">{vessel.mmsi ?? unknown}</Fact>
        </dl>
      </div>
    </section>
  );
}
