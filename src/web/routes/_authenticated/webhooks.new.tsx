// /webhooks/new: the form for a webhook, then its signing secret, shown once.
import { createFileRoute } from "@tanstack/react-router";
import { NewWebhookPage } from "../../features/webhooks/new-webhook-page";

export const Route = createFileRoute("/_authenticated/webhooks/new")({
  codeSplitGroupings: [["component"]],
  head: () => ({ meta: [{ title: "New webhook · Boxtrack" }] }),
  component: NewWebhookPage,
});
