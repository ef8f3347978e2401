// The top of the container page: its number (with copy), current status in words, equipment, seal, weight, its
// shipment, and the journey with its ports; copying the number and refreshing the container now (for the roles
// that may track: the others are told why).
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Container } from "../../../api/containers";
import type { Shipment } from "../../../api/shipments";
import { Allowed } from "../../components/allowed";
import { CopyButton } from "../../components/copy-button";
import { PageHeader } from "../../components/page-header";
import { containerStatusWords, equipmentWords } from "../../lib/format";
import { placeWords, stayTitle } from "./milestone-words";
import { RefreshButton } from "./refresh-button";
import type { Journey, Stay } from "./timeline-legs";

const LB_PER_KG = 2.204_622_62;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline gap-1.5">
      <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="font-medium text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

interface Port {
  key: string;
  kind: string;
  name: string;
  /** The container is at this port now. */
  current: boolean;
  /** The container is on its way to this port now. */
  approaching: boolean;
}

/** The ports of the journey: from the timeline when there are events, else from the shipment. */
function journeyPorts(journey: Journey, shipment: Shipment | undefined): Port[] {
  const stays = journey.legs.filter(
    (l): l is Stay => l.type === "stay" && l.kind !== "stop" && l.kind !== "empty_return" && l.place !== null,
  );
  if (stays.length > 0) {
    return stays.map((s) => {
      const before = journey.legs[journey.legs.indexOf(s) - 1];
      return {
        key: s.key,
        kind: stayTitle(s).kind,
        name: placeWords(s.place),
        current: journey.currentLeg === s.key,
        approaching: before !== undefined && before.type === "move" && journey.currentLeg === before.key,
      };
    });
  }
  if (!shipment) return [];
  const a = shipment.attributes;
  const ports: Port[] = [];
  const add = (kind: string, name: string | null, code: string | null) => {
    if (name || code)
      ports.push({
        key: kind,
        kind,
        name: placeWords({ name: name ?? code ?? "", locode: code, timeZone: null }),
        current: false,
        approaching: false,
      });
  };
  add("Origin", a.port_of_lading_name, a.port_of_lading_locode);
  add("Destination port", a.port_of_discharge_name, a.port_of_discharge_locode);
  if (a.destination_locode && a.destination_locode !== a.port_of_discharge_locode) {
    add("Inland destination", a.destination_name, a.destination_locode);
  }
  return ports;
}

export function ContainerHeader({
  container,
  shipment,
  journey,
}: {
  container: Container;
  shipment: Shipment | undefined;
  journey: Journey;
}) {
  const a = container.attributes;
  const equipment = equipmentWords(a.equipment_type, a.equipment_length, a.equipment_height);
  const ports = journeyPorts(journey, shipment);
  return (
    <>
      <PageHeader
        title={
          <>
            <span className="sr-only">Container </span>
            <span className="font-mono">{a.number}</span>
          </>
        }
        description={
          <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
            <Fact term="Status">
              <span className="rounded bg-sky-100 px-1.5 py-px text-sky-900 dark:bg-sky-900/60 dark:text-sky-100">
                {containerStatusWords(a.current_status)}
              </span>
            </Fact>
            <Fact term="Equipment">{equipment ?? "Not known"}</Fact>
            <Fact term="Seal">{a.seal_number ?? "Not known"}</Fact>
            <Fact term="Weight">
              {a.weight_in_lbs !== null
                ? `${a.weight_in_lbs.toLocaleString("en-US")} lb (${Math.round(a.weight_in_lbs / LB_PER_KG).toLocaleString("en-US")} kg)`
                : "Not known"}
            </Fact>
            <Fact term="Shipment">
              {shipment ? (
                <Link
                  to="/shipments/$shipmentId"
                  params={{ shipmentId: shipment.id }}
                  className="font-mono text-sky-800 hover:underline dark:text-sky-300"
                >
                  {shipment.attributes.bill_of_lading_number}
                </Link>
              ) : (
                "Not known"
              )}
            </Fact>
            {shipment ? (
              <Fact term="Line">
                <abbr title={shipment.attributes.shipping_line_name} className="no-underline">
                  {shipment.attributes.shipping_line_short_name || shipment.attributes.shipping_line_scac}
                </abbr>
              </Fact>
            ) : null}
          </dl>
        }
        actions={
          // Top-aligned: the refresh's status line sits under its button, not beside Copy.
          <div className="flex items-start gap-2">
            <CopyButton text={a.number} what={`container number ${a.number}`} />
            <Allowed permission="track" what="Refreshing a container">
              <RefreshButton
                containerId={container.id}
                number={a.number}
                trackingStopped={Boolean(shipment?.attributes.line_tracking_stopped_at)}
              />
            </Allowed>
          </div>
        }
      />
      {ports.length > 0 ? (
        <ol aria-label="Journey" className="-mt-3 mb-6 flex flex-wrap items-center gap-x-2 gap-y-2 text-sm">
          {ports.map((port, i) => (
            <li key={port.key} className="flex items-center gap-2">
              {i > 0 && port.approaching ? (
                <span className="rounded-full bg-sky-700 px-2 py-0.5 text-xs font-semibold text-white">
                  <span aria-hidden="true">→ </span>now on the way<span aria-hidden="true"> →</span>
                </span>
              ) : i > 0 ? (
                <span aria-hidden="true" className="text-(--muted-text)">
                  →
                </span>
              ) : null}
              <span
                className={`rounded-md border px-2 py-1 ${
                  port.current
                    ? "border-sky-400 bg-sky-50 dark:border-sky-600 dark:bg-sky-950/60"
                    : "border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
                }`}
              >
                <span className="block text-[0.7rem] font-semibold tracking-wide text-(--muted-text) uppercase">
                  {port.kind}
                  {port.current ? <span className="text-sky-800 dark:text-sky-300"> · now</span> : null}
                </span>
                <span className="font-medium text-slate-900 dark:text-slate-100">{port.name}</span>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
