// What a view of the notification log asks the API for, from its URL state.
import type { NotificationsSearch } from "./search";

/** Query parameters of `GET /v2/webhook_notifications`; each row comes with its webhook, for its address. */
export function notificationsListParams(search: NotificationsSearch) {
  return {
    "page[number]": search.page,
    "page[size]": search.size,
    "filter[event]": search.event || undefined,
    "filter[delivery_status]": search.delivery === "all" ? undefined : search.delivery,
    "filter[webhook_id]": search.webhook || undefined,
    include: "webhook",
  };
}

/** Whether any filter narrows the log (paging aside). */
export function isFiltered(search: NotificationsSearch): boolean {
  return search.event !== "" || search.delivery !== "all" || search.webhook !== "";
}
