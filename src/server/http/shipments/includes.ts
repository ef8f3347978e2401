// A page of shipments' included resources: containers (and their terminals), ports, terminals, the user who stopped
// tracking and the customer (a party), by include path.
import { getContainers } from "../../db/containers";
import { tariffsOfAccount } from "../../db/free-time-tariffs";
import { getParties } from "../../db/parties";
import { getStoppers, type ShipmentRecord } from "../../db/shipments";
import { userResource } from "../../resources/account";
import { containerResource } from "../../resources/containers";
import type { Included } from "../../resources/documents";
import { partyResource } from "../../resources/parties";
import { portResource, terminalResource } from "../../resources/reference";
import type { DataDeps } from "../env";

/** Resolves `include` paths of shipments into included resources. */
export async function includeForShipments(
  deps: Pick<DataDeps, "db" | "reference" | "clock">,
  accountId: string,
  records: ShipmentRecord[],
  include: Set<string>,
  included: Included,
) {
  const { reference } = deps;
  const portOf = (id: string | null) => (id ? reference.ports.get(id) : undefined);
  const terminalOf = (id: string | null) => (id ? reference.terminals.get(id) : undefined);
  for (const { shipment: s } of records) {
    if (include.has("port_of_lading")) addPort(included, portOf(s.portOfLadingId));
    if (include.has("port_of_discharge")) addPort(included, portOf(s.portOfDischargeId));
    if (include.has("destination")) addPort(included, portOf(s.destinationId));
    if (include.has("pod_terminal")) addTerminal(included, terminalOf(s.podTerminalId), reference);
    if (include.has("destination_terminal"))
      addTerminal(included, terminalOf(s.destinationTerminalId), reference);
  }
  if (include.has("line_tracking_stopped_by_user")) {
    const ids = records
      .map((r) => r.shipment.lineTrackingStoppedByUserId)
      .filter((id): id is string => id !== null);
    for (const user of await getStoppers(deps.db, accountId, ids)) included.add(userResource(user));
  }
  if (include.has("customer")) {
    const ids = records.map((r) => r.shipment.customerId).filter((id): id is string => id !== null);
    for (const party of await getParties(deps.db, accountId, [...new Set(ids)]))
      included.add(partyResource(party));
  }
  if (include.has("containers")) {
    const containerRecords = await getContainers(
      deps.db,
      accountId,
      records.flatMap((r) => r.containerIds),
    );
    const shipmentsById = new Map(records.map((r) => [r.shipment.id, r]));
    // Their demurrage and detention, as the containers' own reads count them.
    const freeTime = { tariffs: await tariffsOfAccount(deps.db, accountId), now: deps.clock.now() };
    for (const record of containerRecords) {
      const shipment = shipmentsById.get(record.container.shipmentId);
      included.add(containerResource(record, { reference, shipment, freeTime }));
      if (include.has("containers.pod_terminal"))
        addTerminal(included, terminalOf(record.container.podTerminalId), reference);
    }
  }
}

function addPort(included: Included, port: Parameters<typeof portResource>[0] | undefined) {
  if (port) included.add(portResource(port));
}
function addTerminal(
  included: Included,
  terminal: Parameters<typeof terminalResource>[0] | undefined,
  reference: Parameters<typeof terminalResource>[1],
) {
  if (terminal) included.add(terminalResource(terminal, reference));
}
