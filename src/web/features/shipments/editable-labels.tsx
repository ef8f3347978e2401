// Reference numbers or tags of a shipment, edited in place and saved with PATCH; API validation errors beside the field.
import { useState } from "react";
import type { ErrorObject } from "../../../api/json-api";
import { attributeAt, itemIndex } from "../../../api/json-pointer";
import { buttonClass } from "../../components/button";
import { LabelChips, LabelListEditor } from "../../components/label-list-editor";
import { ApiError } from "../../lib/api-client";
import { useEditShipmentMutation } from "./queries";

type Field = "tags" | "ref_numbers";

const WORDS: Record<Field, { label: string; singular: string; capital: string }> = {
  tags: { label: "Tags", singular: "tag", capital: "Tag" },
  ref_numbers: { label: "Reference numbers", singular: "reference number", capital: "Reference number" },
};

/** "Tag “x”: a tag can be at most 100 characters", from `/data/attributes/tags/0`. */
export function fieldErrors(error: unknown, field: Field, submitted: readonly string[]): string[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const about = (e: ErrorObject) => {
    const at = attributeAt(e.source?.pointer);
    return at?.attribute === field ? at : null;
  };
  const errors = error.errors.filter((e) => about(e) !== null);
  // A 422 about another part of the body still belongs to this save.
  const relevant = errors.length > 0 ? errors : error.errors;
  return relevant.map((e) => {
    const at = about(e);
    const index = at ? itemIndex(at.below) : null;
    const value = index === null ? undefined : submitted[index];
    if (index === null || value === undefined) return e.detail;
    const shown = value.length > 24 ? `${value.slice(0, 24)}…` : value;
    return `${WORDS[field].capital} ${index + 1} (“${shown}”): ${e.detail}`;
  });
}

export function EditableLabels({
  shipmentId,
  field,
  values,
  editable,
}: {
  shipmentId: string;
  field: Field;
  values: string[];
  /** False for a role that may not edit shipments: the values only (the page says why). */
  editable: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [submitted, setSubmitted] = useState<string[]>([]);
  const mutation = useEditShipmentMutation(shipmentId);
  const words = WORDS[field];

  const stop = () => {
    setEditing(false);
    mutation.reset();
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
          {words.label}
        </h3>
        {editing || !editable ? null : (
          <button
            type="button"
            className={buttonClass("ghost", "px-2 py-0.5 text-xs")}
            onClick={() => setEditing(true)}
            aria-label={`Edit ${words.label.toLowerCase()}`}
          >
            Edit
          </button>
        )}
      </div>
      <div className="mt-1.5">
        {editing && editable ? (
          <LabelListEditor
            label={words.label}
            singular={words.singular}
            values={values}
            errors={fieldErrors(mutation.error, field, submitted)}
            pending={mutation.isPending}
            onCancel={stop}
            onSave={(next) => {
              setSubmitted(next);
              mutation.mutate({ [field]: next }, { onSuccess: () => setEditing(false) });
            }}
          />
        ) : (
          <LabelChips values={values} empty={`No ${words.singular}s`} />
        )}
      </div>
    </div>
  );
}
