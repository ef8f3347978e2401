// The MCP server: boxtrack's tools and resources for an assistant, every one of them reaching the /v2 API through
// the caller's `ApiCaller` (never the database), so that it sees exactly what the caller's key sees.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ApiCaller } from "./api-caller";
import { registerMilestoneGlossary } from "./resources/milestone-glossary";
import { registerSavedViewResources } from "./resources/saved-views";
import { registerAlertTools } from "./tools/alert-tools";
import { registerContainerListTool } from "./tools/container-list-tool";
import { registerContainerTools } from "./tools/container-tools";
import { registerSearchTool } from "./tools/search-tool";
import { registerShipmentTools } from "./tools/shipment-tools";
import { registerShippingLineTools } from "./tools/shipping-line-tools";
import { registerTrackTool } from "./tools/track-tool";
import { registerTrackingRequestTools } from "./tools/tracking-request-tools";
import { registerVesselTools } from "./tools/vessel-tools";

const INSTRUCTIONS = `boxtrack tracks ocean containers for this account: shipments (by bill of lading), their containers, the tracking requests that started them, vessels and ports.
Start from a number or name with \`search\` (it gives the id to read each hit with), or list with \`list_containers\` / \`list_shipments\`, whose filters answer triage questions (available for pickup, on hold, last free day passed/today/within 2 days, ETA window, port, line, customer).
\`get_container\` answers where a box is and whether it can be picked up (holds, fees, both last free days); \`get_vessel\` where a vessel is and where it is heading.
Times are given in the port's own time zone, named after the time; say them so. Last free days are the effective ones (the earlier of the terminal's and the line's).
\`list_unread_alerts\` gives the signed-in person's unread alerts (what their alert rules raised).
\`track\` starts tracking a number; \`stop_tracking\` and \`resume_tracking\` change a shipment: confirm with the person first.
The resource ${"`boxtrack://milestones`"} explains every milestone and event name; \`boxtrack://saved-views\` lists the account's saved views of its lists (each with the /v2 request that reproduces it).`;

type Registration = (server: McpServer, api: ApiCaller) => void;

/** Every tool module; each registers its tools on the server with the caller's API. */
const REGISTRATIONS: readonly Registration[] = [
  registerSearchTool,
  registerTrackTool,
  registerShipmentTools,
  registerContainerTools,
  registerContainerListTool,
  registerTrackingRequestTools,
  registerShippingLineTools,
  registerVesselTools,
  registerAlertTools,
  registerMilestoneGlossary,
  registerSavedViewResources,
];

export function createMcpServer(api: ApiCaller): McpServer {
  const server = new McpServer(
    { name: "boxtrack", version: "0.1.0" },
    { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {} } },
  );
  for (const register of REGISTRATIONS) register(server, api);
  return server;
}
