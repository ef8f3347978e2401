// The single sign-on providers of Settings → Sign-in (admins and owners): the redirect URI to register at the
// provider, the account's OpenID Connect providers (issuer, client id, whether a secret is stored, email domains,
// the role of people it brings in), a form to add one, and editing and removing each (removing after confirming).
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { attributeAt } from "../../../api/json-pointer";
import { SSO_DEFAULT_ROLES, type SsoDefaultRole, type SsoProvider } from "../../../api/people";
import { ROLE_WORDS } from "../../../api/roles";
import { buttonClass } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { CopyButton } from "../../components/copy-button";
import {
  describedBy,
  FieldErrors,
  FieldHint,
  FormErrorSummary,
  inputClass,
  labelClass,
} from "../../components/form-field";
import { showToast } from "../../components/toaster";
import { meQuery } from "../../lib/actor";
import { ApiError, describeError } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import {
  type SsoProviderInput,
  ssoProvidersQuery,
  useAddSsoProvider,
  useEditSsoProvider,
  useRemoveSsoProvider,
} from "./queries";

const muted = "text-sm text-slate-600 dark:text-slate-400";
const when = (iso: string) => formatDateTime(iso, "UTC").text;

type Field = "issuer" | "client_id" | "client_secret" | "domains" | "default_role";
type Errors = Partial<Record<Field | "form", string[]>>;
const FIELDS: readonly string[] = ["issuer", "client_id", "client_secret", "domains", "default_role"];

/** The API's errors under the field their pointer names; the rest above the form. */
function errorsOf(caught: unknown): Errors {
  if (!(caught instanceof ApiError) || caught.errors.length === 0) return { form: [describeError(caught)] };
  const errors: Errors = {};
  for (const e of caught.errors) {
    const attribute = attributeAt(e.source?.pointer)?.attribute;
    const field = attribute && FIELDS.includes(attribute) ? (attribute as Field) : "form";
    errors[field] = [...(errors[field] ?? []), e.detail || e.title];
  }
  return errors;
}

/** "acme.com, acme.co.uk" (or one a line) → ["acme.com", "acme.co.uk"]. */
const domainsIn = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
  ),
];

export function SsoProvidersSection() {
  const { data } = useSuspenseQuery(ssoProvidersQuery());
  const redirectUri = `${window.location.origin}/api/auth/sso/callback`;
  return (
    <div className="space-y-5">
      <div>
        <p className="text-sm font-medium">Redirect URI to register at your provider</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <code className="rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100">
            {redirectUri}
          </code>
          <CopyButton text={redirectUri} what="the redirect URI" className="px-2 py-1 text-xs" />
        </div>
      </div>

      <div>
        <h3 className="font-medium">Providers ({data.data.length})</h3>
        {data.data.length === 0 ? (
          <p className={`mt-1 ${muted}`}>None yet: everyone signs in with a password.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {data.data.map((provider) => (
              <ProviderRow key={provider.id} provider={provider} />
            ))}
          </ul>
        )}
      </div>

      <AddProvider />
    </div>
  );
}

function AddProvider() {
  const headingId = useId();
  return (
    <div>
      <h3 id={headingId} className="font-medium">
        Add a provider
      </h3>
      <ProviderForm labelledBy={headingId} />
    </div>
  );
}

function ProviderRow({ provider }: { provider: SsoProvider }) {
  const remove = useRemoveSsoProvider();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const a = provider.attributes;
  const closeEditor = () => {
    setEditing(false);
    requestAnimationFrame(() => editRef.current?.focus());
  };
  return (
    <li className="py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-4">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-all">{a.issuer}</p>
          <dl className="mt-1 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 text-xs text-slate-600 dark:text-slate-400">
            <dt>Client ID</dt>
            <dd className="font-mono break-all">{a.client_id}</dd>
            <dt>Client secret</dt>
            <dd>{a.client_secret_set ? "Stored (sealed)" : "Not stored"}</dd>
            <dt>Email domains</dt>
            <dd className="break-all">{a.domains.join(", ")}</dd>
            <dt>New people join as</dt>
            <dd>{ROLE_WORDS[a.default_role].label}</dd>
            <dt>Changed</dt>
            <dd>{when(a.updated_at)}</dd>
          </dl>
        </div>
        {editing ? null : (
          <div className="flex gap-2">
            <button
              ref={editRef}
              type="button"
              className={buttonClass("secondary")}
              aria-label={`Edit ${a.issuer}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </button>
            <button
              type="button"
              className={buttonClass("danger-outline")}
              aria-label={`Remove ${a.issuer}`}
              onClick={() => setConfirming(true)}
            >
              Remove
            </button>
          </div>
        )}
      </div>
      {editing ? <ProviderForm provider={provider} label={`Edit ${a.issuer}`} onDone={closeEditor} /> : null}
      <ConfirmDialog
        open={confirming}
        title={`Remove single sign-on through ${a.issuer}?`}
        confirmLabel="Remove"
        confirmVariant="danger"
        pending={remove.isPending}
        error={remove.isError ? describeError(remove.error) : null}
        onConfirm={() =>
          remove.mutate(provider.id, {
            onSuccess: () => {
              setConfirming(false);
              showToast({ kind: "success", title: "Single sign-on removed", message: a.issuer });
            },
          })
        }
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        <p>
          People of {a.domains.join(", ")} then sign in with a password, if they have one, or need an
          invitation. They stay members, with their roles.
        </p>
      </ConfirmDialog>
    </li>
  );
}

/** Adds a provider, or (with `provider`) edits it: a client secret left empty is kept. */
function ProviderForm({
  provider,
  label,
  labelledBy,
  onDone,
}: {
  provider?: SsoProvider;
  /** The form's accessible name, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  onDone?: () => void;
}) {
  const add = useAddSsoProvider();
  const edit = useEditSsoProvider();
  const { data: me } = useSuspenseQuery(meQuery());
  const ownDomain = me.data.attributes.email.split("@")[1]?.toLowerCase() ?? "";
  const a = provider?.attributes;
  const [issuer, setIssuer] = useState(a?.issuer ?? "");
  const [clientId, setClientId] = useState(a?.client_id ?? "");
  const [clientSecret, setClientSecret] = useState("");
  const [domains, setDomains] = useState(a?.domains.join(", ") ?? ownDomain);
  const [role, setRole] = useState<SsoDefaultRole>(a?.default_role ?? "member");
  const [errors, setErrors] = useState<Errors>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const base = useId();
  const id = (field: Field) => `${base}-${field}`;
  const pending = add.isPending || edit.isPending;

  const failed = (next: Errors) => {
    setErrors(next);
    // The summary says what is wrong where a keyboard or screen reader user is taken.
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input: SsoProviderInput = {
      issuer: issuer.trim(),
      client_id: clientId.trim(),
      domains: domainsIn(domains),
      default_role: role,
      ...(clientSecret ? { client_secret: clientSecret } : {}),
    };
    const missing: Errors = {};
    if (!input.issuer) missing.issuer = ["Enter the issuer URL, like https://login.example.com."];
    if (!input.client_id) missing.client_id = ["Enter the client ID the provider gave you."];
    if (!provider && !clientSecret)
      missing.client_secret = ["Enter the client secret the provider gave you."];
    if (input.domains.length === 0) missing.domains = ["Enter at least one email domain, like acme.com."];
    if (Object.keys(missing).length > 0) return failed(missing);
    setErrors({});
    if (provider)
      edit.mutate(
        { id: provider.id, ...input },
        {
          onSuccess: () => {
            showToast({ kind: "success", title: "Single sign-on changed", message: input.issuer });
            onDone?.();
          },
          onError: (caught) => failed(errorsOf(caught)),
        },
      );
    else
      add.mutate(input, {
        onSuccess: () => {
          showToast({ kind: "success", title: "Single sign-on added", message: input.issuer });
          setIssuer("");
          setClientId("");
          setClientSecret("");
          setDomains(ownDomain);
          setRole("member");
        },
        onError: (caught) => failed(errorsOf(caught)),
      });
  };

  const described = (field: Field, hint: boolean) => describedBy(id(field), hint, errors[field]);
  const invalid = (field: Field) => (errors[field]?.length ?? 0) > 0;

  return (
    <form
      onSubmit={onSubmit}
      aria-label={label}
      aria-labelledby={labelledBy}
      className="mt-3 space-y-3"
      noValidate
    >
      <FormErrorSummary
        title={provider ? "The provider was not changed" : "The provider was not added"}
        errors={
          errors.form ?? (Object.keys(errors).length > 0 ? ["Check the fields marked below."] : undefined)
        }
        focusRef={summaryRef}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={id("issuer")} className={labelClass}>
            Issuer URL
          </label>
          <input
            id={id("issuer")}
            type="url"
            value={issuer}
            onChange={(event) => setIssuer(event.target.value)}
            placeholder="https://login.example.com"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid("issuer")}
            aria-describedby={described("issuer", true)}
            className={`${inputClass} mt-1 font-mono`}
          />
          <FieldHint id={id("issuer")}>
            Its discovery document (/.well-known/openid-configuration) is read from here at sign-in.
          </FieldHint>
          <FieldErrors id={id("issuer")} errors={errors.issuer} />
        </div>
        <div>
          <label htmlFor={id("client_id")} className={labelClass}>
            Client ID
          </label>
          <input
            id={id("client_id")}
            value={clientId}
            onChange={(event) => setClientId(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid("client_id")}
            aria-describedby={described("client_id", false)}
            className={`${inputClass} mt-1 font-mono`}
          />
          <FieldErrors id={id("client_id")} errors={errors.client_id} />
        </div>
        <div>
          <label htmlFor={id("client_secret")} className={labelClass}>
            Client secret
          </label>
          <input
            id={id("client_secret")}
            type="password"
            value={clientSecret}
            onChange={(event) => setClientSecret(event.target.value)}
            autoComplete="new-password"
            spellCheck={false}
            aria-invalid={invalid("client_secret")}
            aria-describedby={described("client_secret", true)}
            className={`${inputClass} mt-1 font-mono`}
          />
          <FieldHint id={id("client_secret")}>
            {provider
              ? "Leave empty to keep the stored one."
              : "Stored sealed; never shown again, not even to you."}
          </FieldHint>
          <FieldErrors id={id("client_secret")} errors={errors.client_secret} />
        </div>
        <div>
          <label htmlFor={id("domains")} className={labelClass}>
            Email domains
          </label>
          <input
            id={id("domains")}
            value={domains}
            onChange={(event) => setDomains(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid("domains")}
            aria-describedby={described("domains", true)}
            className={`${inputClass} mt-1`}
          />
          <FieldHint id={id("domains")}>
            Separated by commas. You can add only your own verified email's domain
            {ownDomain ? ` (${ownDomain})` : ""}; the operator adds others.
          </FieldHint>
          <FieldErrors id={id("domains")} errors={errors.domains} />
        </div>
        <div>
          <label htmlFor={id("default_role")} className={labelClass}>
            New people join as
          </label>
          <select
            id={id("default_role")}
            value={role}
            onChange={(event) => setRole(event.target.value as SsoDefaultRole)}
            aria-invalid={invalid("default_role")}
            aria-describedby={described("default_role", true)}
            className={`${inputClass} mt-1`}
          >
            {SSO_DEFAULT_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_WORDS[r].label}
              </option>
            ))}
          </select>
          <FieldHint id={id("default_role")}>
            The role of someone who signs in through it for the first time; change it later in Members.
          </FieldHint>
          <FieldErrors id={id("default_role")} errors={errors.default_role} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass("primary")} disabled={pending}>
          {pending ? "Saving…" : provider ? "Save changes" : "Add provider"}
        </button>
        {onDone ? (
          <button type="button" className={buttonClass("secondary")} onClick={onDone} disabled={pending}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
