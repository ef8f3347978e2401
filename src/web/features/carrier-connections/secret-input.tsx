// A write-only secret (an API key, a client secret): a password input that never holds the stored value. When one
// is stored it says so ("set — leave blank to keep") and offers "Remove"; a typed value replaces it.
import type { Ref } from "react";
import { buttonClass } from "../../components/button";
import { describedBy, FieldErrors, FieldHint, inputClass, labelClass } from "../../components/form-field";
import type { SecretField } from "./form-state";

export function SecretInput({
  id,
  label,
  noun,
  field,
  errors,
  inputRef,
  onChange,
}: {
  id: string;
  label: string;
  /** The secret in a sentence's middle, for the buttons: "API key", "client secret". */
  noun: string;
  field: SecretField;
  errors: readonly string[] | undefined;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (next: SecretField) => void;
}) {
  const removing = field.set && field.remove && field.value === "";
  const hint = !field.set
    ? "Write-only: once saved, it is stored encrypted and never shown again."
    : removing
      ? "It will be removed when you save. Type a new one to replace it instead."
      : "Set — leave blank to keep it, or type a new one to replace it.";
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="mt-1 flex max-w-xl flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          id={id}
          type="password"
          value={field.value}
          onChange={(event) => onChange({ ...field, value: event.target.value })}
          // A password manager has nothing to offer here, and must not save the carrier's secret as the user's.
          autoComplete="new-password"
          spellCheck={false}
          placeholder={field.set ? (removing ? "will be removed" : "set — leave blank to keep") : undefined}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={describedBy(id, true, errors)}
          className={`${inputClass} min-w-48 flex-1 font-mono`}
        />
        {field.set ? (
          removing ? (
            <button
              type="button"
              className={buttonClass("secondary")}
              onClick={() => onChange({ ...field, remove: false })}
            >
              Keep {noun}
            </button>
          ) : (
            <button
              type="button"
              className={buttonClass("danger-outline")}
              onClick={() => onChange({ ...field, value: "", remove: true })}
            >
              Remove {noun}
            </button>
          )
        ) : null}
      </div>
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldErrors id={id} errors={errors} />
    </div>
  );
}
