// Settings → Security → Connected assistants: the assistants the person let act as them in this account over MCP
// (OAuth), when each was allowed and last used, and Revoke, after which the assistant's tokens stop working within
// seconds and it must ask again (the consent page) to come back.
import { useSuspenseQuery } from "@tanstack/react-query";
import { buttonClass } from "../../components/button";
import { showToast } from "../../components/toaster";
import { formatDateTime } from "../../lib/format";
import { connectedAssistantsQuery, useRevokeAssistant } from "./queries";

const card = "rounded-lg border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900";
const when = (iso: string) => formatDateTime(iso, "UTC").text;

/** Where its sign-ins go, in short: enough to tell two assistants of the same name apart. */
function redirectHost(uris: string[]): string {
  const hosts = new Set<string>();
  for (const uri of uris) {
    try {
      hosts.add(new URL(uri).host);
    } catch {
      // A registered URI always parses (the service checked it); nothing to show otherwise.
    }
  }
  return [...hosts].join(", ");
}

export function ConnectedAssistants() {
  const { data } = useSuspenseQuery(connectedAssistantsQuery());
  const revoke = useRevokeAssistant();
  const onRevoke = (id: string, name: string) =>
    revoke.mutate(id, {
      onSuccess: () =>
        showToast({
          kind: "success",
          title: "Assistant revoked",
          message: `${name} can no longer act as you. It has to ask again to come back.`,
        }),
    });
  return (
    <section aria-labelledby="assistants-heading" className={card}>
      <h2 id="assistants-heading" className="text-base font-semibold">
        Connected assistants ({data.data.length})
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Assistants you signed in to Boxtrack over MCP. Each acts as you in this account, with your role.
      </p>
      {data.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          None. Point an assistant at this service&rsquo;s <code className="font-mono">/mcp</code> address and
          it asks you here before it gets in.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {data.data.map((assistant) => {
            const a = assistant.attributes;
            const host = redirectHost(a.redirect_uris);
            return (
              <li key={assistant.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{a.client_name}</p>
                  <p className="text-xs break-words text-slate-600 dark:text-slate-400">
                    {host ? `Signs in through ${host} · ` : ""}allowed {when(a.granted_at)} ·{" "}
                    {a.last_used_at ? `last used ${when(a.last_used_at)}` : "not used yet"}
                  </p>
                </div>
                <button
                  type="button"
                  className={buttonClass("danger-outline")}
                  aria-label={`Revoke ${a.client_name}, allowed ${when(a.granted_at)}`}
                  disabled={revoke.isPending}
                  onClick={() => onRevoke(assistant.id, a.client_name)}
                >
                  Revoke
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
