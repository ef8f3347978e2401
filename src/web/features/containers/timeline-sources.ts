// Reads what the timeline needs out of the two event documents: the events and the ports, vessels and terminals
// their `included` carries (either document may name a place or vessel the other does not).
import type { RawEventListDocument, TransportEventListDocument } from "../../../api/events";
import { includedOfType } from "../../../api/included";
import { portSchema, terminalSchema } from "../../../api/reference";
import type { TimelineSources } from "../../../api/timeline-merge";
import { vesselSchema } from "../../../api/vessels";

export function timelineSources(
  transport: Pick<TransportEventListDocument, "data" | "included">,
  raw: Pick<RawEventListDocument, "data" | "included">,
): TimelineSources {
  const included = [...(transport.included ?? []), ...(raw.included ?? [])];
  return {
    transportEvents: transport.data,
    rawEvents: raw.data,
    ports: includedOfType(included, "port", portSchema),
    vessels: includedOfType(included, "vessel", vesselSchema),
    terminals: includedOfType(included, "terminal", terminalSchema),
  };
}
