// The webhook form, for creating and for editing: address, active, events by group, custom headers. The API's
// validation errors appear beside the fields they are about, and the focus moves to the first of them.
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { buttonClass } from "../../components/button";
import { ChangedElsewhere } from "../../components/changed-elsewhere";
import {
  describedBy,
  FieldErrors,
  FieldHint,
  FormErrorSummary,
  inputClass,
  labelClass,
} from "../../components/form-field";
import { ApiError, describeError } from "../../lib/api-client";
import { parseRetryAfter } from "../../lib/retry-after";
import { useSavedFormState } from "../../lib/use-saved-form-state";
import type { WebhookInput } from "./contract";
import { orderedEvents } from "./event-groups";
import { EventPicker } from "./event-picker";
import { checkWebhookForm, hasErrors, type WebhookFieldErrors, webhookErrorsByField } from "./form-errors";
import { type HeaderRow, headersFromRows, rowsFromHeaders } from "./header-rows";
import { HeaderRowsEditor } from "./header-rows-editor";

export const NEW_WEBHOOK: WebhookInput = { url: "", events: [], active: true, headers: [] };

/** What the fields hold: the events as a set, the headers as editable rows. */
type Fields = { url: string; active: boolean; events: Set<string>; headers: HeaderRow[] };

const fieldsOf = (webhook: WebhookInput): Fields => ({
  url: webhook.url,
  active: webhook.active,
  events: new Set(webhook.events),
  headers: rowsFromHeaders(webhook.headers),
});

function errorsOf(error: unknown, headerKeys: readonly number[]): WebhookFieldErrors {
  if (error instanceof ApiError && error.status === 422) {
    const found = webhookErrorsByField(error.errors, headerKeys);
    return hasErrors(found) ? found : { form: [error.message] };
  }
  if (error instanceof ApiError && error.status === 429) {
    const wait = parseRetryAfter(error.retryAfter);
    return { form: [`Too many requests in the last minute. Try again in ${wait ?? 60} seconds.`] };
  }
  return { form: [describeError(error)] };
}

export function WebhookForm({
  label,
  initial,
  submitLabel,
  failureTitle,
  onSubmit,
  footer,
}: {
  /** The form's accessible name. */
  label: string;
  /** The saved webhook (or a new one's defaults): followed until the person edits, never over their edits. */
  initial: WebhookInput;
  submitLabel: string;
  /** Heading of the box of errors that belong to no field: "The webhook was not created". */
  failureTitle: string;
  /** Sends the webhook; a rejection with the API's 422 puts its errors beside the fields. */
  onSubmit: (input: WebhookInput) => Promise<unknown>;
  /** Beside the submit button: a cancel link, a "saved" note. */
  footer?: ReactNode;
}) {
  const { state, edit: set, changedElsewhere, takeSaved, settle } = useSavedFormState(initial, fieldsOf);
  const { url, active, events, headers } = state;
  const [errors, setErrors] = useState<WebhookFieldErrors>({});
  const [pending, setPending] = useState(false);

  const formId = useId();
  const ids = {
    url: `${formId}-url`,
    active: `${formId}-active`,
    events: `${formId}-events`,
    headers: `${formId}-headers`,
  };
  const formError = useRef<HTMLDivElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const activeInput = useRef<HTMLInputElement>(null);
  const firstEvent = useRef<HTMLInputElement>(null);
  const headerInputs = useRef(new Map<string, HTMLInputElement>());

  /** Moves the focus to the first field with an error, in the order of the form. */
  const focusFirstError = (found: WebhookFieldErrors) => {
    // Let React show the messages first, so that they are read with the field.
    requestAnimationFrame(() => {
      if (found.form?.length) return formError.current?.focus();
      if (found.url?.length) return urlInput.current?.focus();
      if (found.active?.length) return activeInput.current?.focus();
      if (found.events?.length) return firstEvent.current?.focus();
      const rowKey = headers.find((row) => found.headerRows?.[row.key])?.key;
      if (rowKey !== undefined) {
        const row = found.headerRows?.[rowKey];
        return headerInputs.current.get(`${rowKey}-${row?.name ? "name" : "value"}`)?.focus();
      }
      if (found.headers?.length) headerInputs.current.values().next().value?.focus();
    });
  };

  const show = (found: WebhookFieldErrors) => {
    setErrors(found);
    focusFirstError(found);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const chosen = orderedEvents(events);
    const local = checkWebhookForm({ url, events: chosen, headers });
    if (hasErrors(local)) return show(local);
    const sent = headersFromRows(headers);
    setErrors({});
    setPending(true);
    try {
      await onSubmit({ url: url.trim(), events: chosen, active, headers: sent.headers });
      settle();
    } catch (error) {
      show(errorsOf(error, sent.keys));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-6">
      <FormErrorSummary title={failureTitle} errors={errors.form} focusRef={formError} />
      {changedElsewhere ? <ChangedElsewhere what="This webhook's settings" onTakeSaved={takeSaved} /> : null}

      <div>
        <label htmlFor={ids.url} className={labelClass}>
          Address
        </label>
        <input
          ref={urlInput}
          id={ids.url}
          type="url"
          inputMode="url"
          value={url}
          onChange={(event) => {
            set({ url: event.target.value });
            if (errors.url) setErrors(({ url: _, ...rest }) => rest);
          }}
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks/boxtrack"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={describedBy(ids.url, true, errors.url)}
          className={`${inputClass} mt-1 max-w-2xl font-mono`}
        />
        <FieldHint id={ids.url}>
          The https address that receives a POST for each notification. Answer with a 2xx within 10 seconds;
          anything else is retried.
        </FieldHint>
        <FieldErrors id={ids.url} errors={errors.url} />
      </div>

      <div>
        <div className="flex items-center gap-2">
          <input
            ref={activeInput}
            id={ids.active}
            type="checkbox"
            checked={active}
            onChange={(event) => set({ active: event.target.checked })}
            aria-invalid={errors.active ? true : undefined}
            aria-describedby={describedBy(ids.active, true, errors.active)}
            className="h-4 w-4 accent-sky-700"
          />
          <label htmlFor={ids.active} className={labelClass}>
            Active
          </label>
        </div>
        <FieldHint id={ids.active}>
          While a webhook is paused, no notifications are made for it, and those already waiting are held
          until it is active again. Tests are sent either way.
        </FieldHint>
        <FieldErrors id={ids.active} errors={errors.active} />
      </div>

      <EventPicker
        id={ids.events}
        selected={events}
        errors={errors.events}
        firstRef={firstEvent}
        onChange={(next) => {
          set({ events: next });
          if (errors.events) setErrors(({ events: _, ...rest }) => rest);
        }}
      />

      <HeaderRowsEditor
        id={ids.headers}
        rows={headers}
        errors={errors.headers}
        rowErrors={errors.headerRows}
        inputs={headerInputs}
        onChange={(rows) => set({ headers: rows })}
      />

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <button type="submit" className={buttonClass("primary", "px-4 py-2")} disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </button>
        {footer}
      </div>
    </form>
  );
}
