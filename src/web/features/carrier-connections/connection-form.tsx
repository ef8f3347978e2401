// The carrier connection form, for creating and for editing: the shipping line, the carrier's DCSA Track & Trace
// address, its authentication (only the fields of the chosen type are shown), push and the operator's "internal"
// flag. The API's validation errors appear beside the fields they are about, and the focus moves to the first.
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from "react";
import { CARRIER_API_VERSIONS, CARRIER_AUTH_TYPES } from "../../../api/carrier-connections";
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
import { byName, shippingLinesQuery } from "../../lib/shipping-lines";
import { useSavedFormState } from "../../lib/use-saved-form-state";
import {
  type ConnectionField,
  type ConnectionFieldErrors,
  connectionErrorsByField,
  firstErrorField,
  hasErrors,
} from "./form-errors";
import { type ConnectionFormState, checkConnectionForm } from "./form-state";
import { SecretInput } from "./secret-input";
import { AUTH_TYPE_WORDS } from "./words";

function errorsOf(error: unknown, state: ConnectionFormState): ConnectionFieldErrors {
  if (error instanceof ApiError && error.status === 422) {
    const found = connectionErrorsByField(error.errors, state.authType);
    return hasErrors(found) ? found : { form: [error.message] };
  }
  if (error instanceof ApiError && error.status === 429) {
    const wait = parseRetryAfter(error.retryAfter);
    return { form: [`Too many requests in the last minute. Try again in ${wait ?? 60} seconds.`] };
  }
  return { form: [describeError(error)] };
}

/** The form's plain text fields. */
type TextKey = "name" | "baseUrl" | "apiKeyHeader" | "oauthTokenUrl" | "oauthClientId" | "oauthScope";

export function ConnectionForm({
  label,
  initial,
  submitLabel,
  failureTitle,
  onSubmit,
  footer,
}: {
  /** The form's accessible name. */
  label: string;
  /** The saved settings (or a new connection's defaults): followed until the person edits, never over their edits. */
  initial: ConnectionFormState;
  submitLabel: string;
  /** Heading of the box of errors that belong to no field: "The connection was not created". */
  failureTitle: string;
  /** Sends the connection; a rejection with the API's 422 puts its errors beside the fields. */
  onSubmit: (state: ConnectionFormState) => Promise<unknown>;
  /** Beside the submit button: a cancel link. */
  footer?: ReactNode;
}) {
  const { data: apiLines } = useSuspenseQuery(shippingLinesQuery());
  const lines = useMemo(() => byName(apiLines), [apiLines]);
  const { state, edit, changedElsewhere, takeSaved, settle } = useSavedFormState(initial, (saved) => saved);
  const [errors, setErrors] = useState<ConnectionFieldErrors>({});
  const [pending, setPending] = useState(false);

  const formId = useId();
  const id = (field: ConnectionField) => `${formId}-${field}`;
  const formError = useRef<HTMLDivElement>(null);
  const inputs = useRef(new Map<ConnectionField, HTMLElement>());
  const inputRef = (field: ConnectionField) => (element: HTMLElement | null) => {
    if (element) inputs.current.set(field, element);
    else inputs.current.delete(field);
  };

  /** Changes some fields and forgets the errors shown for them: they are about what was there before. */
  const change = (next: Partial<ConnectionFormState>, ...fields: ConnectionField[]) => {
    edit(next);
    if (fields.some((field) => errors[field])) {
      setErrors((current) => {
        const rest = { ...current };
        for (const field of fields) delete rest[field];
        return rest;
      });
    }
  };

  const show = (found: ConnectionFieldErrors) => {
    setErrors(found);
    // Let React show the messages first, so that they are read with the field.
    requestAnimationFrame(() => {
      const first = firstErrorField(found);
      if (first === "form") formError.current?.focus();
      else if (first) inputs.current.get(first)?.focus();
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const local = checkConnectionForm(state);
    if (hasErrors(local)) return show(local);
    setErrors({});
    setPending(true);
    try {
      await onSubmit(state);
      settle();
    } catch (error) {
      show(errorsOf(error, state));
    } finally {
      setPending(false);
    }
  };

  const text = (
    field: ConnectionField,
    fieldLabel: string,
    value: string,
    key: TextKey,
    options: { hint?: ReactNode; placeholder?: string; mono?: boolean; type?: "url" | "text" } = {},
  ) => (
    <div>
      <label htmlFor={id(field)} className={labelClass}>
        {fieldLabel}
      </label>
      <input
        ref={inputRef(field)}
        id={id(field)}
        type={options.type ?? "text"}
        inputMode={options.type === "url" ? "url" : undefined}
        value={value}
        onChange={(event) => change({ [key]: event.target.value } as Partial<ConnectionFormState>, field)}
        autoComplete="off"
        spellCheck={false}
        placeholder={options.placeholder}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(id(field), options.hint !== undefined, errors[field])}
        className={`${inputClass} mt-1 max-w-xl ${options.mono ? "font-mono" : ""}`}
      />
      {options.hint !== undefined ? <FieldHint id={id(field)}>{options.hint}</FieldHint> : null}
      <FieldErrors id={id(field)} errors={errors[field]} />
    </div>
  );

  const checkbox = (
    field: "push_enabled" | "internal",
    fieldLabel: string,
    key: "pushEnabled" | "internal",
    hint: ReactNode,
  ) => (
    <div>
      <div className="flex items-center gap-2">
        <input
          ref={inputRef(field)}
          id={id(field)}
          type="checkbox"
          checked={state[key]}
          onChange={(event) => change({ [key]: event.target.checked }, field)}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(id(field), true, errors[field])}
          className="h-4 w-4 shrink-0 accent-sky-700"
        />
        <label htmlFor={id(field)} className={labelClass}>
          {fieldLabel}
        </label>
      </div>
      <FieldHint id={id(field)}>{hint}</FieldHint>
      <FieldErrors id={id(field)} errors={errors[field]} />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-6">
      <FormErrorSummary title={failureTitle} errors={errors.form} focusRef={formError} />
      {changedElsewhere ? (
        <ChangedElsewhere what="This connection's settings" onTakeSaved={takeSaved} />
      ) : null}

      <div className="grid gap-5">
        <div>
          <label htmlFor={id("scac")} className={labelClass}>
            Shipping line
          </label>
          <select
            ref={inputRef("scac")}
            id={id("scac")}
            value={state.scac}
            onChange={(event) => change({ scac: event.target.value }, "scac")}
            aria-invalid={errors.scac ? true : undefined}
            aria-describedby={describedBy(id("scac"), true, errors.scac)}
            className={`${inputClass} mt-1 max-w-xl`}
          >
            <option value="">Choose a shipping line…</option>
            {lines.map((line) => (
              <option key={line.id} value={line.attributes.scac}>
                {line.attributes.name} ({line.attributes.scac})
              </option>
            ))}
          </select>
          <FieldHint id={id("scac")}>
            Tracking requests for this line are looked up at the carrier instead of the sandbox. One
            connection per line.
          </FieldHint>
          <FieldErrors id={id("scac")} errors={errors.scac} />
        </div>

        {text("name", "Label (optional)", state.name, "name", {
          placeholder: "e.g. Maersk production",
        })}

        {text("base_url", "Base address", state.baseUrl, "baseUrl", {
          type: "url",
          mono: true,
          placeholder: "https://api.carrier.example/track-and-trace",
          hint: (
            <>
              The carrier's DCSA Track &amp; Trace address from its developer portal; events are read from{" "}
              <code className="font-mono">{"<base address>"}/v2/events</code>.
            </>
          ),
        })}

        <div>
          <label htmlFor={id("api_version")} className={labelClass}>
            API version
          </label>
          <select
            ref={inputRef("api_version")}
            id={id("api_version")}
            value={state.apiVersion}
            onChange={(event) =>
              change({ apiVersion: event.target.value as ConnectionFormState["apiVersion"] }, "api_version")
            }
            aria-invalid={errors.api_version ? true : undefined}
            aria-describedby={describedBy(id("api_version"), false, errors.api_version)}
            className={`${inputClass} mt-1 max-w-xs`}
          >
            {CARRIER_API_VERSIONS.map((version) => (
              <option key={version} value={version}>
                DCSA Track &amp; Trace {version}
              </option>
            ))}
          </select>
          <FieldErrors id={id("api_version")} errors={errors.api_version} />
        </div>
      </div>

      <fieldset
        aria-describedby={describedBy(id("auth_type"), false, errors.auth_type)}
        className="rounded-md border border-slate-200 p-4 dark:border-slate-700"
      >
        <legend className={`${labelClass} px-1`}>Authentication</legend>
        <div className="grid gap-2">
          {CARRIER_AUTH_TYPES.map((type, index) => (
            <div key={type} className="flex items-start gap-2">
              <input
                ref={index === 0 ? inputRef("auth_type") : undefined}
                id={`${id("auth_type")}-${type}`}
                type="radio"
                name={id("auth_type")}
                value={type}
                checked={state.authType === type}
                onChange={() => change({ authType: type }, "auth_type")}
                aria-describedby={`${id("auth_type")}-${type}-hint`}
                className="mt-0.5 h-4 w-4 shrink-0 accent-sky-700"
              />
              <div>
                <label htmlFor={`${id("auth_type")}-${type}`} className={labelClass}>
                  {AUTH_TYPE_WORDS[type].label}
                </label>
                <p
                  id={`${id("auth_type")}-${type}-hint`}
                  className="text-xs text-slate-600 dark:text-slate-400"
                >
                  {AUTH_TYPE_WORDS[type].hint}
                </p>
              </div>
            </div>
          ))}
        </div>
        <FieldErrors id={id("auth_type")} errors={errors.auth_type} />

        {state.authType === "api_key" ? (
          <div className="mt-5 grid gap-5 border-t border-slate-200 pt-5 dark:border-slate-700">
            {text("api_key_header", "Header name", state.apiKeyHeader, "apiKeyHeader", {
              mono: true,
              hint: "The request header the carrier reads the key from, as its portal names it.",
            })}
            <SecretInput
              id={id("api_key")}
              label="API key"
              noun="API key"
              field={state.apiKey}
              errors={errors.api_key}
              inputRef={inputRef("api_key")}
              onChange={(apiKey) => change({ apiKey }, "api_key")}
            />
          </div>
        ) : null}

        {state.authType === "oauth2_client_credentials" ? (
          <div className="mt-5 grid gap-5 border-t border-slate-200 pt-5 dark:border-slate-700">
            {text("oauth_token_url", "Token address", state.oauthTokenUrl, "oauthTokenUrl", {
              type: "url",
              mono: true,
              placeholder: "https://auth.carrier.example/oauth2/token",
              hint: "Where a token is asked for with the client id and secret; it is renewed before it expires.",
            })}
            {text("oauth_client_id", "Client id", state.oauthClientId, "oauthClientId", { mono: true })}
            <SecretInput
              id={id("oauth_client_secret")}
              label="Client secret"
              noun="client secret"
              field={state.oauthClientSecret}
              errors={errors.oauth_client_secret}
              inputRef={inputRef("oauth_client_secret")}
              onChange={(oauthClientSecret) => change({ oauthClientSecret }, "oauth_client_secret")}
            />
            {text("oauth_scope", "Scope (optional)", state.oauthScope, "oauthScope", {
              mono: true,
              hint: "Only if the carrier's portal names one, e.g. “tnt:read”.",
            })}
          </div>
        ) : null}
      </fieldset>

      <div className="grid gap-5">
        {checkbox(
          "push_enabled",
          "Ask the carrier to push events",
          "pushEnabled",
          "Subscribes to the carrier's DCSA event notifications, so that changes arrive as they happen. Polling goes on, more slowly, as a safety net.",
        )}
        {checkbox(
          "internal",
          "Internal address",
          "internal",
          <>
            The carrier is on a private network or on this service itself (plain http and private addresses
            allowed). Only a service whose operator enabled it (
            <code className="font-mono">CARRIER_CONNECTIONS_ALLOW_INTERNAL=1</code>) accepts this.
          </>,
        )}
      </div>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <button type="submit" className={buttonClass("primary", "px-4 py-2")} disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </button>
        {footer}
      </div>
    </form>
  );
}
