// The Customers page: the account's parties by name, found by part of it, each with its shipments (a link to the
// shipments list filtered by it), renamed in place; and a form that adds one. A rename reaches every shipment.
// Adding and renaming are for the roles that may track; the others see the list and are told why.
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { Party } from "../../../api/parties";
import { NotAllowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { SearchField } from "../../components/search-field";
import { usePermission } from "../../lib/actor";
import { ApiError } from "../../lib/api-client";
import { partiesListQuery, useCreatePartyMutation, useRenamePartyMutation } from "../../lib/parties";
import { PAGE_SIZES, partiesViewOf } from "./search";

const route = getRouteApi("/_authenticated/customers/");

const input =
  "w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-sky-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

/** What the API said was wrong, or a general word when it said nothing. */
function problem(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.errors.length > 0)
    return error.errors.map((e) => e.detail).join(" ");
  return "That could not be saved. Try again.";
}

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

export function CustomersPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data } = useSuspenseQuery(partiesListQuery(partiesViewOf(search)));
  const total = data.meta.total;
  const may = usePermission("track");

  return (
    <>
      <PageHeader
        title="Customers"
        description="The companies you ship for. A shipment's customer is one of them; renaming one renames it on every shipment."
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <SearchField
          label="Find a customer"
          value={search.name}
          placeholder="Part of the name"
          onCommit={(name) => navigate({ search: (prev) => ({ ...prev, name, page: 1 }) })}
        />
        {may.ok ? <AddCustomerForm /> : <NotAllowed may={may} what="Adding and renaming customers" />}
      </div>
      {data.data.length === 0 ? (
        <EmptyState title={search.name ? `No customer matches “${search.name}”` : "No customers yet"}>
          {search.name
            ? may.ok
              ? "Look for another part of the name, or add the customer."
              : "Look for another part of the name."
            : may.ok
              ? "Add the companies you ship for, or set a shipment's customer on its page: each becomes one here."
              : "The companies this account ships for are listed here once someone adds them."}
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Customers, by name</caption>
              <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Shipments
                  </th>
                  {may.ok ? (
                    <th scope="col" className="px-4 py-2 font-semibold">
                      <span className="sr-only">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.data.map((party) => (
                  <CustomerRow key={party.id} party={party} renamable={may.ok} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={search.page}
            size={search.size}
            total={total}
            shown={data.data.length}
            noun="customers"
            sizes={PAGE_SIZES}
            renderLink={({ page, ...props }) => (
              <Link from="/customers/" to="/customers" search={(prev) => ({ ...prev, page })} {...props} />
            )}
            onSizeChange={(size) => navigate({ search: (prev) => ({ ...prev, size, page: 1 }) })}
          />
        </>
      )}
    </>
  );
}

function AddCustomerForm() {
  const [name, setName] = useState("");
  const [added, setAdded] = useState<string | null>(null);
  const create = useCreatePartyMutation();
  const inputId = useId();
  const errorId = useId();
  const error = problem(create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (document) => {
        setAdded(document.data.attributes.company_name);
        setName("");
      },
    });
  };

  return (
    <form aria-label="Add a customer" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-xs font-medium text-slate-600 dark:text-slate-400">
          New customer
        </label>
        <input
          id={inputId}
          className={`${input} min-w-56`}
          value={name}
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            create.reset();
            setAdded(null);
          }}
        />
      </div>
      <button type="submit" className={buttonClass("primary")} disabled={create.isPending}>
        Add customer
      </button>
      <p role="status" className="w-full text-sm text-slate-600 empty:hidden dark:text-slate-400">
        {added ? `Added ${added}.` : ""}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function CustomerRow({ party, renamable }: { party: Party; renamable: boolean }) {
  const { company_name: name, shipments_count: count } = party.attributes;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(name);
  const rename = useRenamePartyMutation();
  const renameButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const inputId = useId();
  const errorId = useId();
  const error = problem(rename.error);

  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  const stop = () => {
    refocus.current = true;
    setEditing(false);
    rename.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === name) return stop();
    rename.mutate({ id: party.id, companyName: text }, { onSuccess: stop });
  };

  if (editing) {
    // The whole row for the form, so that a long name has room on a phone too.
    return (
      <tr>
        <td colSpan={3} className="px-4 py-2">
          <form
            aria-label={`Rename ${name}`}
            onSubmit={submit}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.preventDefault();
                stop();
              }
            }}
            className="flex flex-wrap items-center gap-2"
          >
            <label htmlFor={inputId} className="sr-only">
              New name for {name}
            </label>
            <input
              id={inputId}
              className={`${input} max-w-96 flex-1`}
              value={text}
              maxLength={200}
              // biome-ignore lint/a11y/noAutofocus: the rename button was pressed to type this name.
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setText(event.target.value);
                rename.reset();
              }}
            />
            <button
              type="submit"
              className={buttonClass("primary", "px-2 py-1 text-xs")}
              disabled={rename.isPending}
            >
              Save
            </button>
            <button type="button" className={buttonClass("ghost", "px-2 py-1 text-xs")} onClick={stop}>
              Cancel
            </button>
            {error ? (
              <p id={errorId} role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
                {error}
              </p>
            ) : null}
          </form>
        </td>
      </tr>
    );
  }

  return (
    <tr>
      <td className="px-4 py-2 font-medium text-slate-900 dark:text-slate-100">{name}</td>
      <td className="px-4 py-2 whitespace-nowrap">
        {count > 0 ? (
          <Link
            to="/shipments"
            // By id, which a rename leaves valid (a saved or shared link still finds them); the list's filter chip
            // reads the party's name.
            search={{ "filter[customer]": party.id }}
            className="text-sky-800 hover:underline dark:text-sky-300"
            aria-label={`${plural(count, "shipment")} for ${name}`}
          >
            {plural(count, "shipment")}
          </Link>
        ) : (
          <span className="text-(--muted-text)">None yet</span>
        )}
      </td>
      {renamable ? (
        <td className="px-4 py-2 text-right">
          <button
            ref={renameButton}
            type="button"
            className={buttonClass("ghost", "px-2 py-0.5 text-xs")}
            aria-label={`Rename ${name}`}
            onClick={() => {
              setText(name);
              setEditing(true);
            }}
          >
            Rename
          </button>
        </td>
      ) : null}
    </tr>
  );
}
