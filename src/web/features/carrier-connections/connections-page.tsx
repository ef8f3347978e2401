// Settings → Carrier connections: the account's links from a shipping line to that line's own DCSA Track & Trace
// API, each with its address, its authentication and what the last call to the carrier showed. Adding one is for
// the roles that may change integrations (admins and owners); the others see the list and are told why.
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Allowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import type { DataColumn } from "../../components/data-table/columns";
import { DataTable } from "../../components/data-table/data-table";
import { RowLink } from "../../components/data-table/row-link";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { plural } from "../../lib/format";
import type { CarrierConnection } from "./contract";
import { connectionsListQuery } from "./queries";
import { StatusBadge } from "./status-badge";
import { CheckedAt } from "./status-bits";
import { AUTH_TYPE_WORDS } from "./words";

export function ConnectionsPage() {
  const { data } = useSuspenseQuery(connectionsListQuery());
  const connections = data.data;
  return (
    <>
      <PageHeader
        title="Carrier connections"
        description={
          connections.length === 0
            ? "Track with a shipping line's own DCSA Track & Trace API instead of the built-in sandbox."
            : `${plural(connections.length, "shipping line")} tracked through the carrier's own DCSA Track & Trace API; every other line uses the sandbox.`
        }
        actions={
          <>
            <Link to="/carriers/data-quality" className={buttonClass("secondary")}>
              Data quality by line
            </Link>
            <Allowed permission="integrations" what="Adding carrier connections">
              <Link to="/settings/carrier-connections/new" className={buttonClass("primary")}>
                <span aria-hidden="true">+</span> New connection
              </Link>
            </Allowed>
          </>
        }
      />
      {connections.length === 0 ? (
        <EmptyState
          title="No carrier connections yet"
          action={
            <Allowed permission="integrations" what="Adding carrier connections">
              <Link to="/settings/carrier-connections/new" className={buttonClass("primary")}>
                Connect a carrier
              </Link>
            </Allowed>
          }
        >
          Every shipment is tracked through the built-in sandbox carrier network. Connect a shipping line with
          the address and credentials from its developer portal, and its tracking requests are looked up at
          the carrier.
        </EmptyState>
      ) : (
        <DataTable
          tableId="carrier-connections"
          caption="Carrier connections"
          columns={COLUMNS}
          rows={connections}
          rowKey={(connection) => connection.id}
          minWidthClass="min-w-[56rem]"
        />
      )}
    </>
  );
}

const COLUMNS: readonly DataColumn<CarrierConnection>[] = [
  {
    id: "line",
    header: "Shipping line",
    card: "title",
    cell: (connection) => {
      const a = connection.attributes;
      return (
        <>
          <RowLink to="/settings/carrier-connections/$connectionId" params={{ connectionId: connection.id }}>
            {a.shipping_line_name} <span className="font-mono">({a.scac})</span>
          </RowLink>
          {a.name ? <div className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{a.name}</div> : null}
        </>
      );
    },
  },
  {
    id: "base_url",
    header: "Base address",
    card: "fact",
    className: "max-w-xs",
    cell: (connection) => (
      <span className="font-mono text-xs break-all">{connection.attributes.base_url}</span>
    ),
  },
  {
    id: "auth",
    header: "Authentication",
    card: "fact",
    cell: (connection) => {
      const a = connection.attributes;
      const notes = [a.push_enabled ? "Push" : null, a.internal ? "Internal address" : null].filter(Boolean);
      return (
        <>
          <div>{AUTH_TYPE_WORDS[a.auth_type].label}</div>
          {notes.length > 0 ? (
            <div className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{notes.join(" · ")}</div>
          ) : null}
        </>
      );
    },
  },
  {
    id: "status",
    header: "Status",
    card: "title",
    className: "max-w-sm",
    cell: (connection) => {
      const a = connection.attributes;
      return (
        <div className="space-y-1">
          <StatusBadge status={a.status} />
          {a.status_detail ? (
            <div className="text-xs text-slate-700 dark:text-slate-300">{a.status_detail}</div>
          ) : null}
          <CheckedAt checkedAt={a.checked_at} className="text-xs text-slate-600 dark:text-slate-400" />
        </div>
      );
    },
  },
];
