// What the tracking requests list shows while its first page loads: the page's heading, and rows to come.
import { PageHeader } from "../../components/page-header";
import { TableSkeleton } from "../../components/skeleton";

export function TrackingRequestsSkeleton() {
  return (
    <>
      <PageHeader title="Tracking requests" description="Loading…" />
      <TableSkeleton label="Loading tracking requests" columns={6} />
    </>
  );
}
