// The URL state of the webhook pages: the webhooks list's page, and the notification log's page and filters
// (event, delivery status, webhook). Parsed leniently so that any bookmark opens, each bad value falling back
// to its default. This ships in the app's first script (the router validates every address), so it uses the
// contract's plain event list, not its schemas.
import { z } from "zod";
import { isUuid } from "../../../api/ids";
import { isWebhookEvent, WEBHOOK_DELIVERY_STATUSES } from "../../../api/webhook-events";

export const PAGE_SIZES = [10, 25, 50, 100] as const;

const page = z.coerce.number().int().min(1).max(100_000).default(1).catch(1);
const size = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
  .default(25)
  .catch(25);

export const WEBHOOKS_SEARCH_DEFAULTS = { page: 1, size: 25 } as const;

export const webhooksSearchSchema = z.object({ page, size });
export type WebhooksSearch = z.infer<typeof webhooksSearchSchema>;

export const DELIVERY_FILTERS = ["all", ...WEBHOOK_DELIVERY_STATUSES] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];

export const NOTIFICATIONS_SEARCH_DEFAULTS = {
  page: 1,
  size: 25,
  event: "",
  delivery: "all",
  webhook: "",
} as const satisfies { page: number; size: number; event: string; delivery: DeliveryFilter; webhook: string };

export const notificationsSearchSchema = z.object({
  page,
  size,
  /** An event name of the table; anything else means every event. */
  event: z
    .string()
    .trim()
    .refine((value) => value === "" || isWebhookEvent(value))
    .default("")
    .catch(""),
  /**
   * The delivery status. Not called `status`: links elsewhere that spread the current search would then mix
   * this with the tracking requests' `status`, which has other values.
   */
  delivery: z.enum(DELIVERY_FILTERS).default("all").catch("all"),
  /** A webhook's id. */
  webhook: z
    .string()
    .trim()
    .transform((value) => value.toLowerCase())
    .refine((value) => value === "" || isUuid(value))
    .default("")
    .catch(""),
});
export type NotificationsSearch = z.infer<typeof notificationsSearchSchema>;
