// The webhook delivery worker as service tests drive it: on the harness's clock and database, allowed to post to a
// receiver on loopback over plain http (which the service refuses unless its operator allows it), quiet, and with
// retry jitter fixed so that retry times are exact.
import { createLogger } from "../logger";
import { type DeliveryOptions, WebhookDelivery } from "../webhooks/delivery";
import type { Harness } from "./service-harness";

/** The options of a loopback delivery worker, with `extra` over them. */
export function loopbackDeliveryOptions(h: Harness, extra: Partial<DeliveryOptions> = {}): DeliveryOptions {
  return {
    db: h.db,
    reference: h.reference,
    clock: h.clock,
    leaseClock: h.clock,
    logger: createLogger("silent"),
    allowHttp: true,
    allowPrivateAddresses: true,
    timeoutMs: 10_000,
    random: () => 0.5,
    ...extra,
  };
}

export function loopbackDelivery(h: Harness, extra: Partial<DeliveryOptions> = {}): WebhookDelivery {
  return new WebhookDelivery(loopbackDeliveryOptions(h, extra));
}
