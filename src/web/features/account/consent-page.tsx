// /oauth/consent?request=: where an assistant's sign-in (GET /oauth/authorize) brings the person. It says who asks
// (the assistant's own name for itself, and where the answer goes), who they are signed in as, the account and the
// role the assistant would act with, and what that lets it do; Allow sends the assistant a one-time code, Deny tells
// it no. Either way the browser goes back to the assistant's address.
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { assistantAuthorizationDocumentSchema, assistantDecisionSchema } from "../../../api/assistants";
import { ROLE_WORDS, type Role, roleAtLeast } from "../../../api/roles";
import { buttonClass } from "../../components/button";
import { meQuery } from "../../lib/actor";
import { ApiError, apiRequest, describeError } from "../../lib/api-client";
import { signOutSession } from "../../lib/auth-client";
import { personName } from "../../lib/format";
import { clearSession, useSession } from "../../lib/session";
import { AuthAlert, AuthCard, authLinkClass } from "./auth-card";

const TITLE = "Connect an assistant";

const authorizationQuery = (id: string) =>
  queryOptions({
    queryKey: ["assistant-authorization", id],
    queryFn: ({ signal }) =>
      apiRequest(`/v2/assistant_authorizations/${encodeURIComponent(id)}`, {
        schema: assistantAuthorizationDocumentSchema,
        signal,
      }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** What the role lets an assistant do through MCP, in words a person weighs before allowing it. */
function whatItMayDo(role: Role): string {
  return roleAtLeast(role, "member")
    ? "Read this account's shipments, containers, vessels and your alerts, and start, stop and resume tracking."
    : "Read this account's shipments, containers, vessels and your alerts. It cannot change anything.";
}

function hostOf(uri: string): string {
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
}

export function ConsentPage({ requestId }: { requestId: string }) {
  const session = useSession();
  if (session?.kind !== "person")
    return (
      <AuthCard title={TITLE}>
        <div className="mt-4 space-y-4 text-sm">
          <AuthAlert>
            An assistant acts as a person: sign in with your email (not an API key) to allow it.
          </AuthAlert>
        </div>
      </AuthCard>
    );
  return <Consent requestId={requestId} />;
}

function Consent({ requestId }: { requestId: string }) {
  const navigate = useNavigate();
  const me = useQuery({ ...meQuery(), retry: false });
  const request = useQuery({ ...authorizationQuery(requestId), enabled: requestId !== "" });
  const decide = useMutation({
    mutationFn: (verdict: "approve" | "deny") =>
      apiRequest(`/v2/assistant_authorizations/${encodeURIComponent(requestId)}/${verdict}`, {
        method: "POST",
        schema: assistantDecisionSchema,
      }),
    // The assistant's own address (checked against what it registered): the browser leaves the dashboard for it.
    onSuccess: (answer) => window.location.assign(answer.meta.redirect_to),
    meta: { errorsShownInline: "all" },
  });
  const switchPerson = async () => {
    await signOutSession().catch(() => {});
    clearSession();
    await navigate({ to: "/sign-in", search: { redirect: `/oauth/consent?request=${requestId}` } });
  };

  if (requestId === "" || request.isError) {
    const gone = request.error instanceof ApiError && request.error.status === 404;
    return (
      <AuthCard title={TITLE}>
        <div className="mt-4 space-y-4 text-sm">
          <AuthAlert>
            {requestId === "" || gone
              ? "This request has expired or was already answered. Start connecting again from the assistant."
              : describeError(request.error)}
          </AuthAlert>
        </div>
      </AuthCard>
    );
  }
  if (request.isPending || me.isPending)
    return (
      <AuthCard title={TITLE}>
        <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          Reading the assistant&rsquo;s request…
        </p>
      </AuthCard>
    );
  const a = request.data.data.attributes;
  const role = ROLE_WORDS[a.role];
  const done = decide.isPending || decide.isSuccess;
  return (
    <AuthCard title={TITLE}>
      <p className="mt-4 text-sm">
        <strong className="font-semibold break-words">{a.client_name}</strong> asks to act as you in Boxtrack.
        That name is the assistant&rsquo;s own; check it is the one you are connecting.
      </p>
      <dl className="mt-4 space-y-3 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Signed in as</dt>
          <dd className="break-words">{me.data ? personName(me.data.data.attributes) : "you"}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Account</dt>
          <dd className="break-words">{a.account_name}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Role it acts with</dt>
          <dd>
            {role.label} (your own role): {whatItMayDo(a.role)}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Sends you back to</dt>
          <dd className="break-all">{hostOf(a.redirect_uri)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
        It never manages people, keys or your sign-in. Revoke it any time in Settings → Security → Connected
        assistants.
      </p>
      {decide.isError ? (
        <div className="mt-4">
          <AuthAlert>{describeError(decide.error)}</AuthAlert>
        </div>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClass("primary", "flex-1")}
          disabled={done}
          onClick={() => decide.mutate("approve")}
        >
          {decide.isPending && decide.variables === "approve" ? "Allowing…" : "Allow"}
        </button>
        <button
          type="button"
          className={buttonClass("secondary", "flex-1")}
          disabled={done}
          onClick={() => decide.mutate("deny")}
        >
          {decide.isPending && decide.variables === "deny" ? "Denying…" : "Deny"}
        </button>
      </div>
      <p className="mt-4 text-sm">
        Not you?{" "}
        <button type="button" className={authLinkClass} onClick={() => void switchPerson()}>
          Sign in as someone else
        </button>
      </p>
    </AuthCard>
  );
}
