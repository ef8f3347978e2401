// What the webhook lists show while their first page loads: the page's heading, and rows to come.
import { PageHeader } from "../../components/page-header";
import { TableSkeleton } from "../../components/skeleton";

export function WebhooksSkeleton() {
  return (
    <>
      <PageHeader title="Webhooks" description="Loading…" />
      <TableSkeleton label="Loading webhooks" columns={4} rows={4} />
    </>
  );
}

export function NotificationsSkeleton() {
  return (
    <>
      <PageHeader title="Notification log" description="Loading…" />
      <TableSkeleton label="Loading notifications" columns={5} />
    </>
  );
}
