// "Share with a customer" on the shipment page: make a read-only link (how long it works, whether it shows the map,
// which of the shipment's documents it offers), copy it the one time it is shown, and see and revoke the
// shipment's links with who made and who revoked each. Members make and revoke links; everyone sees the list.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import {
  SHARE_LINK_DAYS_DEFAULT,
  type ShareLink,
  shareLinkDocumentSchema,
  shareLinkListDocumentSchema,
} from "../../../api/share-links";
import { NotAllowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { CopyButton } from "../../components/copy-button";
import { DateTime } from "../../components/date-time";
import { inputClass } from "../../components/form-field";
import { showToast } from "../../components/toaster";
import { usePermission } from "../../lib/actor";
import { apiRequest, describeError } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";
import { shipmentDocumentsQuery } from "./shipment-documents";

const EXPIRY_CHOICES = [7, 30, 90, 365] as const;

export function shareLinksQuery(shipmentId: string) {
  return queryOptions({
    queryKey: [...queryRoots.shipments, shipmentId, "share-links"] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/v2/shipments/${shipmentId}/share_links`, { schema: shareLinkListDocumentSchema, signal }),
  });
}

const STATUS_WORDS: Record<ShareLink["attributes"]["status"], string> = {
  active: "Active",
  expired: "Expired",
  revoked: "Revoked",
};

export function ShareLinks({ shipmentId }: { shipmentId: string }) {
  const links = useQuery(shareLinksQuery(shipmentId));
  const may = usePermission("track");
  const [made, setMade] = useState<string | null>(null);
  // A /v2 server without share links (404) shows nothing here.
  if (links.isError && !made) return null;
  return (
    <section aria-labelledby="share-heading" className="mt-8">
      <h2 id="share-heading" className="mb-1 text-lg font-semibold text-slate-900 dark:text-slate-100">
        Share with a customer
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        A read-only link to this shipment for someone without a sign-in: where the containers are, when they
        arrive, the map and the documents you choose. Never your tags, customer, reference numbers, fees or
        other shipments.
      </p>
      {made ? (
        <div
          role="status"
          className="mb-4 max-w-3xl rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm dark:border-emerald-900 dark:bg-emerald-950/40"
        >
          <p className="font-medium">Link made. Copy it now: it is not shown again.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <input
              readOnly
              aria-label="Share link"
              value={made}
              className={`${inputClass} min-w-0 flex-1 font-mono text-xs`}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={made} what="the share link" />
          </div>
        </div>
      ) : null}
      {may.ok ? (
        <MakeLinkForm shipmentId={shipmentId} onMade={setMade} />
      ) : (
        <NotAllowed may={may} what="Sharing a shipment" />
      )}
      <LinkList shipmentId={shipmentId} links={links.data?.data ?? []} mayRevoke={may.ok} />
    </section>
  );
}

function MakeLinkForm({ shipmentId, onMade }: { shipmentId: string; onMade: (url: string) => void }) {
  const client = useQueryClient();
  const ids = useId();
  const documents = useQuery(shipmentDocumentsQuery(shipmentId));
  const [days, setDays] = useState<number>(SHARE_LINK_DAYS_DEFAULT);
  const [showMap, setShowMap] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const make = useMutation({
    mutationFn: () =>
      apiRequest(`/v2/shipments/${shipmentId}/share_links`, {
        method: "POST",
        schema: shareLinkDocumentSchema,
        body: {
          data: {
            type: "share_link",
            attributes: { expires_in_days: days, show_map: showMap, document_ids: chosen },
          },
        },
      }),
    onSuccess: (document) => {
      onMade(document.data.attributes.url ?? "");
      setChosen([]);
      void client.invalidateQueries({ queryKey: shareLinksQuery(shipmentId).queryKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    make.mutate();
  };
  const offered = documents.data?.data ?? [];
  return (
    <form
      aria-label="Make a share link"
      onSubmit={submit}
      className="mb-4 flex max-w-3xl flex-wrap items-end gap-4"
    >
      <div>
        <label htmlFor={`${ids}-days`} className="block text-sm font-medium">
          Works for
        </label>
        <select
          id={`${ids}-days`}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
          className={`${inputClass} mt-1 w-auto`}
        >
          {EXPIRY_CHOICES.map((d) => (
            <option key={d} value={d}>
              {d === 365 ? "1 year" : `${d} days`}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={showMap} onChange={(e) => setShowMap(e.target.checked)} />
        Show the map
      </label>
      {offered.length > 0 ? (
        <fieldset className="text-sm">
          <legend className="font-medium">Documents to offer</legend>
          {offered.map((d) => (
            <label key={d.id} className="mr-4 inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={chosen.includes(d.id)}
                onChange={(e) =>
                  setChosen((now) => (e.target.checked ? [...now, d.id] : now.filter((id) => id !== d.id)))
                }
              />
              {d.attributes.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <button type="submit" className={buttonClass("primary")} disabled={make.isPending}>
        {make.isPending ? "Making the link…" : "Make share link"}
      </button>
      {make.isError ? (
        <p role="alert" className="basis-full text-sm text-red-700 dark:text-red-300">
          The link was not made: {describeError(make.error)}
        </p>
      ) : null}
    </form>
  );
}

function LinkList({
  shipmentId,
  links,
  mayRevoke,
}: {
  shipmentId: string;
  links: ShareLink[];
  mayRevoke: boolean;
}) {
  const client = useQueryClient();
  const revoke = useMutation({
    mutationFn: (link: ShareLink) =>
      apiRequest(`/v2/shipments/${shipmentId}/share_links/${link.id}`, {
        method: "DELETE",
        schema: shareLinkDocumentSchema,
      }),
    onSuccess: (_, link) => {
      showToast({
        kind: "success",
        title: "Link revoked",
        message: `The link ending …${link.attributes.token_hint} no longer opens.`,
      });
      void client.invalidateQueries({ queryKey: shareLinksQuery(shipmentId).queryKey });
    },
    onError: (error) =>
      showToast({ kind: "error", title: "The link was not revoked", message: describeError(error) }),
  });
  if (links.length === 0)
    return <p className="text-sm text-(--muted-text)">This shipment has not been shared.</p>;
  return (
    <table className="w-full max-w-4xl text-left text-sm">
      <caption className="sr-only">Share links of this shipment</caption>
      <thead className="text-xs text-slate-600 uppercase dark:text-slate-400">
        <tr>
          <th scope="col" className="py-1 pr-3">
            Link
          </th>
          <th scope="col" className="py-1 pr-3">
            Status
          </th>
          <th scope="col" className="py-1 pr-3">
            Made by
          </th>
          <th scope="col" className="py-1 pr-3">
            Works until
          </th>
          <th scope="col" className="py-1">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {links.map((link) => {
          const a = link.attributes;
          return (
            <tr key={link.id} className="border-t border-slate-200 dark:border-slate-800">
              <td className="py-2 pr-3 font-mono">…{a.token_hint}</td>
              <td className="py-2 pr-3">
                {STATUS_WORDS[a.status]}
                {a.status === "revoked" && a.revoked_by_name ? ` by ${a.revoked_by_name}` : ""}
              </td>
              <td className="py-2 pr-3">
                {a.created_by_name}, <DateTime iso={a.created_at} timeZone={null} />
              </td>
              <td className="py-2 pr-3">
                <DateTime iso={a.expires_at} timeZone={null} />
              </td>
              <td className="py-2 text-right">
                {mayRevoke && a.status === "active" ? (
                  <button
                    type="button"
                    className={buttonClass("secondary")}
                    aria-label={`Revoke the link ending ${a.token_hint}`}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(link)}
                  >
                    Revoke
                  </button>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
