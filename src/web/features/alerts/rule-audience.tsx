// Who a team rule tells: the new-rule form's choice for an owner or admin (just me, everyone with some roles, or
// chosen people of the account), and the words a rule's row says of its people.
import { useQuery } from "@tanstack/react-query";
import type { AlertAudience } from "../../../api/alerts";
import { ROLES, type Role } from "../../../api/roles";
import { inputClass as fieldClass, labelClass } from "../../components/form-field";
import { teamMembersQuery } from "./queries";

const inputClass = `mt-1 block ${fieldClass}`;
const LIST_WORDS = new Intl.ListFormat("en", { type: "conjunction" });
const ROLE_WORDS: Record<Role, string> = {
  owner: "owners",
  admin: "admins",
  member: "members",
  viewer: "viewers",
};

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export type AudienceChoice = "me" | "roles" | "people";

/** "For the team: members and viewers", "For the team: Ana Lima and Ben Ortiz". */
export function AudienceWords({ audience }: { audience: AlertAudience }) {
  const { data } = useQuery({ ...teamMembersQuery(), enabled: "user_ids" in audience });
  if ("roles" in audience)
    return <>For the team: {LIST_WORDS.format(audience.roles.map((r) => ROLE_WORDS[r]))}</>;
  const names = audience.user_ids.map(
    (id) => data?.data.find((p) => p.id === id)?.attributes.name || (data ? "someone who left" : "…"),
  );
  return <>For the team: {LIST_WORDS.format(names)}</>;
}

/** The audience the choice and its ticks make (null: the person's own rule; undefined: nothing ticked yet). */
export function audienceOf(
  choice: AudienceChoice,
  roles: Role[],
  people: string[],
): AlertAudience | null | undefined {
  if (choice === "me") return null;
  if (choice === "roles") return roles.length > 0 ? { roles } : undefined;
  return people.length > 0 ? { user_ids: people } : undefined;
}

function Ticks<T extends string>(props: {
  legend: string;
  options: { value: T; label: string }[];
  chosen: T[];
  onChange: (chosen: T[]) => void;
}) {
  return (
    <fieldset>
      <legend className={labelClass}>{props.legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {props.options.map((o) => (
          <label key={o.value} className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={props.chosen.includes(o.value)}
              onChange={(e) =>
                props.onChange(
                  e.target.checked ? [...props.chosen, o.value] : props.chosen.filter((v) => v !== o.value),
                )
              }
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PeopleTicks(props: { chosen: string[]; onChange: (chosen: string[]) => void }) {
  const { data, isPending, isError } = useQuery(teamMembersQuery());
  if (isPending)
    return <p className="text-sm text-slate-700 dark:text-slate-300">Loading the account's people…</p>;
  if (isError)
    return <p className="text-sm text-red-700 dark:text-red-300">The account's people could not be read.</p>;
  return (
    <Ticks
      legend="People"
      options={data.data.map((p) => ({ value: p.id, label: p.attributes.name || p.attributes.email }))}
      chosen={props.chosen}
      onChange={props.onChange}
    />
  );
}

/** An owner's or admin's choice of who the new rule tells. */
export function AudienceFields(props: {
  id: string;
  choice: AudienceChoice;
  roles: Role[];
  people: string[];
  onChoice: (choice: AudienceChoice) => void;
  onRoles: (roles: Role[]) => void;
  onPeople: (people: string[]) => void;
}) {
  return (
    <>
      <div>
        <label htmlFor={`${props.id}-audience`} className={labelClass}>
          Who is told
        </label>
        <select
          id={`${props.id}-audience`}
          className={inputClass}
          value={props.choice}
          aria-describedby={`${props.id}-audience-hint`}
          onChange={(e) => props.onChoice(e.target.value as AudienceChoice)}
        >
          <option value="me">Just me</option>
          <option value="roles">The team: everyone with a role</option>
          <option value="people">The team: people I choose</option>
        </select>
        <p id={`${props.id}-audience-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          A team rule tells each of its people by the channels below; they see it in their rules but only an
          owner or admin can change it.
        </p>
      </div>
      {props.choice === "roles" ? (
        <Ticks
          legend="Roles"
          options={[...ROLES].reverse().map((r) => ({ value: r, label: capitalized(ROLE_WORDS[r]) }))}
          chosen={props.roles}
          onChange={props.onRoles}
        />
      ) : props.choice === "people" ? (
        <PeopleTicks chosen={props.people} onChange={props.onPeople} />
      ) : null}
    </>
  );
}
