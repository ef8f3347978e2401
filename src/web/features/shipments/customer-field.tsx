// The shipment's customer on its page: shown, and changed by picking one of the account's parties (or adding a new
// one by name) or removed; the API keeps customer_name the party's name.
import { useEffect, useId, useRef, useState } from "react";
import type { Shipment } from "../../../api/shipments";
import { buttonClass } from "../../components/button";
import { CustomerPicker } from "../../components/customer-picker";
import { ApiError } from "../../lib/api-client";
import { useCreatePartyMutation } from "../../lib/parties";
import { useSetCustomerMutation } from "./queries";

/** What went wrong, in the API's words when it said. */
function problem(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.errors.length > 0)
    return error.errors.map((e) => e.detail).join(" ");
  return "The customer could not be saved. Try again.";
}

export function CustomerField({
  shipment,
  editable,
}: {
  shipment: Shipment;
  /** False for a role that may not edit shipments: the name only (the page says why). */
  editable: boolean;
}) {
  const name = shipment.attributes.customer_name;
  const [opened, setEditing] = useState(false);
  const editing = opened && editable;
  const [text, setText] = useState("");
  const pickerId = useId();
  const errorId = useId();
  const changeButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const setCustomer = useSetCustomerMutation(shipment.id);
  const createParty = useCreatePartyMutation();
  const pending = setCustomer.isPending || createParty.isPending;
  const error = problem(createParty.error ?? setCustomer.error);

  // Back to the button that opened the picker once it is shown again, so that the keyboard stays where it was.
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      changeButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    refocus.current = true;
    setEditing(false);
    setCustomer.reset();
    createParty.reset();
  };
  const save = (partyId: string | null) => setCustomer.mutate(partyId, { onSuccess: close });

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
          {editing ? <label htmlFor={pickerId}>Customer</label> : "Customer"}
        </h3>
        {editing || !editable ? null : (
          <button
            ref={changeButton}
            type="button"
            className={buttonClass("ghost", "px-2 py-0.5 text-xs")}
            aria-label={name ? "Change customer" : "Set customer"}
            onClick={() => {
              setText("");
              setEditing(true);
            }}
          >
            {name ? "Change" : "Set"}
          </button>
        )}
      </div>
      {editing ? (
        <div className="mt-1.5 space-y-2">
          <CustomerPicker
            id={pickerId}
            text={text}
            onTextChange={setText}
            autoFocus
            disabled={pending}
            invalid={error !== null}
            describedBy={error ? errorId : undefined}
            onPick={(party) => save(party.id)}
            onCreate={(companyName) =>
              createParty.mutate(companyName, { onSuccess: (document) => save(document.data.id) })
            }
            onEscape={close}
          />
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {name ? (
              <button
                type="button"
                className={buttonClass("secondary", "px-2 py-1 text-xs")}
                disabled={pending}
                onClick={() => save(null)}
              >
                Remove customer
              </button>
            ) : null}
            <button type="button" className={buttonClass("ghost", "px-2 py-1 text-xs")} onClick={close}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <p className="mt-1.5 text-sm text-slate-900 dark:text-slate-100">
          {name ?? <span className="text-(--muted-text)">None</span>}
        </p>
      )}
    </div>
  );
}
