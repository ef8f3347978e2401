// /carriers/data-quality: each shipping line's data quality in the account (GET /v2/carrier_data_quality).
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { DataQualityPage } from "../../features/data-quality/data-quality-page";
import { dataQualityQuery } from "../../features/data-quality/queries";

export const Route = createFileRoute("/_authenticated/carriers/data-quality")({
  loader: ({ context }) => context.queryClient.ensureQueryData(dataQualityQuery()),
  head: () => ({ meta: [{ title: "Carrier data quality · Boxtrack" }] }),
  component: DataQualityPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="the carriers' data quality" />,
});
