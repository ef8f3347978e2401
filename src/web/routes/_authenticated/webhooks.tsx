// /webhooks: placeholder until a later issue builds the webhooks page.
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../components/coming-soon-page";

export const Route = createFileRoute("/_authenticated/webhooks")({
  head: () => ({ meta: [{ title: "Webhooks · Boxtrack" }] }),
  component: () => (
    <ComingSoonPage
      title="Webhooks"
      description="Get notified at your own address when a container is loaded, arrives or becomes available."
    />
  ),
});
