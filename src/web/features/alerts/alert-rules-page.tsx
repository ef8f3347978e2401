// Settings → Alerts: the person's alert rules and the team rules that tell them (what, where, how they are told, who,
// how often they told) with a delete each they may change, a form that creates one (an owner's or admin's: for the
// team too), the morning summary, quiet hours and the delivery history. The API checks what the
// forms send; its 422s are shown beside them, in its words.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import {
  ALERT_KIND_NAMES,
  ALERT_KINDS,
  type AlertChannel,
  type AlertKind,
  type AlertRule,
  HOLD_KINDS,
  NOISY_RULE_PER_DAY,
} from "../../../api/alerts";
import { type Role, roleAtLeast } from "../../../api/roles";
import { buttonClass } from "../../components/button";
import { inputClass as fieldClass, labelClass } from "../../components/form-field";
import { PageHeader } from "../../components/page-header";
import { useActor } from "../../lib/actor";
import { DeliveryHistory } from "./delivery-history";
import { MorningSummarySection } from "./morning-summary-form";
import { isPersonOnlyRefusal, PersonOnlyNotice } from "./person-only";
import { alertRulesQuery, type RuleInput, useCreateRule, useDeleteRule } from "./queries";
import { QuietHoursSection } from "./quiet-hours-form";
import { type AudienceChoice, AudienceFields, AudienceWords, audienceOf } from "./rule-audience";
import { ScopeFields, type ScopeType, ScopeWords, scopeOf } from "./rule-scope";

/** The dashboard's field, a little below its label. */
const inputClass = `mt-1 block ${fieldClass}`;

function kindWords(rule: AlertRule): string {
  const { kind, threshold, hold_name } = rule.attributes;
  const unit = ALERT_KINDS[kind].threshold;
  const base = unit ? ALERT_KINDS[kind].label.replace("N", String(threshold)) : ALERT_KINDS[kind].label;
  return hold_name ? `${base}: ${hold_name}` : base;
}

const CHANNEL_WORDS: Record<AlertChannel, string> = {
  email: "email",
  in_app: "in the dashboard",
  slack: "Slack",
  teams: "Teams",
};

/** "email, in the dashboard and Slack": the dashboard speaks British English, without the serial comma. */
const LIST_WORDS = new Intl.ListFormat("en-GB", { type: "conjunction" });

/** How often the rule told in the last day; past NOISY_RULE_PER_DAY, a warning that it is noisy. */
function FiredWords({ fired }: { fired: number }) {
  if (fired === 0) return null;
  const times = fired === 1 ? "once" : `${fired} times`;
  if (fired <= NOISY_RULE_PER_DAY)
    return <p className="text-xs text-slate-600 dark:text-slate-400">Told you {times} in the last day.</p>;
  return (
    <p className="mt-1 rounded bg-amber-100 px-2 py-1 text-xs text-amber-950 dark:bg-amber-950 dark:text-amber-100">
      Noisy: told you {times} in the last day. Narrow what it is for, or raise its threshold, to hear only
      what matters.
    </p>
  );
}

function RuleRow({ rule }: { rule: AlertRule }) {
  const remove = useDeleteRule();
  const { name, channels, scope, audience, editable, email_stopped_for_you } = rule.attributes;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 py-3 dark:border-slate-800">
      <div className="min-w-0">
        <p className="font-medium">{name}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {kindWords(rule)} · <ScopeWords scope={scope} /> ·{" "}
          {channels.length ? LIST_WORDS.format(channels.map((c) => CHANNEL_WORDS[c])) : "no channel"}
        </p>
        {audience ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <AudienceWords audience={audience} />
            {editable ? "" : ". Set for you by an admin: only an owner or admin can change it"}
            {email_stopped_for_you ? ". Its emails are stopped for you" : ""}.
          </p>
        ) : null}
        <FiredWords fired={rule.attributes.fired_last_day} />
      </div>
      {editable ? (
        <button
          type="button"
          className={buttonClass("danger-outline")}
          disabled={remove.isPending}
          onClick={() => remove.mutate(rule.id)}
          aria-label={`Delete the rule ${name}`}
        >
          Delete
        </button>
      ) : null}
    </li>
  );
}

/** The address a Slack or Teams channel posts to, with where to find it. */
function ChatUrlField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      <input
        id={props.id}
        type="url"
        required
        inputMode="url"
        className={inputClass}
        value={props.value}
        aria-describedby={`${props.id}-hint`}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <p id={`${props.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {props.hint}
      </p>
    </div>
  );
}

function NewRuleForm({ oversees }: { oversees: boolean }) {
  const id = useId();
  const create = useCreateRule();
  const [audienceChoice, setAudienceChoice] = useState<AudienceChoice>("me");
  const [roles, setRoles] = useState<Role[]>([]);
  const [people, setPeople] = useState<string[]>([]);
  const [audienceProblem, setAudienceProblem] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [kind, setKind] = useState<AlertKind>("lfd_within");
  const [threshold, setThreshold] = useState("2");
  const [holdName, setHoldName] = useState("");
  const [scopeType, setScopeType] = useState<ScopeType>("all");
  const [scopeValue, setScopeValue] = useState("");
  const [email, setEmail] = useState(true);
  const [inApp, setInApp] = useState(true);
  const [slackUrl, setSlackUrl] = useState<string | null>(null);
  const [teamsUrl, setTeamsUrl] = useState<string | null>(null);
  const unit = ALERT_KINDS[kind].threshold;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const audience = audienceOf(audienceChoice, roles, people);
    if (audience === undefined) {
      setAudienceProblem(
        audienceChoice === "roles" ? "Tick at least one role to tell." : "Tick at least one person to tell.",
      );
      return;
    }
    setAudienceProblem(null);
    const input: RuleInput = {
      name: name.trim() || ALERT_KINDS[kind].label,
      kind,
      threshold: unit ? Number(threshold) : null,
      hold_name: HOLD_KINDS.includes(kind) && holdName.trim() ? holdName.trim() : null,
      scope: scopeOf(scopeType, scopeValue),
      channels: [
        ...(email ? (["email"] as const) : []),
        ...(inApp ? (["in_app"] as const) : []),
        ...(slackUrl !== null ? (["slack"] as const) : []),
        ...(teamsUrl !== null ? (["teams"] as const) : []),
      ],
      slack_url: slackUrl?.trim() || null,
      teams_url: teamsUrl?.trim() || null,
      audience,
    };
    create.mutate(input, {
      onSuccess: () => {
        setName("");
        setScopeValue("");
      },
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        New rule
      </h2>
      <div>
        <label htmlFor={`${id}-name`} className={labelClass}>
          Name
        </label>
        <input
          id={`${id}-name`}
          className={inputClass}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-kind`} className={labelClass}>
          Tell me when
        </label>
        <select
          id={`${id}-kind`}
          className={inputClass}
          value={kind}
          onChange={(e) => setKind(e.target.value as AlertKind)}
        >
          {ALERT_KIND_NAMES.map((k) => (
            <option key={k} value={k}>
              {ALERT_KINDS[k].label}
            </option>
          ))}
        </select>
      </div>
      {unit ? (
        <div>
          <label htmlFor={`${id}-threshold`} className={labelClass}>
            {unit === "days" ? "Days ahead (N)" : "Hours (N)"}
          </label>
          <input
            id={`${id}-threshold`}
            type="number"
            inputMode="numeric"
            min={1}
            className={inputClass}
            value={threshold}
            onChange={(e) => setThreshold(e.target.value)}
          />
        </div>
      ) : null}
      {HOLD_KINDS.includes(kind) ? (
        <div>
          <label htmlFor={`${id}-hold`} className={labelClass}>
            Hold (leave empty for any)
          </label>
          <input
            id={`${id}-hold`}
            className={inputClass}
            value={holdName}
            onChange={(e) => setHoldName(e.target.value)}
          />
        </div>
      ) : null}
      {oversees ? (
        <AudienceFields
          id={id}
          choice={audienceChoice}
          roles={roles}
          people={people}
          onChoice={setAudienceChoice}
          onRoles={setRoles}
          onPeople={setPeople}
        />
      ) : null}
      <ScopeFields
        id={id}
        type={scopeType}
        value={scopeValue}
        onType={setScopeType}
        onValue={setScopeValue}
      />
      <fieldset>
        <legend className={labelClass}>Tell me by</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={email} onChange={(e) => setEmail(e.target.checked)} /> Email
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={inApp} onChange={(e) => setInApp(e.target.checked)} /> In the
            dashboard
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={slackUrl !== null}
              onChange={(e) => setSlackUrl(e.target.checked ? "" : null)}
            />{" "}
            Slack
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={teamsUrl !== null}
              onChange={(e) => setTeamsUrl(e.target.checked ? "" : null)}
            />{" "}
            Microsoft Teams
          </label>
        </div>
      </fieldset>
      {slackUrl !== null ? (
        <ChatUrlField
          id={`${id}-slack`}
          label="Slack incoming-webhook address"
          hint="From Slack: Apps → Incoming Webhooks → Add to a channel; it starts https://hooks.slack.com/"
          value={slackUrl}
          onChange={setSlackUrl}
        />
      ) : null}
      {teamsUrl !== null ? (
        <ChatUrlField
          id={`${id}-teams`}
          label="Teams incoming-webhook address"
          hint="From the Teams channel: Workflows → Post to a channel when a webhook request is received"
          value={teamsUrl}
          onChange={setTeamsUrl}
        />
      ) : null}
      {audienceProblem || create.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {audienceProblem ?? create.error?.message}
        </p>
      ) : null}
      <button type="submit" className={buttonClass("primary")} disabled={create.isPending}>
        Add rule
      </button>
    </form>
  );
}

export function AlertRulesPage() {
  const query = useQuery(alertRulesQuery());
  const actor = useActor();
  const oversees = actor?.kind === "user" && roleAtLeast(actor.role, "admin");
  return (
    <>
      <PageHeader
        title="Alert rules"
        description={
          <>
            What you are told about, and how.{" "}
            <Link to="/notifications" className="underline">
              Notifications
            </Link>
          </>
        }
      />
      {query.isError && isPersonOnlyRefusal(query.error) ? (
        <PersonOnlyNotice what="Alert rules" />
      ) : (
        <div className="grid gap-8 lg:grid-cols-2">
          <section aria-labelledby="rules-title">
            <h2 id="rules-title" className="text-lg font-semibold">
              Your rules
            </h2>
            {query.isError ? (
              <p role="alert">{query.error.message}</p>
            ) : query.isPending ? (
              <p role="status">Loading rules…</p>
            ) : query.data.data.length === 0 ? (
              <p className="text-slate-600 dark:text-slate-400">No rules yet.</p>
            ) : (
              <ul aria-label="Alert rules">
                {query.data.data.map((rule) => (
                  <RuleRow key={rule.id} rule={rule} />
                ))}
              </ul>
            )}
          </section>
          <section className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
            <NewRuleForm oversees={oversees} />
          </section>
        </div>
      )}
      {query.isError && isPersonOnlyRefusal(query.error) ? null : (
        <>
          <MorningSummarySection />
          <QuietHoursSection />
          <DeliveryHistory everyone={oversees} />
        </>
      )}
    </>
  );
}
