// The confirmation before deleting something a page shows: the delete runs through the page's mutation, a failure
// is shown in the dialog (and forgotten when it closes), and `onDeleted` leaves the page once it is gone.
import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { describeError } from "../lib/api-client";
import { ConfirmDialog } from "./confirm-dialog";

export function DeleteDialog({
  open,
  onClose,
  title,
  confirmLabel,
  mutation,
  onDeleted,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  mutation: UseMutationResult<unknown, Error, void>;
  /** After the delete succeeded: say so and leave the page (its data is gone). */
  onDeleted: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      confirmVariant="danger"
      pending={mutation.isPending}
      error={mutation.isError ? describeError(mutation.error) : null}
      onClose={() => {
        // A failure shown in the dialog is not shown again next time it opens.
        mutation.reset();
        onClose();
      }}
      onConfirm={() => mutation.mutate(undefined, { onSuccess: onDeleted })}
    >
      {children}
    </ConfirmDialog>
  );
}
