// GET /v2/containers/summary: the attention view's counts. Each count is made by parsing its own filters with the
// very code the list parses them with and counting with the list's own count, so that following a count's
// filters lists exactly that many rows.
import { createRoute } from "@hono/zod-openapi";
import { MISSING_EVENTS } from "../../../api/expected-events";
import { singleDocument } from "../../../api/json-api";
import {
  ATTENTION_STOP_REASONS,
  type AttentionCount,
  type ContainerSummary,
  containerSummarySchema,
  filterParamsOf,
  type ListFilters,
} from "../../../api/triage";
import { VOYAGE_EXCEPTION_KINDS } from "../../../api/voyage-exceptions";
import { countContainers } from "../../db/containers";
import { countFreeTime, moneyAtRiskOf } from "../../db/free-time";
import { holdNamesOnHold } from "../../db/hold-names";
import type { FilterClock } from "../../db/list-filters";
import { countShipments } from "../../db/shipments";
import { countTrackingRequests } from "../../db/tracking-requests";
import { documentOf } from "../../resources/documents";
import type { App, DataDeps } from "../env";
import { parseListFilters } from "../list-query";
import { errorResponses, jsonBody } from "../openapi-common";
import { parseStatuses } from "../tracking-requests/query";

export const summaryRoute = createRoute({
  method: "get",
  path: "/v2/containers/summary",
  tags: ["Containers"],
  summary: "What needs attention: counts of containers, shipments and tracking requests",
  description:
    "Counts by the service clock (`as_of`, also in the X-Service-Clock header): containers available for pickup, on hold (and by hold name), whose last free day passed, is today or within 2 days (waiting at the terminal, by the port's calendar), whose ETA moved more than 24 hours from the original and that have not arrived; money at risk (demurrage and detention charged or starting within 2 days, with the amounts by the end of the day after tomorrow per currency) and boxes whose empty return deadline passed; tracking requests that failed; shipments whose tracking the line stopped. Each count carries the list and the query parameters that list exactly the rows it counts.",
  responses: {
    200: jsonBody(singleDocument(containerSummarySchema), "The account's attention counts"),
    ...errorResponses(401, 429),
  },
});

type Counted = Omit<AttentionCount, "count">;

/** Containers the count of `filters` names, as the list parses and counts them. */
function containers(filters: ListFilters): Counted {
  return { list: "containers", filters: filterParamsOf(filters) };
}

/** Adds GET /v2/containers/summary to the containers' router (before /v2/containers/{id}, which would take it). */
export function registerContainerSummaryRoute(app: App, deps: DataDeps) {
  const { db, reference } = deps;

  /** Counts what `counted` names with the count of the list it names. */
  async function count(accountId: string, counted: Counted, clock: FilterClock): Promise<AttentionCount> {
    const query = counted.filters;
    let n: number;
    if (counted.list === "tracking_requests") {
      n = await countTrackingRequests(db, accountId, { statuses: parseStatuses(query["filter[status]"]) });
    } else {
      const filter = parseListFilters(query, reference);
      n =
        counted.list === "containers"
          ? await countContainers(db, accountId, filter, clock)
          : await countShipments(db, accountId, filter, clock);
    }
    return { ...counted, count: n };
  }

  app.openapi(summaryRoute, async (c) => {
    const accountId = c.get("principal").account.id;
    const now = deps.clock.now();
    const clock = { now };
    const holdNames = await holdNamesOnHold(db, accountId);
    const at = (counted: Counted) => count(accountId, counted, clock);
    const [
      total,
      available,
      onHold,
      lfdPassed,
      lfdToday,
      lfdSoon,
      etaSlipped,
      predictedLate,
      expectedMissing,
      voyageException,
      failed,
      stoppedByLine,
      money,
      ...holds
    ] = await Promise.all([
      countContainers(db, accountId, {}, clock),
      at(containers({ available: "true" })),
      at(containers({ on_hold: "true" })),
      at(containers({ lfd: "passed" })),
      at(containers({ lfd: "today" })),
      at(containers({ lfd: "within_2_days" })),
      // Not yet arrived: still on the water (or not yet loaded).
      at(containers({ eta_changed: "24", status: "new,on_ship" })),
      at(containers({ predicted_late: "24" })),
      at(containers({ expected_missing: MISSING_EVENTS.join(",") })),
      at(containers({ voyage_exception: VOYAGE_EXCEPTION_KINDS.join(",") })),
      at({ list: "tracking_requests", filters: { "filter[status]": "failed" } }),
      at({
        list: "shipments",
        filters: filterParamsOf({ tracking_stopped_reason: ATTENTION_STOP_REASONS.join(",") }),
      }),
      // Read once for both counts below: the lists' own filters count the same containers (free-time.ts).
      countFreeTime(db, accountId, now).then(() => moneyAtRiskOf(db, accountId)),
      ...holdNames.map((name) => at(containers({ hold: name }))),
    ]);
    const atRisk = { ...containers({ charges: "at_risk" }), count: money.count };
    const detentionPassed = { ...containers({ detention: "passed" }), count: money.detentionPassed };
    const summary: ContainerSummary = {
      id: accountId,
      type: "container_summary",
      attributes: {
        as_of: now.toISOString(),
        total,
        available_for_pickup: available,
        on_hold: onHold,
        holds: holds.map((h, i) => ({ ...h, name: holdNames[i]! })),
        lfd_passed: lfdPassed,
        lfd_today: lfdToday,
        lfd_within_2_days: lfdSoon,
        eta_slipped: etaSlipped,
        predicted_late: predictedLate,
        expected_missing: expectedMissing,
        voyage_exception: voyageException,
        tracking_failed: failed,
        tracking_stopped_by_line: stoppedByLine,
        money_at_risk: {
          ...atRisk,
          amounts: Object.entries(money.amounts)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([currency, amount]) => ({ currency, amount })),
        },
        detention_passed: detentionPassed,
      },
    };
    return c.json(documentOf(summary, "/v2/containers/summary"), 200);
  });
}
