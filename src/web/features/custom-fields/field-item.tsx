// One custom field in Settings: its name, slug, type, rules and description; for the roles that may, a rename
// (name and description), its options (added, moved and removed one change at a time) and a delete, confirmed
// first since every value set of it goes with it.
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import type { CustomFieldDefinition } from "../../../api/custom-fields";
import { buttonClass } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { describedBy, FieldErrors, inputClass, labelClass } from "../../components/form-field";
import { describeError } from "../../lib/api-client";
import { DATA_TYPE_WORDS } from "../../lib/custom-field-drafts";
import {
  hasOptions,
  optionsQuery,
  useCreateOption,
  useDeleteDefinition,
  useDeleteOption,
  useEditDefinition,
  useEditOption,
} from "../../lib/custom-fields";
import { errorsByAttribute, suggestSlug } from "./form-words";
import { AddOption, OptionList } from "./option-list";

const small = "px-2 py-0.5 text-xs";

function rulesWords(validation: Record<string, unknown> | null): string | null {
  if (!validation) return null;
  return Object.entries(validation)
    .map(([key, value]) => `${key.replaceAll("_", " ")} ${String(value)}`)
    .join(", ");
}

export function FieldItem({
  definition,
  editable,
}: {
  definition: CustomFieldDefinition;
  editable: boolean;
}) {
  const a = definition.attributes;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteDefinition();
  const rules = rulesWords(a.validation);

  return (
    <li className="py-3">
      {editing ? (
        <EditForm definition={definition} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-medium text-slate-900 dark:text-slate-100">{a.display_name}</h3>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <code>{a.api_slug}</code> · {DATA_TYPE_WORDS[a.data_type]}
              {a.reference_type ? ` to ${a.reference_type}` : ""}
              {rules ? ` · ${rules}` : ""}
            </p>
            {a.description ? (
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{a.description}</p>
            ) : null}
          </div>
          {editable ? (
            <div className="flex gap-1">
              <button
                type="button"
                className={buttonClass("ghost", small)}
                onClick={() => setEditing(true)}
                aria-label={`Edit ${a.display_name}`}
              >
                Edit
              </button>
              <button
                type="button"
                className={buttonClass("danger-outline", small)}
                onClick={() => setDeleting(true)}
                aria-label={`Delete ${a.display_name}`}
              >
                Delete
              </button>
            </div>
          ) : null}
        </div>
      )}
      {hasOptions(a.data_type) ? <Options definition={definition} editable={editable} /> : null}
      <ConfirmDialog
        open={deleting}
        title={`Delete “${a.display_name}”?`}
        confirmLabel="Delete field"
        confirmVariant="danger"
        pending={remove.isPending}
        error={remove.isError ? describeError(remove.error) : null}
        onClose={() => {
          remove.reset();
          setDeleting(false);
        }}
        onConfirm={() => remove.mutate(definition.id, { onSuccess: () => setDeleting(false) })}
      >
        <p>
          The field, its options and every value set of it on your records are deleted. This cannot be undone.
        </p>
      </ConfirmDialog>
    </li>
  );
}

function EditForm({ definition, onDone }: { definition: CustomFieldDefinition; onDone: () => void }) {
  const a = definition.attributes;
  const edit = useEditDefinition();
  const ids = { name: useId(), description: useId() };
  const [name, setName] = useState(a.display_name);
  const [description, setDescription] = useState(a.description ?? "");
  const errors = errorsByAttribute(edit.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate(
      { id: definition.id, display_name: name.trim(), description: description.trim() || null },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label={`Edit ${a.display_name}`}>
      <div>
        <label htmlFor={ids.name} className={labelClass}>
          Display name
        </label>
        <input
          id={ids.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={errors.has("display_name") || undefined}
          aria-describedby={describedBy(ids.name, false, errors.get("display_name"))}
          className={`${inputClass} mt-1`}
        />
        <FieldErrors id={ids.name} errors={errors.get("display_name")} />
      </div>
      <div>
        <label htmlFor={ids.description} className={labelClass}>
          Description
        </label>
        <textarea
          id={ids.description}
          rows={2}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-describedby={describedBy(ids.description, false, errors.get("description"))}
          className={`${inputClass} mt-1`}
        />
        <FieldErrors id={ids.description} errors={errors.get("description")} />
      </div>
      {errors.has("") ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.get("")?.join(" ")}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button
          type="submit"
          className={buttonClass("primary")}
          disabled={edit.isPending || name.trim() === ""}
        >
          {edit.isPending ? "Saving…" : "Save"}
        </button>
        <button type="button" className={buttonClass("ghost")} onClick={onDone} disabled={edit.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Options({ definition, editable }: { definition: CustomFieldDefinition; editable: boolean }) {
  const { data, isPending, isError } = useQuery(optionsQuery(definition.id));
  const create = useCreateOption();
  const move = useEditOption();
  const remove = useDeleteOption();
  const name = definition.attributes.display_name;
  const failure = [create.error, move.error, remove.error].find(Boolean);
  if (isPending) return <p className="mt-2 text-sm text-(--muted-text)">Loading the options…</p>;
  if (isError)
    return <p className="mt-2 text-sm text-red-700 dark:text-red-300">Could not load the options.</p>;
  const items = data.data.map((o) => ({ key: o.id, label: o.attributes.label, value: o.attributes.value }));
  const busy = create.isPending || move.isPending || remove.isPending;

  return (
    <fieldset className="mt-2 pl-3">
      <legend className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        <span className="sr-only">{name}: </span>Options
      </legend>
      {editable ? (
        <>
          <OptionList
            field={name}
            items={items}
            disabled={busy}
            onMove={(index, by) => {
              const option = data.data[index];
              if (option) move.mutate({ definitionId: definition.id, id: option.id, position: index + by });
            }}
            onRemove={(index) => {
              const option = data.data[index];
              if (option) remove.mutate({ definitionId: definition.id, id: option.id });
            }}
          />
          <AddOption
            field={name}
            pending={busy}
            errors={failure ? [describeError(failure)] : undefined}
            onAdd={(label) =>
              create
                .mutateAsync({ definitionId: definition.id, label, value: suggestSlug(label) || label })
                .then(() => true)
                .catch(() => false)
            }
          />
        </>
      ) : items.length > 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Options: {items.map((i) => i.label).join(", ")}
        </p>
      ) : (
        <p className="text-sm text-(--muted-text)">No options yet.</p>
      )}
    </fieldset>
  );
}
