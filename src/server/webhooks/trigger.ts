// The hosted API's one-off test delivery (`POST /v2/webhooks/trigger`): an example notification of the event,
// signed with the given secret as real deliveries are, posted once to any address through the outbound guard.
// Nothing is stored; the request sent and what came back are answered for the person to read.
import { randomUUID } from "node:crypto";
import type { WebhookEventName } from "../../api/webhooks";
import type { ReferenceData } from "../db/reference-data";
import { type PostResult, postWebhook, USER_AGENT } from "../net/guarded-post";
import type { Resolver } from "../net/outbound-guard";
import { standardWebhooksSignature, t49Signature } from "../net/webhook-signing";
import { DEFAULT_TIMEOUT_MS } from "./delivery";
import { exampleSubject } from "./examples";
import { notificationBody } from "./payload";

export interface TriggerSettings {
  /** 10 s by default. */
  timeoutMs?: number;
  allowPrivateAddresses: boolean;
  /** The system resolver by default. */
  resolve?: Resolver;
}

export interface TriggerOutcome {
  requestHeaders: Record<string, string>;
  requestBody: string;
  result: PostResult;
}

export async function triggerTestDelivery(
  input: { url: string; event: WebhookEventName; secret?: string | undefined },
  deps: { reference: ReferenceData; now: Date; settings: TriggerSettings },
): Promise<TriggerOutcome> {
  const id = randomUUID();
  const payload = notificationBody(
    { id, event: input.event, createdAt: deps.now, webhookId: null, test: true },
    exampleSubject(deps.reference, input.event, deps.now),
  );
  // Signatures carry real time, as a receiver checks them against its own clock.
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
  };
  if (input.secret) {
    headers["X-T49-Webhook-Signature"] = t49Signature(input.secret, payload);
    headers["webhook-signature"] = standardWebhooksSignature(input.secret, id, timestamp, payload);
  }
  const result = await postWebhook(input.url, payload, headers, {
    timeoutMs: deps.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    allowPrivateAddresses: deps.settings.allowPrivateAddresses,
    resolve: deps.settings.resolve,
  });
  return { requestHeaders: headers, requestBody: payload, result };
}
