// GET /v2/stream as the OpenAPI document describes it: Server-Sent Events of the account's events, resumable.
// OpenAPI 3.1 has no way to type the events of a stream, so the document names the event data's schemas
// (StreamEvent, StreamReady) as components and says in words which event carries which.
import { createRoute, z } from "@hono/zod-openapi";
import {
  STREAM_HEARTBEAT_MS,
  STREAM_PATH,
  STREAM_READY_EVENT,
  STREAM_RETRY_MS,
  VESSEL_POSITIONS_EVENT,
} from "../../../api/stream";
import { errorResponses } from "../openapi-common";

/** The most a position can be: the log's numbers are bigints, and clients read them as JavaScript numbers. */
export const MAX_POSITION = Number.MAX_SAFE_INTEGER;

const positionDescription =
  "The `id` of the last event the client received (a position in the account's event log, a decimal integer): the stream sends every event recorded after it.";

const EXAMPLE = [
  `retry: ${STREAM_RETRY_MS}`,
  "",
  `id: 18342`,
  `event: ${STREAM_READY_EVENT}`,
  `data: {"resumed":true,"last_event_id":"18342"}`,
  "",
  "id: 18343",
  "event: container.transport.vessel_departed",
  `data: {"id":"6f0c…","event":"container.transport.vessel_departed","created_at":"2026-11-25T14:02:11.000Z","reference":{"type":"transport_event","id":"c1d2…"},"shipment_id":"a9b8…","container_id":"77e1…","tracking_request_id":null,"changes":null}`,
  "",
  ": ping",
  "",
].join("\n");

export const streamRoute = createRoute({
  method: "get",
  path: STREAM_PATH,
  tags: ["Live stream"],
  summary: "Follow the account's events as they are recorded (Server-Sent Events)",
  description: [
    "A `text/event-stream` that stays open and carries every event the service records for the account, within about a second: the same event names as webhooks (`container.transport.*`, `container.updated`, `shipment.estimated.arrival`, `tracking_request.*`, …), each with the ids of what it touches, so that a client refreshes exactly what changed. Not part of the hosted API, which offers webhooks only.",
    "Authenticate with `Authorization: Token <API_KEY>` as everywhere (a browser's `EventSource` cannot send it: use a fetch-based SSE client). One request, however long the stream stays open, counts against the rate limit. An account may hold a bounded number of streams open on one server at once (STREAM_MAX_PER_ACCOUNT, 100 by default): one more is a 429 `too_many_streams`.",
    `Each event: \`id\` is the event's position in the account's event log, \`event\` its name, \`data\` one line of JSON (schema \`StreamEvent\`). The first event is always \`${STREAM_READY_EVENT}\` (data \`StreamReady\`): \`resumed\` says whether the stream goes on exactly after the \`Last-Event-ID\` sent (false: none was sent, or it is no longer or not yet in the log, and the client must refetch what it shows); its \`id\` and \`last_event_id\` are the position the stream goes on after, so a client that reconnects before any other event still loses nothing. \`${VESSEL_POSITIONS_EVENT}\` (no \`id\`, data \`{}\`) says vessel positions were recorded: refresh the map. A comment line (\`: ping\`) comes at least every ${STREAM_HEARTBEAT_MS / 1000} seconds on an idle stream.`,
    `To resume after a dropped connection, send the last \`id\` received as the \`Last-Event-ID\` header (SSE clients do) or, where a header cannot be set, as \`last_event_id\`: the events recorded meanwhile come first, from the database (whichever service process the client reaches), then live ones, none twice. \`retry\` asks clients to wait ${STREAM_RETRY_MS} ms before reconnecting. The service ends streams when it stops; clients reconnect.`,
  ].join("\n\n"),
  request: {
    headers: z.object({
      "Last-Event-ID": z.string().optional().openapi({
        type: "integer",
        minimum: 0,
        description: positionDescription,
        example: "18342",
      }),
    }),
    query: z.object({
      last_event_id: z
        .string()
        .optional()
        .openapi({
          type: "integer",
          minimum: 0,
          description: `${positionDescription} For clients that cannot set the \`Last-Event-ID\` header; the header wins when both are sent.`,
          example: "18342",
        }),
    }),
  },
  responses: {
    200: {
      description:
        "The stream: `retry`, then `stream.ready`, then the account's events as they are recorded. Events' `data` follow `StreamEvent`; `stream.ready`'s `StreamReady`.",
      headers: z.object({
        "Cache-Control": z.string().openapi({ example: "no-cache, no-transform" }),
      }),
      content: {
        "text/event-stream": {
          schema: z
            .string()
            .openapi({ description: "Server-Sent Events (text/event-stream)", example: EXAMPLE }),
        },
      },
    },
    ...errorResponses(400, 401, 429),
    503: {
      description: "The service is stopping; reconnect (to another process) after `retry`",
      content: errorResponses(400)[400]!.content,
    },
  },
});
