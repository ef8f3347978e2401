// /tracking-requests: placeholder until a later issue builds the tracking requests page.
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../components/coming-soon-page";

export const Route = createFileRoute("/_authenticated/tracking-requests")({
  head: () => ({ meta: [{ title: "Tracking requests · Boxtrack" }] }),
  component: () => (
    <ComingSoonPage
      title="Tracking requests"
      description="Submit bills of lading to track and follow each request until its shipment appears."
    />
  ),
});
