// /shared/$token: a shipment shared by a read-only link, for someone outside the account; no sign-in.
import { createFileRoute } from "@tanstack/react-router";
import { SharedShipmentPage } from "../features/shared/shared-shipment-page";

export const Route = createFileRoute("/shared/$token")({
  head: () => ({
    meta: [{ title: "Shared shipment · Boxtrack" }, { name: "robots", content: "noindex, nofollow" }],
  }),
  component: function SharedShipmentRoute() {
    return <SharedShipmentPage token={Route.useParams().token} />;
  },
});
