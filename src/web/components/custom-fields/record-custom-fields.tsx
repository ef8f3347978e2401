// A shipment's or container's "Custom fields" section: every field the account defined for that kind of record
// with its display value (or "—"), edited in place by the roles that may edit records (Save, Clear; the server's
// 422 shown beside the field). The route starts both reads; the page does not wait for them.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { CustomFieldEntityType } from "../../../api/custom-field-values";
import type { CustomField, CustomFieldDefinition } from "../../../api/custom-fields";
import type { Permit } from "../../lib/actor";
import { ApiError } from "../../lib/api-client";
import { type Draft, draftChanged, draftOf, parseDraft } from "../../lib/custom-field-drafts";
import {
  type CustomFieldRecordKind,
  definitionsQuery,
  recordValuesQuery,
  useSetRecordValue,
} from "../../lib/custom-fields";
import { NotAllowed } from "../allowed";
import { buttonClass } from "../button";
import { describedBy, FieldErrors } from "../form-field";
import { ValueInput } from "./value-input";

const WORDS: Record<CustomFieldRecordKind, string> = { shipments: "shipments", containers: "containers" };
const ENTITY: Record<CustomFieldRecordKind, CustomFieldEntityType> = {
  shipments: "Shipment",
  containers: "Container",
};

export function RecordCustomFields({
  kind,
  recordId,
  may,
  className = "",
}: {
  kind: CustomFieldRecordKind;
  recordId: string;
  /** Whether the role may edit records ("track"): the values only, and why, otherwise. */
  may: Permit;
  className?: string;
}) {
  const headingId = useId();
  const definitions = useQuery(definitionsQuery(ENTITY[kind]));
  const values = useQuery(recordValuesQuery(kind, recordId));
  const byDefinition = new Map((values.data?.data ?? []).map((v) => [v.relationships.definition.data.id, v]));

  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-slate-100">
        Custom fields
      </h2>
      {definitions.isError || values.isError ? (
        <p className="mt-2 text-sm text-red-700 dark:text-red-300">
          Could not load the custom fields. Reload the page to try again.
        </p>
      ) : definitions.isPending || values.isPending ? (
        <p role="status" className="mt-2 text-sm text-(--muted-text)">
          Loading custom fields…
        </p>
      ) : definitions.data.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          No custom fields are defined for {WORDS[kind]} yet.{" "}
          <Link to="/settings/custom-fields" className="text-sky-800 underline dark:text-sky-300">
            Define them in Settings
          </Link>
          .
        </p>
      ) : (
        <>
          <NotAllowed may={may} what="Editing custom fields" className="mt-2" />
          <dl className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
            {definitions.data.data.map((d) => (
              <FieldRow
                key={d.id}
                kind={kind}
                recordId={recordId}
                definition={d}
                value={byDefinition.get(d.id)}
                editable={may.ok}
              />
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

/** The server's words for a refused value: its 422s' details (other failures are toasted by the app). */
function refusal(error: unknown): string[] {
  return error instanceof ApiError && error.status === 422 ? error.errors.map((e) => e.detail) : [];
}

function FieldRow({
  kind,
  recordId,
  definition,
  value,
  editable,
}: {
  kind: CustomFieldRecordKind;
  recordId: string;
  definition: CustomFieldDefinition;
  value: CustomField | undefined;
  editable: boolean;
}) {
  const a = definition.attributes;
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>("");
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useSetRecordValue(kind, recordId);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const stored = value?.attributes.value ?? null;

  // Back on the Edit button when the editor closes, so that a keyboard user stays where they were.
  useEffect(() => {
    if (wasEditing.current && !editing) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const open = () => {
    setDraft(draftOf(a.data_type, stored));
    setProblem(null);
    mutation.reset();
    setEditing(true);
  };
  const close = () => {
    mutation.reset();
    setEditing(false);
  };
  const save = (next: unknown) => {
    setProblem(null);
    mutation.mutate({ apiSlug: a.api_slug, value: next, isSet: value !== undefined }, { onSuccess: close });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // An emptied input means no value: the field is cleared, as Clear does.
    if (Array.isArray(draft) ? draft.length === 0 : draft.trim() === "") {
      if (value) save(null);
      return;
    }
    const parsed = parseDraft(a.data_type, draft);
    if (parsed.ok) save(parsed.value);
    else setProblem(parsed.problem);
  };
  const errors = problem ? [problem] : refusal(mutation.error);

  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm text-slate-600 dark:text-slate-400">
        {a.display_name}
        {a.description ? <span className="block text-xs text-(--muted-text)">{a.description}</span> : null}
      </dt>
      <dd className="text-sm text-slate-900 dark:text-slate-100">
        {editing ? (
          // Escape cancels the edit, as it closes a dialog.
          <form
            onSubmit={onSubmit}
            onKeyDown={(event) => {
              if (event.key === "Escape") close();
            }}
            className="space-y-2"
            aria-label={`Edit ${a.display_name}`}
          >
            <ValueInput
              id={id}
              definition={definition}
              draft={draft}
              onChange={setDraft}
              describedBy={describedBy(id, false, errors)}
              invalid={errors.length > 0}
              labelHidden
            />
            <FieldErrors id={id} errors={errors} />
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                className={buttonClass("primary", "px-2.5 py-1 text-xs")}
                disabled={mutation.isPending || !draftChanged(a.data_type, stored, draft)}
              >
                {mutation.isPending ? "Saving…" : "Save"}
              </button>
              {value ? (
                <button
                  type="button"
                  className={buttonClass("secondary", "px-2.5 py-1 text-xs")}
                  disabled={mutation.isPending}
                  onClick={() => save(null)}
                  aria-label={`Clear ${a.display_name}`}
                >
                  Clear
                </button>
              ) : null}
              <button
                type="button"
                className={buttonClass("ghost", "px-2.5 py-1 text-xs")}
                disabled={mutation.isPending}
                onClick={close}
              >
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className="flex items-start justify-between gap-2">
            {value?.attributes.display_value ? (
              <span className="break-words">{value.attributes.display_value}</span>
            ) : (
              <span className="text-(--muted-text)">
                <span aria-hidden="true">—</span>
                <span className="sr-only">Not set</span>
              </span>
            )}
            {editable ? (
              <button
                ref={editRef}
                type="button"
                className={buttonClass("ghost", "px-2 py-0.5 text-xs")}
                onClick={open}
                aria-label={`Edit ${a.display_name}`}
              >
                Edit
              </button>
            ) : null}
          </div>
        )}
      </dd>
    </div>
  );
}
