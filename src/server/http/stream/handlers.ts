// GET /v2/stream: opens an account's live stream. Parses where the client resumes from, answers `retry` and
// `stream.ready` at once, and hands the stream to the process's hub (hub.ts), which sends the backlog from the
// database log and then the live events. The response is never compressed or kept (`no-transform`, and the
// response cache keeps no stream), so each event leaves as it is queued.

import { z } from "zod";
import {
  STREAM_READY_EVENT,
  STREAM_RETRY_MS,
  type StreamReady,
  streamEventSchema,
  streamReadySchema,
} from "../../../api/stream";
import type { Db } from "../../db/connection";
import { type StreamBounds, streamBounds } from "../../db/stream-log";
import type { App } from "../env";
import { ApiError, badParameter } from "../errors";
import { createRouter } from "../router";
import type { StreamHub } from "./hub";
import { MAX_POSITION, streamRoute } from "./routes";
import { SseChannel, sseFrame, sseRetry } from "./sse-channel";

/** How often an open stream's credentials are checked again (against the database, not the 5 s caches). */
export const STREAM_RECHECK_MS = 2_000;

/**
 * `hub`: the process's one reader of the event log, which the service closes on a stop; `maxPerAccount`: the
 * streams one account may hold open on it (STREAM_MAX_PER_ACCOUNT), so that one account's tabs or a looping client
 * cannot take the process's connections.
 */
export function streamRoutes(deps: { db: Db; hub: StreamHub; maxPerAccount: number }): App {
  const { hub } = deps;
  const app = createRouter();
  // No route returns them as a body, so they are named in the document's components by hand.
  for (const [name, schema] of [
    ["StreamEvent", streamEventSchema],
    ["StreamReady", streamReadySchema],
  ] as const) {
    // A schema with an id (StreamEvent's) comes as a reference to its definition: the definition is the component.
    const generated = z.toJSONSchema(schema, { io: "output" }) as Record<string, unknown> & {
      $defs?: Record<string, Record<string, unknown>>;
    };
    const { $schema: _, $defs: __, $ref: ___, id: ____, ...json } = generated.$defs?.[name] ?? generated;
    app.openAPIRegistry.registerComponent("schemas", name, json);
  }

  app.openapi(streamRoute, async (c) => {
    const accountId = c.get("principal").account.id;
    const header = c.req.header("Last-Event-ID");
    const sent =
      header !== undefined
        ? parsePosition("Last-Event-ID", header)
        : parsePosition("last_event_id", c.req.query("last_event_id"));
    if (hub.closed) {
      throw new ApiError(503, {
        code: "service_unavailable",
        detail: `The service is stopping; reconnect in ${STREAM_RETRY_MS / 1000} seconds.`,
      });
    }
    if (hub.clientsOf(accountId) >= deps.maxPerAccount) {
      throw new ApiError(429, {
        code: "too_many_streams",
        detail: `This account has ${deps.maxPerAccount} live streams open on this server, the most it may (STREAM_MAX_PER_ACCOUNT); close one (a browser tab, an idle client) and connect again.`,
      });
    }
    const { after, ready } = resumePoint(sent, await streamBounds(deps.db));
    const channel = new SseChannel();
    channel.send(sseRetry(STREAM_RETRY_MS));
    // With an id: a client that reconnects before any other event resumes from here, and loses nothing.
    channel.send(sseFrame({ id: after, event: STREAM_READY_EVENT, data: ready }));
    hub.join(accountId, after, channel);
    // A revoked key, a signed-out or removed person: the stream ends within this, on whichever process holds it.
    const stillValid = c.get("principal").stillValid;
    if (stillValid) {
      const timer = setInterval(() => {
        stillValid()
          .then((valid) => {
            if (!valid) channel.close();
          })
          .catch(() => {});
      }, STREAM_RECHECK_MS);
      timer.unref?.();
      channel.onClose(() => clearInterval(timer));
    }
    return new Response(channel.readable, {
      status: 200,
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        // Proxies that buffer answers (nginx) pass this one on as it comes.
        "X-Accel-Buffering": "no",
      },
    });
  });
  return app;
}

/** A position the client sent: a decimal integer; undefined when none was sent. */
function parsePosition(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = raw.trim();
  if (!/^\d{1,16}$/.test(value) || Number(value) > MAX_POSITION) {
    throw badParameter(
      name,
      `${name} must be the id of an event this stream sent (a whole number from 0 to ${MAX_POSITION}); got '${raw.slice(0, 40)}'. Reconnect without it to start from now.`,
    );
  }
  return Number(value);
}

/**
 * Where the stream goes on from. The client's position when the log still holds every event after it; otherwise
 * the log's end (the client refetches what it shows): a position below the log's first event minus one (events
 * after it are gone), or above its last (from another database, or one that was reset).
 */
export function resumePoint(
  sent: number | undefined,
  bounds: StreamBounds,
): { after: number; ready: StreamReady } {
  const inLog = sent !== undefined && sent <= bounds.last && (bounds.first === 0 || sent >= bounds.first - 1);
  const after = inLog ? sent : bounds.last;
  return { after, ready: { resumed: inLog, last_event_id: String(after) } };
}
