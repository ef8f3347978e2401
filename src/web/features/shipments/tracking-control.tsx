// Stop or resume tracking a shipment, after a dialog that says what that means.
import { useState } from "react";
import type { Shipment } from "../../../api/shipments";
import { NotAllowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { showToast } from "../../components/toaster";
import { usePermission } from "../../lib/actor";
import { describeError } from "../../lib/api-client";
import { useTrackingMutation } from "./queries";

export function TrackingControl({ shipment }: { shipment: Shipment }) {
  const [open, setOpen] = useState(false);
  const mutation = useTrackingMutation(shipment.id);
  const stopped = shipment.attributes.line_tracking_stopped_at !== null;
  const number = shipment.attributes.bill_of_lading_number;
  const may = usePermission("track");

  const close = () => {
    setOpen(false);
    mutation.reset();
  };

  const confirm = () => {
    mutation.mutate(stopped ? "resume" : "stop", {
      onSuccess: () => {
        setOpen(false);
        showToast({
          kind: "success",
          title: stopped ? "Tracking resumed" : "Tracking stopped",
          message: stopped ? `${number} is tracked again.` : `${number} gets no further updates.`,
        });
      },
    });
  };

  // A role that cannot stop or resume sees no button, and is told why where the button would be.
  if (!may.ok) return <NotAllowed may={may} what={stopped ? "Resuming tracking" : "Stopping tracking"} />;

  return (
    <>
      <button
        type="button"
        className={buttonClass(stopped ? "primary" : "secondary")}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {stopped ? "Resume tracking" : "Stop tracking"}
      </button>
      <ConfirmDialog
        open={open}
        title={stopped ? `Resume tracking ${number}?` : `Stop tracking ${number}?`}
        confirmLabel={stopped ? "Resume tracking" : "Stop tracking"}
        confirmVariant={stopped ? "primary" : "danger"}
        pending={mutation.isPending}
        error={mutation.isError ? describeError(mutation.error) : null}
        onConfirm={confirm}
        onClose={close}
      >
        {stopped ? (
          <>
            <p>Updates from the shipping line and terminals are collected again from now on.</p>
            <p>
              Some information is only published by data sources at specific times, so this shipment may miss
              data from the period when tracking was stopped.
            </p>
          </>
        ) : (
          <>
            <p>
              No further updates will be collected for this shipment: no new events, estimates or terminal
              data.
            </p>
            <p>Data already collected stays available here and through the API.</p>
            <p>
              You can resume tracking later, but a resumed shipment may miss information that was only
              available while tracking was stopped.
            </p>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
