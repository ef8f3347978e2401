// PATCH /v2/containers/{id}/refresh: a user asks the tracking engine to look at the container's shipment now.
// The handler records the ask (db/container-refresh.ts: the shipment due at once, in the engine's own queue),
// wakes this process's engine, and answers at once with what will be looked at; what the look finds arrives as
// events, as every refresh's does. One ask per container in REFRESH_INTERVAL_SECONDS, across processes.
import { createRoute } from "@hono/zod-openapi";
import {
  REFRESH_INTERVAL_SECONDS,
  type RefreshResult,
  refreshResultSchema,
} from "../../../api/container-refresh";
import { errorDocumentSchema } from "../../../api/json-api";
import type { Clock } from "../../clock";
import { askContainerRefresh } from "../../db/container-refresh";
import type { App, DataDeps } from "../env";
import { ApiError, notFound } from "../errors";
import { errorResponses, idParam, jsonBody } from "../openapi-common";

const refreshRoute = createRoute({
  method: "patch",
  path: "/v2/containers/{id}/refresh",
  tags: ["Containers"],
  summary: "Refresh a container now",
  description: `Asks the tracking engine to look at the container's shipment now (its shipping line, and its terminal when the container is at or bound for one) instead of at its next turn. Answers at once; what the look finds arrives as events (webhooks, the live stream, the container's reads). One refresh per container every ${REFRESH_INTERVAL_SECONDS} seconds. No body.`,
  request: { params: idParam },
  responses: {
    200: jsonBody(refreshResultSchema, "The refresh started; the message names what will be looked at"),
    ...errorResponses(401, 404),
    422: jsonBody(
      errorDocumentSchema,
      "Tracking of the container's shipment is stopped (resume it first), or the shipment is not tracked by the engine",
    ),
    429: {
      ...jsonBody(
        errorDocumentSchema,
        `The container was refreshed less than ${REFRESH_INTERVAL_SECONDS} seconds ago (or the API key's rate limit is reached); see Retry-After`,
      ),
      headers: {
        "Retry-After": {
          description: "Seconds until the container may be refreshed again",
          schema: { type: "integer", example: REFRESH_INTERVAL_SECONDS },
        },
      },
    },
  },
});

/** The hosted API's message: "Started refresh for Shipping line, Terminal". */
export function refreshMessage(atTerminal: boolean): string {
  return `Started refresh for ${["Shipping line", ...(atTerminal ? ["Terminal"] : [])].join(", ")}`;
}

export interface ContainerRefreshDeps extends Pick<DataDeps, "db" | "clock"> {
  /** What the refresh limit is measured with: real time, as every rate limit is, never the sped-up service clock. */
  realClock: Clock;
  /** Told when a refresh made a shipment due now: the tracking engine of this process looks at it at once. */
  onShipmentRefreshRequested: () => void;
}

/** Adds PATCH /v2/containers/{id}/refresh to the containers' router, before the routes of /v2/containers/{id}. */
export function registerContainerRefreshRoute(app: App, deps: ContainerRefreshDeps) {
  const { db, clock, realClock } = deps;

  app.openapi(refreshRoute, async (c) => {
    const { id } = c.req.valid("param");
    const ask = await askContainerRefresh(db, c.get("principal").account.id, id, {
      now: clock.now(),
      realNow: realClock.now(),
      intervalSeconds: REFRESH_INTERVAL_SECONDS,
    });
    switch (ask.outcome) {
      case "not_found":
        throw notFound("container", id);
      case "stopped":
        throw new ApiError(422, {
          code: "tracking_stopped",
          detail:
            "Tracking of this container's shipment is stopped, so there is nothing to refresh: resume tracking first (PATCH /v2/shipments/{id}/resume_tracking).",
        });
      case "not_tracked":
        throw new ApiError(422, {
          code: "not_tracked",
          detail:
            "This container's shipment was not created by a tracking request, so there is no shipping line to refresh it from.",
        });
      case "too_soon":
        throw new ApiError(
          429,
          {
            code: "refresh_limited",
            // The hosted API's words first, so that clients written for it recognise the answer.
            detail: `You've hit the refresh limit. Please try again in ${ask.retryAfterSeconds} seconds: a container can be refreshed once every ${REFRESH_INTERVAL_SECONDS} seconds.`,
          },
          { "Retry-After": String(ask.retryAfterSeconds) },
        );
      case "started": {
        deps.onShipmentRefreshRequested();
        const body: RefreshResult = { message: refreshMessage(ask.atTerminal) };
        return c.json(body, 200);
      }
    }
  });
}
