// Settings → API keys: keys for programs, each named, read-only or full, optionally expiring; a new key is shown
// once, then only its prefix. Lists who made each, when, when it was last used, and revokes.
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import type { ApiKey } from "../../../api/people";
import type { ApiKeyScope } from "../../../api/roles";
import { Allowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { CopyButton } from "../../components/copy-button";
import { inputClass, labelClass } from "../../components/form-field";
import { PageHeader } from "../../components/page-header";
import { describeError } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { apiKeysQuery, membersQuery, useCreateApiKey, useRevokeApiKey } from "./queries";

const card = "rounded-lg border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900";
const when = (iso: string) => formatDateTime(iso, "UTC").text;
const SCOPE_WORDS: Record<ApiKeyScope, string> = {
  read_only: "Read-only",
  full: "Full",
};

export function ApiKeysPage() {
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title="API keys"
        description="Keys let programs use the /v2 API as this account. A read-only key cannot change anything."
      />
      <Allowed permission="people" what="Managing API keys">
        <CreateKeyForm />
        <KeyList />
      </Allowed>
    </div>
  );
}

function CreateKeyForm() {
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiKeyScope>("read_only");
  const [expires, setExpires] = useState("");
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const ids = { name: useId(), scope: useId(), expires: useId(), hint: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        name: name.trim(),
        scope,
        expires_at: expires ? new Date(`${expires}T23:59:59Z`).toISOString() : null,
      },
      {
        onSuccess: (document) => {
          setMade({ name: document.data.attributes.name, key: document.data.attributes.key ?? "" });
          setName("");
          setExpires("");
        },
      },
    );
  };

  return (
    <section aria-labelledby="create-key-heading" className={card}>
      <h2 id="create-key-heading" className="text-base font-semibold">
        Create a key
      </h2>
      <form
        onSubmit={onSubmit}
        className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto_auto] sm:items-end"
      >
        <div>
          <label htmlFor={ids.name} className={labelClass}>
            Name
          </label>
          <input
            id={ids.name}
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="ERP sync"
            className={`${inputClass} mt-1`}
          />
        </div>
        <div>
          <label htmlFor={ids.scope} className={labelClass}>
            Scope
          </label>
          <select
            id={ids.scope}
            value={scope}
            onChange={(event) => setScope(event.target.value as ApiKeyScope)}
            className={`${inputClass} mt-1`}
          >
            <option value="read_only">Read-only</option>
            <option value="full">Full</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.expires} className={labelClass}>
            Expires on (optional)
          </label>
          <input
            id={ids.expires}
            type="date"
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
            className={`${inputClass} mt-1`}
          />
        </div>
        <button type="submit" className={buttonClass("primary")} disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create key"}
        </button>
      </form>
      {create.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {describeError(create.error)}
        </p>
      ) : null}
      {made ? (
        <div
          role="status"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p className="font-medium">Copy the key “{made.name}” now: it is not shown again.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900 dark:bg-slate-900 dark:text-slate-100">
              {made.key}
            </code>
            <CopyButton text={made.key} what="the new key" className="px-2 py-1 text-xs" />
          </div>
        </div>
      ) : null}
    </section>
  );
}

function KeyList() {
  const { data } = useSuspenseQuery(apiKeysQuery());
  const { data: members } = useSuspenseQuery(membersQuery());
  const names = new Map(members.data.map((p) => [p.id, p.attributes.name]));
  const keys = data.data.filter((key) => key.attributes.revoked_at === null);
  return (
    <section aria-labelledby="keys-heading" className={card}>
      <h2 id="keys-heading" className="text-base font-semibold">
        Keys in use ({keys.length})
      </h2>
      {keys.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No keys yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {keys.map((key) => (
            <KeyRow
              key={key.id}
              apiKey={key}
              maker={
                key.relationships.created_by.data ? names.get(key.relationships.created_by.data.id) : null
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function KeyRow({ apiKey, maker }: { apiKey: ApiKey; maker: string | null | undefined }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const a = apiKey.attributes;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{a.name}</p>
        <dl className="mt-1 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 text-xs text-slate-600 dark:text-slate-400">
          <dt>Prefix</dt>
          <dd className="font-mono break-all">{a.prefix}…</dd>
          <dt>Scope</dt>
          <dd>{SCOPE_WORDS[a.scope]}</dd>
          <dt>Made by</dt>
          <dd>{maker === null ? "An operator (npm run accounts)" : (maker ?? "A former member")}</dd>
          <dt>Created</dt>
          <dd>{when(a.created_at)}</dd>
          <dt>Last used</dt>
          <dd>{a.last_used_at ? when(a.last_used_at) : "Never"}</dd>
          {a.expires_at ? (
            <>
              <dt>Expires</dt>
              <dd>{when(a.expires_at)}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <button
        type="button"
        className={buttonClass("secondary")}
        aria-label={`Revoke ${a.name}`}
        onClick={() => setConfirming(true)}
      >
        Revoke
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Revoke ${a.name}?`}
        confirmLabel="Revoke"
        confirmVariant="danger"
        pending={revoke.isPending}
        error={revoke.isError ? describeError(revoke.error) : null}
        onConfirm={() => revoke.mutate(apiKey.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => {
          setConfirming(false);
          revoke.reset();
        }}
      >
        <p>Every program using this key is refused from now on. This cannot be undone.</p>
      </ConfirmDialog>
    </li>
  );
}
