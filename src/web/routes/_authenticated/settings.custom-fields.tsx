// /settings/custom-fields: the account's custom field definitions, per kind of record.
import { createFileRoute } from "@tanstack/react-router";
import { CUSTOM_FIELD_ENTITY_TYPES } from "../../../api/custom-field-values";
import { RouteErrorPage } from "../../components/error-page";
import { CustomFieldsPage } from "../../features/custom-fields/custom-fields-page";
import { definitionsQuery } from "../../lib/custom-fields";

export const Route = createFileRoute("/_authenticated/settings/custom-fields")({
  loader: ({ context }) =>
    Promise.all(
      CUSTOM_FIELD_ENTITY_TYPES.map((t) => context.queryClient.ensureQueryData(definitionsQuery(t))),
    ),
  head: () => ({ meta: [{ title: "Custom fields · Boxtrack" }] }),
  component: CustomFieldsPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="the custom fields" />,
});
