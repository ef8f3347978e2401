// /shared/$token: the page a share link opens, for someone outside the account (a customer): no sign-in, no
// navigation, no /v2 API. It reads GET /shared/api/{token} and shows the journey, each container's status and
// milestones, the map and the documents the link offers; a link that has expired or been revoked says so.
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { ContainerStatus } from "../../../api/containers";
import { milestoneWords } from "../../../api/milestone-words";
import { SHARED_API_PATH, type SharedShipment, sharedShipmentSchema } from "../../../api/share-links";
import { movementName } from "../../../api/timeline-merge";
import { DateTime } from "../../components/date-time";
import { GivenJourneyMap } from "../../components/map/journey-map";
import { containerStatusWords, equipmentWords, formatDateTime, formatDay } from "../../lib/format";

class SharedLinkClosed extends Error {}

async function fetchShared(token: string, signal: AbortSignal): Promise<SharedShipment> {
  const response = await fetch(`${SHARED_API_PATH}/${encodeURIComponent(token)}`, {
    headers: { Accept: "application/json" },
    credentials: "omit",
    signal,
  });
  if (response.status === 404) throw new SharedLinkClosed();
  if (!response.ok) {
    const retry = response.headers.get("Retry-After");
    throw new Error(
      response.status === 429
        ? `Too many views from this address just now; try again in ${retry ?? "a few"} seconds.`
        : `The shipment could not be loaded (${response.status}); try again later.`,
    );
  }
  return sharedShipmentSchema.parse(await response.json());
}

export function SharedShipmentPage({ token }: { token: string }) {
  const shared = useQuery({
    queryKey: ["shared-shipment", token],
    queryFn: ({ signal }) => fetchShared(token, signal),
    retry: (count, error) => !(error instanceof SharedLinkClosed) && count < 2,
    // A customer leaves the page open: it follows the journey without a reload.
    refetchInterval: 60_000,
  });
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <p className="mx-auto max-w-5xl text-sm font-semibold">Boxtrack · shared shipment</p>
      </header>
      <main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-6">
        {shared.isPending ? (
          <>
            <h1 className="text-2xl font-semibold">Shared shipment</h1>
            <p role="status">Loading the shipment…</p>
          </>
        ) : shared.error ? (
          <>
            <h1 className="text-2xl font-semibold">
              {shared.error instanceof SharedLinkClosed
                ? "This link no longer opens a shipment"
                : "Shared shipment"}
            </h1>
            <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
              {shared.error instanceof SharedLinkClosed
                ? "It has expired or been revoked, or it was cut short when it was copied. Ask the sender for a new link."
                : shared.error.message}
            </p>
          </>
        ) : (
          <SharedShipmentView shipment={shared.data} />
        )}
      </main>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 className="mb-3 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const when = (iso: string | null, zone: string | null | undefined) =>
  iso ? (
    <DateTime iso={iso} timeZone={zone ?? null} />
  ) : (
    <span className="text-(--muted-text)">Not known</span>
  );

function Stop({
  term,
  place,
  children,
}: {
  term: string;
  place: SharedShipment["port_of_lading"];
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {term}
      </dt>
      <dd className="mt-0.5 text-sm">
        <p className="font-medium">
          {place ? `${place.name}${place.locode ? ` (${place.locode})` : ""}` : "Not known"}
        </p>
        {children}
      </dd>
    </div>
  );
}

export function SharedShipmentView({ shipment: s }: { shipment: SharedShipment }) {
  const pod = s.port_of_discharge?.time_zone;
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold">Shipment {s.bill_of_lading_number}</h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {s.shipping_line_name ?? "Shipping line not known"} · {s.containers.length}{" "}
          {s.containers.length === 1 ? "container" : "containers"} · updated{" "}
          {formatDateTime(s.updated_at, "UTC").text} · this link works until{" "}
          {formatDateTime(s.expires_at, "UTC").text}
        </p>
        {s.tracking_stopped ? (
          <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">
            Tracking of this shipment has stopped: the dates below may be out of date.
          </p>
        ) : null}
      </div>
      <Card title="Journey">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Stop term="Port of loading" place={s.port_of_lading}>
            <p>
              {s.pol_atd_at ? "Departed " : "Departs "}
              {when(s.pol_atd_at ?? s.pol_etd_at, s.port_of_lading?.time_zone)}
            </p>
          </Stop>
          <Stop term="Port of discharge" place={s.port_of_discharge}>
            <p>
              {s.pod_ata_at ? "Arrived " : "Arrives "}
              {when(s.pod_ata_at ?? s.pod_eta_at, pod)}
            </p>
            {s.pod_vessel_name ? (
              <p className="text-slate-700 dark:text-slate-300">
                On {s.pod_vessel_name}
                {s.pod_voyage_number ? `, voyage ${s.pod_voyage_number}` : ""}
              </p>
            ) : null}
          </Stop>
          {s.destination ? (
            <Stop term="Inland destination" place={s.destination}>
              <p>
                {s.destination_ata_at ? "Arrived " : "Arrives "}
                {when(s.destination_ata_at ?? s.destination_eta_at, s.destination.time_zone)}
              </p>
            </Stop>
          ) : null}
        </dl>
        {/* Where the dates come from: a customer weighs an estimate by who made it. */}
        <p className="mt-3 text-xs text-(--muted-text)">
          Dates from {s.shipping_line_name ?? "the shipping line"}: what has happened as it reported it, what
          is still to come as it estimates it.
        </p>
      </Card>
      {s.map ? (
        <GivenJourneyMap
          map={s.map}
          destination={
            s.destination_port
              ? { port: s.destination_port, etaAt: s.destination_eta_at, ataAt: s.destination_ata_at }
              : null
          }
          caption={s.containers.length > 1 ? `The journey of ${s.containers[0]?.number}.` : undefined}
        />
      ) : null}
      <Card title="Containers">
        <ul className="space-y-4">
          {s.containers.map((c, index) => (
            <li key={c.number}>
              <h3 className="font-mono text-sm font-semibold">{c.number}</h3>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {[
                  equipmentWords(c.equipment_type, c.equipment_length, null),
                  c.status ? containerStatusWords(c.status as ContainerStatus) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {c.last_free_day_at && !c.picked_up_at ? (
                <p className="text-sm">
                  Last free day: {formatDay(c.last_free_day_at, c.last_free_day_timezone ?? pod)}
                </p>
              ) : null}
              {c.milestones.length > 0 ? (
                <details open={index === 0} className="mt-2 text-sm">
                  <summary className="cursor-pointer font-medium text-blue-700 dark:text-blue-300">
                    Milestones ({c.milestones.length})
                  </summary>
                  <table className="mt-2 w-full text-left">
                    <caption className="sr-only">Milestones of {c.number}</caption>
                    <thead className="text-xs text-slate-600 uppercase dark:text-slate-400">
                      <tr>
                        <th scope="col" className="py-1 pr-3">
                          What
                        </th>
                        <th scope="col" className="py-1 pr-3">
                          Where
                        </th>
                        <th scope="col" className="py-1">
                          When
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {c.milestones.map((m, i) => {
                        const movement = movementName(m.event);
                        return (
                          // biome-ignore lint/suspicious/noArrayIndexKey: milestones are fixed in order; two can share words.
                          <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
                            <td className="py-1 pr-3">
                              {milestoneWords(movement?.name ?? m.event)}
                              {movement?.estimated ? " (expected)" : ""}
                            </td>
                            <td className="py-1 pr-3">{m.place ?? "Not known"}</td>
                            <td className="py-1">
                              {m.timestamp ? when(m.timestamp, m.time_zone) : "Not known"}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
      {s.documents.length > 0 ? (
        <Card title="Documents">
          <ul className="space-y-1 text-sm">
            {s.documents.map((d) => (
              <li key={d.id}>
                <a href={d.url} className="font-medium text-blue-700 underline dark:text-blue-300">
                  {d.name}
                </a>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  );
}
