// "New carrier connection": the form; once the connection exists, its page opens, where it can be tested. A role
// that may not change integrations (one who followed an old link here) is told why instead of the form.
import { Link, useNavigate } from "@tanstack/react-router";
import { Allowed, NOT_ALLOWED_PANEL } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { showToast } from "../../components/toaster";
import { ConnectionForm } from "./connection-form";
import { createAttributes, newConnectionState } from "./form-state";
import { useCreateConnectionMutation } from "./queries";

export function NewConnectionPage() {
  const mutation = useCreateConnectionMutation();
  const navigate = useNavigate();
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link to="/settings/carrier-connections" className="text-sky-800 hover:underline dark:text-sky-300">
          ← Carrier connections
        </Link>
      </nav>
      <PageHeader
        title="New carrier connection"
        description="Enter what the shipping line's developer portal gives you: its DCSA Track & Trace address and your credentials."
      />
      <Allowed permission="integrations" what="Adding carrier connections" className={NOT_ALLOWED_PANEL}>
        <div className="max-w-4xl rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <ConnectionForm
            label="New carrier connection"
            initial={newConnectionState()}
            submitLabel="Create connection"
            failureTitle="The connection was not created"
            onSubmit={async (state) => {
              const connection = await mutation.mutateAsync(createAttributes(state));
              showToast({
                kind: "success",
                title: "Connection created",
                message: `${connection.attributes.shipping_line_name} is tracked through its own API. Test it to check the credentials.`,
              });
              await navigate({
                to: "/settings/carrier-connections/$connectionId",
                params: { connectionId: connection.id },
              });
            }}
            footer={
              <Link to="/settings/carrier-connections" className={buttonClass("ghost")}>
                Cancel
              </Link>
            }
          />
        </div>
      </Allowed>
    </>
  );
}
