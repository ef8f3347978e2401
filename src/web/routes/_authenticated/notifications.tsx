// /notifications: the signed-in person's alerts; the page and the unread filter live in the URL.
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { z } from "zod";
import { RouteErrorPage } from "../../components/error-page";
import { NotificationsPage } from "../../features/alerts/notifications-page";

const searchSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  unread: z.coerce.boolean().default(false).catch(false),
});

export const Route = createFileRoute("/_authenticated/notifications")({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ page: 1, unread: false })] },
  head: () => ({ meta: [{ title: "Notifications · Boxtrack" }] }),
  component: function Notifications() {
    const search = Route.useSearch();
    return <NotificationsPage search={search} linkTo={(s) => ({ to: "/notifications", search: s })} />;
  },
  errorComponent: (props) => <RouteErrorPage {...props} what="your notifications" />,
});
