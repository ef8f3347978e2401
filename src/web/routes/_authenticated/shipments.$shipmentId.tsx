// /shipments/$shipmentId: one shipment with its journey, containers, tags, custom fields and tracking controls. The
// custom fields are asked for with the shipment; the page does not wait for them.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { shipmentQuery } from "../../features/shipments/queries";
import { ShipmentPage } from "../../features/shipments/shipment-page";
import { ShipmentPageSkeleton } from "../../features/shipments/shipment-page-skeleton";
import { definitionsQuery, recordValuesQuery } from "../../lib/custom-fields";

export const Route = createFileRoute("/_authenticated/shipments/$shipmentId")({
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(definitionsQuery("Shipment"));
    void context.queryClient.prefetchQuery(recordValuesQuery("shipments", params.shipmentId));
    const document = await context.queryClient.ensureQueryData(shipmentQuery(params.shipmentId));
    return { title: document.data.attributes.bill_of_lading_number };
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.title ?? "Shipment"} · Boxtrack` }] }),
  component: ShipmentPage,
  pendingComponent: ShipmentPageSkeleton,
  errorComponent: (props) => <RouteErrorPage {...props} what="this shipment" />,
});
