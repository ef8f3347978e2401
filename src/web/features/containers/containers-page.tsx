// The containers list: search by (part of) a container number, server-side paging, state in the URL.
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useRouterState } from "@tanstack/react-router";
import type { Container } from "../../../api/containers";
import { shipmentSchema } from "../../../api/shipments";
import { buttonClass } from "../../components/button";
import { Availability, LastFreeDay } from "../../components/container-facts";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { SearchField } from "../../components/search-field";
import { containerStatusWords, equipmentWords, plural } from "../../lib/format";
import { includedOfType } from "../../lib/included";
import { containersListQuery } from "./queries";

const route = getRouteApi("/_authenticated/containers/");

const th =
  "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-3 align-top";

export function ContainersPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data } = useSuspenseQuery(containersListQuery(search));
  const loading = useRouterState({ select: (state) => state.status === "pending" });
  const shipments = includedOfType(data.included, "shipment", shipmentSchema);

  return (
    <>
      <PageHeader
        title="Containers"
        description={
          search.q
            ? `${plural(data.meta.total, "container")} match`
            : `${plural(data.meta.total, "container")} in all shipments`
        }
      />
      <div className="mb-4">
        <SearchField
          label="Search containers"
          placeholder="Container number, or part of it"
          value={search.q}
          onCommit={(q) =>
            navigate({ search: (prev) => ({ ...prev, q, page: 1 }), replace: search.q !== "" && q !== "" })
          }
        />
      </div>
      {data.data.length === 0 ? (
        data.meta.total > 0 ? (
          <EmptyState
            title="This page is past the end of the list"
            action={
              <Link
                to="/containers"
                search={(prev) => ({ ...prev, page: 1 })}
                className={buttonClass("primary")}
              >
                Go to the first page
              </Link>
            }
          />
        ) : search.q ? (
          <EmptyState
            title={`No containers match “${search.q}”`}
            action={
              <Link to="/containers" search={{}} className={buttonClass("secondary")}>
                Clear search
              </Link>
            }
          >
            Search matches any part of a container number, such as “MSCU” or “1234567”.
          </EmptyState>
        ) : (
          <EmptyState title="No containers yet">
            Containers appear with the shipments that carry them.
          </EmptyState>
        )
      ) : (
        <div className={loading ? "opacity-60 transition-opacity" : "transition-opacity"} aria-busy={loading}>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
            <table className="w-full min-w-[56rem] text-sm">
              <caption className="sr-only">Containers</caption>
              <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50">
                <tr>
                  <th scope="col" className={th}>
                    Container
                  </th>
                  <th scope="col" className={th}>
                    Shipment
                  </th>
                  <th scope="col" className={th}>
                    Equipment
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className={th}>
                    Pickup
                  </th>
                  <th scope="col" className={th}>
                    Last free day
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.data.map((container) => (
                  <ContainerRow
                    key={container.id}
                    container={container}
                    billOfLading={
                      shipments.get(container.relationships.shipment.data?.id ?? "")?.attributes
                        .bill_of_lading_number
                    }
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={search.page}
            size={search.size}
            total={data.meta.total}
            shown={data.meta.size}
            noun="containers"
            sizes={[10, 25, 50, 100]}
            renderLink={({ page, ...props }) => (
              <Link to="/containers" search={(prev) => ({ ...prev, page })} {...props} />
            )}
            onSizeChange={(size) => navigate({ search: (prev) => ({ ...prev, size, page: 1 }) })}
          />
        </div>
      )}
    </>
  );
}

function ContainerRow({
  container,
  billOfLading,
}: {
  container: Container;
  billOfLading: string | undefined;
}) {
  const a = container.attributes;
  const shipmentId = container.relationships.shipment.data?.id;
  return (
    <tr className="hover:bg-sky-50/60 dark:hover:bg-slate-800/60">
      <td className={td}>
        <Link
          to="/containers/$containerId"
          params={{ containerId: container.id }}
          className="font-mono font-medium text-sky-800 hover:underline dark:text-sky-300"
        >
          {a.number}
        </Link>
      </td>
      <td className={td}>
        {shipmentId ? (
          <Link
            to="/shipments/$shipmentId"
            params={{ shipmentId }}
            className="font-mono text-slate-700 hover:underline dark:text-slate-300"
          >
            {billOfLading ?? "Shipment"}
          </Link>
        ) : (
          <span className="text-slate-400">None</span>
        )}
      </td>
      <td className={td}>
        {equipmentWords(a.equipment_type, a.equipment_length, a.equipment_height) ?? "Not known"}
      </td>
      <td className={td}>{containerStatusWords(a.current_status)}</td>
      <td className={td}>
        <Availability container={container} />
      </td>
      <td className={td}>
        <LastFreeDay container={container} />
      </td>
    </tr>
  );
}
