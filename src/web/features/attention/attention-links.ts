// Where each count of the attention summary leads: the list it counts, with the filters that list exactly those rows,
// as that list's URL spells them (containers keep `filter[name]`; tracking requests have their own `status`).

import { TRACKING_REQUEST_STATUSES } from "../../../api/tracking-request-statuses";
import type { AttentionCount } from "../../../api/triage";
import { searchOfFilterParams } from "../../lib/list-filters";

export type AttentionLink =
  | { to: "/containers"; search: Record<string, string> }
  | { to: "/shipments"; search: Record<string, string> }
  | { to: "/tracking-requests"; search: Record<string, string> };

export function attentionLink(count: Pick<AttentionCount, "list" | "filters">): AttentionLink {
  switch (count.list) {
    case "containers":
      return { to: "/containers", search: clean(searchOfFilterParams(count.filters)) };
    case "shipments": {
      const search: Record<string, string> = clean(searchOfFilterParams(count.filters));
      // The shipments list spells "tracking stopped" as its own `tracking` param.
      const stopped = search["filter[tracking_stopped]"];
      if (stopped !== undefined) {
        delete search["filter[tracking_stopped]"];
        search.tracking = stopped === "true" ? "stopped" : "active";
      }
      return { to: "/shipments", search };
    }
    case "tracking_requests": {
      const status = count.filters["filter[status]"];
      const known = (TRACKING_REQUEST_STATUSES as readonly string[]).includes(status ?? "");
      return { to: "/tracking-requests", search: known && status ? { status } : {} };
    }
  }
}

function clean(search: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) if (value !== undefined) result[key] = value;
  return result;
}
