// One carrier connection: its status (what the last call to the carrier showed), a test, its settings to edit,
// and deleting it (after a confirmation), which sends the line's tracking back to the sandbox. The test, the settings
// and deleting are for the roles that may change integrations; the others see the status and are told why.
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { Allowed, NOT_ALLOWED_PANEL } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { DateTime } from "../../components/date-time";
import { DeleteDialog } from "../../components/delete-dialog";
import { PageHeader } from "../../components/page-header";
import { showToast } from "../../components/toaster";
import { ConnectionForm } from "./connection-form";
import type { CarrierConnection } from "./contract";
import { patchAttributes, stateOfConnection } from "./form-state";
import {
  connectionKeys,
  connectionQuery,
  useDeleteConnectionMutation,
  useUpdateConnectionMutation,
} from "./queries";
import { StatusBadge } from "./status-badge";
import { CheckedAt } from "./status-bits";
import { TestConnection } from "./test-connection";

const route = getRouteApi("/_authenticated/settings/carrier-connections/$connectionId");

const panel = "rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

export function ConnectionPage() {
  const { connectionId } = route.useParams();
  const { data } = useSuspenseQuery(connectionQuery(connectionId));
  const connection = data.data;
  const a = connection.attributes;
  const [confirming, setConfirming] = useState(false);
  const settingsHeading = useId();
  const statusHeading = useId();

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link to="/settings/carrier-connections" className="text-sky-800 hover:underline dark:text-sky-300">
          ← Carrier connections
        </Link>
      </nav>
      <PageHeader
        title={
          <>
            {a.shipping_line_name} <span className="font-mono">({a.scac})</span>
          </>
        }
        description={a.name ?? "Carrier connection"}
        actions={
          <Allowed permission="integrations" what="Deleting carrier connections">
            <button
              type="button"
              className={buttonClass("danger-outline")}
              onClick={() => setConfirming(true)}
            >
              Delete connection
            </button>
          </Allowed>
        }
      />
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-3">
        {/* First, in reading order too: on a phone above the form, on a desktop in the right column. */}
        <div className="space-y-6 xl:col-start-3 xl:row-start-1">
          <section aria-labelledby={statusHeading} className={panel}>
            <h2 id={statusHeading} className="text-base font-semibold">
              Status
            </h2>
            <div className="mt-2 space-y-1 text-sm">
              <StatusBadge status={a.status} />
              {a.status_detail ? <p>{a.status_detail}</p> : null}
              <CheckedAt checkedAt={a.checked_at} className="text-slate-600 dark:text-slate-400" />
              {a.last_success_at ? (
                <p className="text-slate-600 dark:text-slate-400">
                  Last worked <DateTime iso={a.last_success_at} timeZone="UTC" />
                </p>
              ) : null}
            </div>
          </section>
          <Allowed
            permission="integrations"
            what="Testing a carrier connection"
            className={NOT_ALLOWED_PANEL}
          >
            <TestConnection key={connection.id} connectionId={connection.id} />
          </Allowed>
        </div>
        <section
          aria-labelledby={settingsHeading}
          className={`${panel} xl:col-span-2 xl:col-start-1 xl:row-start-1`}
        >
          <h2 id={settingsHeading} className="mb-4 text-base font-semibold">
            Settings
          </h2>
          {/* The form follows the saved settings (a save's answer, a teammate's change, push turned off by the
              service) until the person edits, and keeps their edits from then on. */}
          <Allowed permission="integrations" what="Changing a carrier connection's settings" className="">
            <EditConnection key={connection.id} connection={connection} />
          </Allowed>
        </section>
      </div>
      <DeleteConnectionDialog
        connection={connection}
        open={confirming}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function EditConnection({ connection }: { connection: CarrierConnection }) {
  const mutation = useUpdateConnectionMutation(connection.id);
  return (
    <ConnectionForm
      label="Connection settings"
      initial={stateOfConnection(connection)}
      submitLabel="Save changes"
      failureTitle="The changes were not saved"
      onSubmit={async (state) => {
        const changed = patchAttributes(connection, state);
        if (Object.keys(changed).length === 0) {
          showToast({ kind: "success", title: "Nothing to save", message: "The settings are as they were." });
          return;
        }
        const saved = await mutation.mutateAsync(changed);
        showToast({
          kind: "success",
          title: "Connection saved",
          message: `${saved.attributes.shipping_line_name}: the changes are in effect. Test it to check them.`,
        });
      }}
    />
  );
}

function DeleteConnectionDialog({
  connection,
  open,
  onClose,
}: {
  connection: CarrierConnection;
  open: boolean;
  onClose: () => void;
}) {
  const mutation = useDeleteConnectionMutation(connection.id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const line = connection.attributes.shipping_line_name;
  return (
    <DeleteDialog
      open={open}
      onClose={onClose}
      title="Delete this carrier connection?"
      confirmLabel="Delete connection"
      mutation={mutation}
      onDeleted={async () => {
        showToast({
          kind: "success",
          title: "Connection deleted",
          message: `${line} is tracked through the sandbox again.`,
        });
        await navigate({ to: "/settings/carrier-connections" });
        // Only now, so that this page does not fetch the connection it just deleted.
        queryClient.removeQueries({ queryKey: connectionKeys.detail(connection.id) });
      }}
    >
      <p>
        Tracking requests for {line} ({connection.attributes.scac}) go back to the sandbox carrier network,
        and its stored credentials are deleted. This cannot be undone.
      </p>
    </DeleteDialog>
  );
}
