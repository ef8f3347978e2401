// The webhook form, for creating and for editing: address, active, events by group, custom headers. The API's
// validation errors appear beside the fields they are about, and the focus moves to the first of them.
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { buttonClass } from "../../components/button";
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
import type { WebhookInput } from "./contract";
import { orderedEvents } from "./event-groups";
import { EventPicker } from "./event-picker";
import { checkWebhookForm, hasErrors, type WebhookFieldErrors, webhookErrorsByField } from "./form-errors";
import { type HeaderRow, headersFromRows, rowsFromHeaders } from "./header-rows";
import { HeaderRowsEditor } from "./header-rows-editor";

export const NEW_WEBHOOK: WebhookInput = { url: "", events: [], active: true, headers: [] };

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
  initial: WebhookInput;
  submitLabel: string;
  /** Heading of the box of errors that belong to no field: "The webhook was not created". */
  failureTitle: string;
  /** Sends the webhook; a rejection with the API's 422 puts its errors beside the fields. */
  onSubmit: (input: WebhookInput) => Promise<unknown>;
  /** Beside the submit button: a cancel link, a "saved" note. */
  footer?: ReactNode;
}) {
  const [url, setUrl] = useState(initial.url);
  const [active, setActive] = useState(initial.active);
  const [events, setEvents] = useState<Set<string>>(() => new Set(initial.events));
  const [headers, setHeaders] = useState<HeaderRow[]>(() => rowsFromHeaders(initial.headers));
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
    } catch (error) {
      show(errorsOf(error, sent.keys));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-6">
      <FormErrorSummary title={failureTitle} errors={errors.form} focusRef={formError} />

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
            setUrl(event.target.value);
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
            onChange={(event) => setActive(event.target.checked)}
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
          setEvents(next);
          if (errors.events) setErrors(({ events: _, ...rest }) => rest);
        }}
      />

      <HeaderRowsEditor
        id={ids.headers}
        rows={headers}
        errors={errors.headers}
        rowErrors={errors.headerRows}
        inputs={headerInputs}
        onChange={setHeaders}
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
