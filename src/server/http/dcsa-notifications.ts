// The public receiver of carriers' DCSA Track & Trace notifications (our event subscriptions' callback URL,
// `/dcsa/notifications/{subscriptionId}`): no API key, since a carrier has none of ours; the subscription's shared
// secret, through the `Notification-Signature` header, is what proves a push is the carrier's.
//
// - `HEAD` answers 204 for any id: the standard's check that a callback URL is reachable, which tells nothing
//   about which subscriptions exist;
// - `POST` reads the raw body (the signature covers its exact bytes), and answers 204 when it was signed and
//   taken (tracking/dcsa/notification-receiver.ts), 204 too for an unknown subscription (nothing to do, and nothing
//   revealed), 401 for a missing or bad signature, 400 for a signed body that is not an array of events.

import { Hono } from "hono";
import type { Clock } from "../clock";
import type { Db } from "../db/connection";
import type { Logger } from "../logger";
import { receiveNotification } from "../tracking/dcsa/notification-receiver";
import { DCSA_NOTIFICATIONS_PATH } from "../tracking/dcsa/subscriptions";
import { DCSA_SIGNATURE_HEADER } from "../tracking/dcsa/types";
import { readBodyWithin } from "./body-reader";
import { clientAddress } from "./client-address";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";

/** A notification is a page of events; far less than this in practice. */
const MAX_NOTIFICATION_BYTES = 1024 * 1024;

export interface DcsaNotificationDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** SECRETS_KEY, which opens the subscriptions' secrets that notifications are signed with. */
  secretsKey: Buffer | undefined;
  /** Told when a notification made shipments due: the tracking engine of this process looks at them at once. */
  onShipmentRefreshRequested: () => void;
  /** Told when a notification named a pending tracking request. */
  onTrackingRequestCreated: () => void;
}

/** Carriers' pushes: public (no API key), each checked against its subscription's secret. */
export function dcsaNotificationRoutes(deps: DcsaNotificationDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const path = `${DCSA_NOTIFICATIONS_PATH}/:subscriptionId`;
  // Hono answers HEAD through the GET route (and drops the body); a plain GET is not part of the standard.
  app.get(path, (c) => {
    if (c.req.method === "HEAD") return c.body(null, 204);
    throw new ApiError(
      405,
      {
        code: "method_not_allowed",
        detail: "A DCSA callback URL takes POST (a notification) and HEAD only.",
      },
      { Allow: "HEAD, POST" },
    );
  });
  app.post(path, async (c) => {
    const length = Number(c.req.header("content-length") ?? "0");
    const body =
      length > MAX_NOTIFICATION_BYTES
        ? undefined
        : await readBodyWithin(c.req.raw.body, MAX_NOTIFICATION_BYTES);
    if (body === undefined) {
      throw new ApiError(413, {
        code: "payload_too_large",
        detail: `A notification may be at most ${MAX_NOTIFICATION_BYTES / 1024 / 1024} MB.`,
      });
    }
    const received = await receiveNotification(
      {
        db: deps.db,
        clock: deps.clock,
        logger: deps.logger,
        secretsKey: deps.secretsKey,
      },
      {
        subscriptionId: c.req.param("subscriptionId"),
        body,
        signature: c.req.header(DCSA_SIGNATURE_HEADER),
        remoteAddress: clientAddress(c),
      },
    );
    switch (received.outcome) {
      case "refused":
        throw new ApiError(401, {
          code: "invalid_signature",
          detail: `The ${DCSA_SIGNATURE_HEADER} header is missing or does not sign this body: send sha256=<hex of HMAC-SHA256 of the exact body under the subscription's secret>.`,
        });
      case "unreadable":
        throw new ApiError(400, {
          code: "bad_request",
          detail: received.detail,
        });
      case "accepted":
        // The engine of this process looks at once; other processes find the shipments due at their next pass.
        if (received.shipments > 0) deps.onShipmentRefreshRequested();
        if (received.trackingRequests > 0) deps.onTrackingRequestCreated();
        return c.body(null, 204);
      case "ignored":
        return c.body(null, 204);
    }
  });
  return app;
}
