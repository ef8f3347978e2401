// The extracted fields of a document, on the right of its page: each with the page it was read on and how sure
// the reading is; every number with a "Track" tick (ticked for the numbers the account does not track yet) and one
// button that tracks the ticked ones, the document's reference numbers carried over. What the tracking requests
// become arrives through the live stream: a tracked number turns into a link to its shipment. A role that may not
// track sees which numbers are not tracked yet, and is told why it is offered no ticks.
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import {
  type DocumentPayload,
  FIELD_LABELS,
  type FieldName,
  type FoundValue,
} from "../../../api/document-schemas";
import type { Document, UntrackedNumber } from "../../../api/documents";
import { NotAllowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { usePermission } from "../../lib/actor";
import { plural } from "../../lib/format";
import { type NumberToTrack, useTrackNumbersMutation } from "./queries";

const NUMBER_FIELDS = [
  ["container_numbers", "container"],
  ["bill_of_lading_numbers", "bill_of_lading"],
  ["booking_numbers", "booking"],
] as const;
const OTHER_FIELDS: FieldName[] = [
  "reference_numbers",
  "shipping_line",
  "vessel_name",
  "voyage_number",
  "port_of_loading",
  "port_of_discharge",
  "eta",
  "last_free_day",
  "free_time_days",
];

function shown(field: FoundValue<unknown>): string {
  const v = field.value;
  if (typeof v === "object" && v !== null) {
    const o = v as { name?: string; scac?: string; locode?: string };
    return `${o.name ?? ""} (${o.scac ?? o.locode ?? ""})`;
  }
  return String(v);
}

const where = (f: FoundValue<unknown>) => `page ${f.page}, ${Math.round(f.confidence * 100)}% sure`;

export function FieldsPanel({
  document,
  payload,
}: {
  document: Document;
  payload: DocumentPayload | undefined;
}) {
  const untracked = document.attributes.untracked_numbers;
  const isUntracked = (n: string) => untracked.some((u) => u.number === n);
  const [unticked, setUnticked] = useState<Set<string>>(new Set());
  const track = useTrackNumbersMutation();
  const may = usePermission("track");
  const requested = new Set((track.data ?? []).filter((r) => r.ok).map((r) => r.number));
  const ticked = untracked.filter((u) => !unticked.has(u.number) && !requested.has(u.number));
  const line = payload?.fields.shipping_line?.value.scac ?? null;

  if (!payload) return null;
  const toggle = (n: string, on: boolean) =>
    setUnticked((set) => {
      const next = new Set(set);
      if (on) next.delete(n);
      else next.add(n);
      return next;
    });

  return (
    <section aria-labelledby="fields-heading" className="min-w-0">
      <h2 id="fields-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-100">
        Fields
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const numbers: NumberToTrack[] = ticked.map((u: UntrackedNumber) => ({
            number: u.number,
            numberType: u.number_type,
            scac: u.scac ?? line,
          }));
          track.mutate({ numbers, refNumbers: payload.fields.reference_numbers.map((r) => r.value) });
        }}
      >
        {NUMBER_FIELDS.map(([field, type]) => {
          const values = payload.fields[field];
          if (values.length === 0) return null;
          return (
            <fieldset key={field} className="mb-4">
              <legend className="mb-1 text-sm font-medium text-slate-900 dark:text-slate-100">
                {FIELD_LABELS[field]}
              </legend>
              <ul className="space-y-1">
                {values.map((f) => (
                  <li key={f.value} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    {isUntracked(f.value) && !requested.has(f.value) && !may.ok ? (
                      <span>
                        <span className="font-mono">{f.value}</span>{" "}
                        <span className="text-slate-600 dark:text-slate-400">not tracked yet</span>
                      </span>
                    ) : isUntracked(f.value) && !requested.has(f.value) ? (
                      <label className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          checked={!unticked.has(f.value)}
                          onChange={(event) => toggle(f.value, event.target.checked)}
                        />
                        <span>
                          Track <span className="font-mono">{f.value}</span>
                        </span>
                      </label>
                    ) : (
                      <span>
                        <span className="font-mono">{f.value}</span>{" "}
                        <span className="text-emerald-800 dark:text-emerald-300">
                          {requested.has(f.value) ? "tracking requested" : "tracked"}
                        </span>
                      </span>
                    )}
                    <span className="text-xs text-(--muted-text)" data-kind={type}>
                      {where(f)}
                    </span>
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        })}
        {payload.rejected_numbers.length > 0 ? (
          <div className="mb-4 text-sm">
            <h3 className="font-medium text-slate-900 dark:text-slate-100">Refused</h3>
            <ul className="mt-1 space-y-1">
              {payload.rejected_numbers.map((r) => (
                <li key={r.value} className="text-amber-900 dark:text-amber-200">
                  <span className="font-mono">{r.value}</span> (page {r.page}): {r.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {(untracked.length > 0 || requested.size > 0) && !may.ok ? (
          <NotAllowed may={may} what="Tracking these numbers" />
        ) : untracked.length > 0 || requested.size > 0 ? (
          <button
            type="submit"
            className={buttonClass("primary")}
            disabled={ticked.length === 0 || track.isPending}
          >
            {track.isPending ? "Tracking…" : `Track ${plural(ticked.length, "number")}`}
          </button>
        ) : null}
        {track.data ? (
          <ul aria-live="polite" className="mt-2 space-y-1 text-sm">
            {track.data.map((r) => (
              <li
                key={r.number}
                className={r.ok ? "text-slate-700 dark:text-slate-300" : "text-red-700 dark:text-red-300"}
              >
                <span className="font-mono">{r.number}</span>: {r.detail}
              </li>
            ))}
          </ul>
        ) : null}
      </form>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {OTHER_FIELDS.map((name) => {
          const value = payload.fields[name];
          const list = Array.isArray(value) ? value : value ? [value] : [];
          return (
            <div key={name} className="contents">
              <dt className="font-medium text-slate-900 dark:text-slate-100">{FIELD_LABELS[name]}</dt>
              <dd className="text-slate-700 dark:text-slate-300">
                {list.length === 0 ? (
                  <span className="text-(--muted-text)">Not found</span>
                ) : (
                  list.map((f: FoundValue<unknown>) => (
                    <div key={shown(f)}>
                      {shown(f)} <span className="text-xs text-(--muted-text)">({where(f)})</span>
                    </div>
                  ))
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

export function LinkedShipments({ document }: { document: Document }) {
  const shipments = document.relationships.shipments.data;
  if (shipments.length === 0) return null;
  return (
    <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
      Linked to{" "}
      {shipments.map((s, i) => (
        <span key={s.id}>
          {i > 0 ? ", " : ""}
          <Link to="/shipments/$shipmentId" params={{ shipmentId: s.id }} className="underline">
            {plural(1, "shipment")} {i + 1}
          </Link>
        </span>
      ))}
      .
    </p>
  );
}
