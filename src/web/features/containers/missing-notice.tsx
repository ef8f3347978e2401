// "Departure overdue: …": an expected event that has not been reported by now (src/api/expected-events.ts), said on
// the container page under where the box is, so that a coordinator chases the line or the terminal before it costs.
import type { Container } from "../../../api/containers";
import { expectedEventFactsOf, MISSING_EVENT_WORDS, missingEvent } from "../../../api/expected-events";
import type { Shipment } from "../../../api/shipments";
import { serviceNow } from "../../lib/service-clock";

export function MissingNotice({
  container,
  shipment,
}: {
  container: Container;
  shipment: Shipment | undefined;
}) {
  if (!shipment) return null;
  const kind = missingEvent(
    expectedEventFactsOf(container.attributes, shipment.attributes),
    serviceNow().getTime(),
  );
  if (!kind) return null;
  const { label, detail } = MISSING_EVENT_WORDS[kind];
  return (
    <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100">
      <span className="font-semibold">{label}:</span> {detail} Worth a call to the line or the terminal.
    </p>
  );
}
