// What an alert rule looks at: its words in the rules list, and the form's fields that choose it (everything, a
// shipping line by SCAC, a port of discharge by UN/LOCODE, a customer from the account's parties, one of the
// account's saved views, or tags).
import { useQuery } from "@tanstack/react-query";
import type { AlertScope } from "../../../api/alerts";
import { inputClass as fieldClass, labelClass } from "../../components/form-field";
import { partiesListQuery, partyQuery } from "../../lib/parties";
import { savedViewsQuery } from "../../lib/saved-views";

export type ScopeType = AlertScope["type"];

/** The dashboard's field, a little below its label. */
const inputClass = `mt-1 block ${fieldClass}`;

/** The customers a rule may be for: the account's parties, by name, as many as a picker shows. */
const CUSTOMER_CHOICES = 100;

/** "Customer Acme Imports": a customer scope says its party's name (its id is what is stored). */
function CustomerName({ id }: { id: string }) {
  const { data } = useQuery(partyQuery(id));
  return <>Customer {data?.data.attributes.company_name ?? "…"}</>;
}

/** "Saved view Today's pickups": a view scope says the view's name ("a deleted saved view" once it is gone). */
function SavedViewName({ id }: { id: string }) {
  const { data, isPending } = useQuery(savedViewsQuery());
  const view = data?.views.find((v) => v.id === id);
  if (isPending) return <>Saved view …</>;
  return view ? <>Saved view {view.name}</> : <>A deleted saved view (tells nothing)</>;
}

export function ScopeWords({ scope }: { scope: AlertScope }) {
  switch (scope.type) {
    case "shipping_line":
      return <>Shipping line {scope.scac}</>;
    case "port_of_discharge":
      return <>Port of discharge {scope.locode}</>;
    case "customer":
      return <CustomerName id={scope.id} />;
    case "saved_view":
      return <SavedViewName id={scope.id} />;
    case "tags":
      return <>Tags: {scope.tags.join(", ")}</>;
    default:
      return <>Everything</>;
  }
}

export function scopeOf(type: ScopeType, value: string): AlertScope {
  if (type === "shipping_line") return { type, scac: value.trim() };
  if (type === "port_of_discharge") return { type, locode: value.trim() };
  if (type === "customer" || type === "saved_view") return { type, id: value };
  if (type === "tags")
    return {
      type,
      tags: value
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    };
  return { type: "all" };
}

const SCOPE_LABELS: Record<
  Exclude<ScopeType, "all" | "customer" | "saved_view">,
  { label: string; hint: string }
> = {
  shipping_line: { label: "Shipping line (SCAC)", hint: "Such as MSCU" },
  port_of_discharge: { label: "Port of discharge (UN/LOCODE)", hint: "Such as USSAV" },
  tags: { label: "Tags", hint: "Separated by commas" },
};

interface PickProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/** A required choice of one of the account's things (a customer, a saved view), or a sentence when there is none. */
function PickOne(
  props: PickProps & { label: string; placeholder: string; options: { id: string; label: string }[] },
) {
  return (
    <div>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      <select
        id={props.id}
        required
        className={inputClass}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const NoChoice = ({ children }: { children: string }) => (
  <p className="text-sm text-slate-700 dark:text-slate-300">{children}</p>
);

function CustomerSelect(props: PickProps) {
  const { data, isPending } = useQuery(partiesListQuery({ size: CUSTOMER_CHOICES }));
  const parties = data?.data ?? [];
  if (!isPending && parties.length === 0)
    return <NoChoice>No customers yet: add them on the Customers page, then choose one here.</NoChoice>;
  return (
    <PickOne
      {...props}
      label="Customer"
      placeholder="Choose a customer"
      options={parties.map((p) => ({ id: p.id, label: p.attributes.company_name }))}
    />
  );
}

const LIST_WORDS = { containers: "Containers", shipments: "Shipments" } as const;

/** The account's saved views (those kept in a browser only are not the service's to read: they cannot scope). */
function SavedViewSelect(props: PickProps) {
  const { data, isPending } = useQuery(savedViewsQuery());
  if (isPending) return <NoChoice>Loading the saved views…</NoChoice>;
  if (data?.home !== "account")
    return (
      <NoChoice>
        This server keeps no saved views (yours are in this browser only), so none can scope a rule.
      </NoChoice>
    );
  if (data.views.length === 0)
    return (
      <NoChoice>
        No saved views yet: save a filtered list of containers or shipments as a view, then choose it here.
      </NoChoice>
    );
  return (
    <PickOne
      {...props}
      label="Saved view"
      placeholder="Choose a saved view"
      options={data.views.map((v) => ({ id: v.id, label: `${LIST_WORDS[v.list]}: ${v.name}` }))}
    />
  );
}

/** The scope's fields: what kind, and the line, port, customer, saved view or tags it names. */
export function ScopeFields(props: {
  id: string;
  type: ScopeType;
  value: string;
  onType: (type: ScopeType) => void;
  onValue: (value: string) => void;
}) {
  const { id, type, value } = props;
  return (
    <>
      <div>
        <label htmlFor={`${id}-scope`} className={labelClass}>
          For
        </label>
        <select
          id={`${id}-scope`}
          className={inputClass}
          value={type}
          onChange={(e) => {
            props.onType(e.target.value as ScopeType);
            props.onValue("");
          }}
        >
          <option value="all">Everything</option>
          <option value="shipping_line">One shipping line</option>
          <option value="port_of_discharge">One port of discharge</option>
          <option value="customer">One customer</option>
          <option value="saved_view">What a saved view shows</option>
          <option value="tags">Shipments with tags</option>
        </select>
      </div>
      {type === "customer" ? (
        <CustomerSelect id={`${id}-scope-value`} value={value} onChange={props.onValue} />
      ) : type === "saved_view" ? (
        <SavedViewSelect id={`${id}-scope-value`} value={value} onChange={props.onValue} />
      ) : type !== "all" ? (
        <div>
          <label htmlFor={`${id}-scope-value`} className={labelClass}>
            {SCOPE_LABELS[type].label}
          </label>
          <input
            id={`${id}-scope-value`}
            className={inputClass}
            value={value}
            placeholder={SCOPE_LABELS[type].hint}
            onChange={(e) => props.onValue(e.target.value)}
          />
        </div>
      ) : null}
    </>
  );
}
