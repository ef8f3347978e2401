// /account: the signed-in account, the API it talks to, and how to connect an assistant to the service over MCP
// (the `/mcp` address and configuration snippets carrying this key, or the address alone for one that signs in). The key is masked on screen; the copy
// buttons copy it whole, since a snippet without it would not work.
import { useSuspenseQuery } from "@tanstack/react-query";
import { CopyButton } from "../../components/copy-button";
import { PageHeader } from "../../components/page-header";
import { type Session, useSession } from "../../lib/session";
import { httpConfig, maskedKey, mcpAddress, stdioConfig } from "./assistant-config";
import { accountQuery } from "./queries";

const code = "rounded bg-slate-100 px-1 py-px font-mono text-[0.8125rem] dark:bg-slate-800";
const card = "rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

/** A snippet shown with the key masked and copied with it whole. */
function Snippet({ label, shown, copied }: { label: string; shown: string; copied: string }) {
  return (
    <div className="relative mt-2">
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code block needs focus to scroll by keyboard
        tabIndex={0}
        className="overflow-x-auto rounded-md bg-slate-900 p-3 pr-24 font-mono text-xs leading-relaxed text-slate-100 dark:bg-slate-950 dark:ring-1 dark:ring-slate-700"
      >
        <code>{shown}</code>
      </pre>
      <div className="absolute top-2 right-2">
        <CopyButton text={copied} what={label.toLowerCase()} className="px-2 py-1 text-xs" />
      </div>
    </div>
  );
}

export function AccountPage() {
  const { data: account } = useSuspenseQuery(accountQuery());
  // The shell sends a signed-out tab to sign-in; until then there is always a session here.
  const session = useSession() as Session;
  // A person's tab holds no key (the cookie is theirs alone): the snippets name where one goes.
  const withKey =
    session.kind === "key" ? session : { baseUrl: session.baseUrl, apiKey: "<an API key of this account>" };
  const masked = session.kind === "key" ? { ...withKey, apiKey: maskedKey(withKey.apiKey) } : withKey;
  const address = mcpAddress(session);

  return (
    <div className="max-w-3xl">
      <PageHeader title="Account" description={account.data.attributes.company_name} />

      <section aria-labelledby="api-heading" className={`${card} mb-6`}>
        <h2 id="api-heading" className="text-base font-semibold text-slate-900 dark:text-slate-100">
          API
        </h2>
        <dl className="mt-2 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
          <dt className="text-slate-600 dark:text-slate-400">Address</dt>
          <dd className="break-all font-mono text-slate-900 dark:text-slate-100">{session.baseUrl}/v2</dd>
          <dt className="text-slate-600 dark:text-slate-400">API key</dt>
          <dd className="text-slate-900 dark:text-slate-100">
            {session.kind === "key" ? (
              <span className="font-mono">{masked.apiKey}</span>
            ) : (
              "You are signed in as yourself; programs and assistants use API keys, which admins make in Settings → API keys."
            )}
          </dd>
        </dl>
      </section>

      <section aria-labelledby="mcp-heading" className={card}>
        <h2 id="mcp-heading" className="text-base font-semibold text-slate-900 dark:text-slate-100">
          Ask an assistant (MCP)
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          An assistant that speaks the Model Context Protocol can search, track and read your shipments and
          containers with this key: it sees what this account sees, and gives times in each port's time zone.
          The copy buttons copy the snippets with your whole key; keep them private.
        </p>

        <h3 className="mt-5 text-sm font-semibold text-slate-900 dark:text-slate-100">Remote assistant</h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Streamable HTTP at this address, with the header{" "}
          <code className={code}>Authorization: Token …</code>
        </p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Or give it the address alone: an assistant that can sign in (OAuth) asks a person to allow it here,
          then acts as them, with their role. Each person finds theirs under Settings → Security, and revokes
          them there.
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <code className={`${code} break-all`}>{address}</code>
          <CopyButton text={address} what="the MCP address" className="px-2 py-1 text-xs" />
        </div>
        <Snippet
          label="Remote assistant configuration"
          shown={httpConfig(masked)}
          copied={httpConfig(withKey)}
        />

        <h3 className="mt-5 text-sm font-semibold text-slate-900 dark:text-slate-100">Desktop assistant</h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Runs <code className={code}>npm run mcp</code> from a checkout of this service over stdio; replace{" "}
          <code className={code}>/path/to/boxtrack</code> with where it is.
        </p>
        <Snippet
          label="Desktop assistant configuration"
          shown={stdioConfig(masked)}
          copied={stdioConfig(withKey)}
        />
      </section>
    </div>
  );
}
