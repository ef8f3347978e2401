// /v2/alert_deliveries: a person's alert deliveries (an owner's or admin's: everyone's in the account), newest first,
// paged, filtered by channel, status and person. Who may read whose is decided here, not by the query.
import { ALERT_CHANNELS, ALERT_DELIVERY_STATUSES, type AlertDeliveryStatus } from "../../../api/alerts";
import { PAGE_SIZE_MAX } from "../../../api/json-api";
import { roleAtLeast } from "../../../api/roles";
import { listAlertDeliveries } from "../../db/alert-deliveries";
import { alertDeliveryResource } from "../../resources/alerts";
import type { App, DataDeps } from "../env";
import { ApiError } from "../errors";
import { pageDocument, parsePage } from "../paging";
import { personOf } from "../people-context";
import { parseOneOf } from "../query-params";
import { createRouter } from "../router";
import { listRoute } from "./routes";

export function alertDeliveryRoutes(deps: Pick<DataDeps, "db">): App {
  const app = createRouter();

  app.openapi(listRoute, async (c) => {
    const principal = c.get("principal");
    const { doer, role } = personOf(principal);
    const query = c.req.valid("query");
    const page = parsePage(query, { sizes: { default: 30, max: PAGE_SIZE_MAX } });
    const channel = parseOneOf("filter[channel]", query["filter[channel]"], ALERT_CHANNELS);
    const status = parseOneOf<AlertDeliveryStatus>(
      "filter[status]",
      query["filter[status]"],
      ALERT_DELIVERY_STATUSES,
    );
    const named = query["filter[user_id]"] || undefined;
    const oversees = roleAtLeast(role, "admin");
    if (named !== undefined && named !== doer.userId && !oversees)
      throw new ApiError(403, {
        code: "forbidden",
        detail: "Only an owner or admin reads another person's alert deliveries.",
        source: { parameter: "filter[user_id]" },
      });
    const list = await listAlertDeliveries(deps.db, principal.account.id, {
      userId: named ?? (oversees ? undefined : doer.userId),
      channel,
      status,
      limit: page.size,
      offset: page.offset,
    });
    return c.json(
      pageDocument(c.req.url, page, { total: list.total }, list.rows.map(alertDeliveryResource)),
      200,
    );
  });
  return app;
}
