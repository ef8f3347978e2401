// The containers of a shipment: status, pickup availability, last free day, holds, fees and appointments.
import { Link } from "@tanstack/react-router";
import type { Container } from "../../../api/containers";
import type { Terminal } from "../../../api/reference";
import { Availability, Fees, Holds, LastFreeDay } from "../../components/container-facts";
import { DateTime } from "../../components/date-time";
import { containerStatusWords, equipmentWords } from "../../lib/format";

const th =
  "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-3 align-top";
const muted = "text-slate-400 dark:text-slate-500";

export function ContainersTable({
  containers,
  terminals,
}: {
  containers: Container[];
  terminals: Map<string, Terminal>;
}) {
  if (containers.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        No containers are known for this shipment yet.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full min-w-[64rem] text-sm">
        <caption className="sr-only">Containers of this shipment</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50">
          <tr>
            <th scope="col" className={th}>
              Container
            </th>
            <th scope="col" className={th}>
              Equipment
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Pickup
            </th>
            <th scope="col" className={th}>
              Last free day
            </th>
            <th scope="col" className={th}>
              Holds
            </th>
            <th scope="col" className={th}>
              Fees
            </th>
            <th scope="col" className={th}>
              Appointment
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {containers.map((container) => {
            const a = container.attributes;
            const terminalId = container.relationships.pod_terminal.data?.id;
            const terminal = terminalId ? terminals.get(terminalId) : undefined;
            return (
              <tr key={container.id} className="hover:bg-sky-50/60 dark:hover:bg-slate-800/60">
                <td className={td}>
                  <Link
                    to="/containers/$containerId"
                    params={{ containerId: container.id }}
                    className="font-mono font-medium text-sky-800 hover:underline dark:text-sky-300"
                  >
                    {a.number}
                  </Link>
                  {terminal ? (
                    <div className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                      {terminal.attributes.nickname ?? terminal.attributes.name}
                      {a.location_at_pod_terminal ? ` · ${a.location_at_pod_terminal}` : ""}
                    </div>
                  ) : null}
                </td>
                <td className={td}>
                  {equipmentWords(a.equipment_type, a.equipment_length, a.equipment_height) ?? (
                    <span className={muted}>Not known</span>
                  )}
                </td>
                <td className={td}>{containerStatusWords(a.current_status)}</td>
                <td className={td}>
                  <Availability container={container} />
                </td>
                <td className={td}>
                  <LastFreeDay container={container} />
                </td>
                <td className={td}>
                  <Holds container={container} />
                </td>
                <td className={td}>
                  <Fees container={container} />
                </td>
                <td className={td}>
                  {a.pickup_appointment_at ? (
                    <DateTime iso={a.pickup_appointment_at} timeZone={a.pod_timezone} />
                  ) : (
                    <span className={muted}>None</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
