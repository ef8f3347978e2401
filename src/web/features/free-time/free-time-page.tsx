// Settings → Free time: the account's own negotiated free time and rates (demurrage at the terminal, detention of
// the empty) that override the lines' published tariffs, added, changed and deleted by admins and owners; the
// published tariffs beside them, read-only, filtered by line.
import { useSuspenseQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { FreeTimeTariffResource } from "../../../api/free-time";
import { Allowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { inputClass, labelClass } from "../../components/form-field";
import { PageHeader } from "../../components/page-header";
import { usePermission } from "../../lib/actor";
import { describeError } from "../../lib/api-client";
import { formatMoney } from "../../lib/format";
import { tariffsQuery, useDeleteTariff } from "./queries";
import { TariffForm } from "./tariff-form";

const card = "rounded-lg border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900";
const cell = "px-2 py-1.5 text-sm";
const muted = "text-(--muted-text)";

type Attributes = FreeTimeTariffResource["attributes"];

/** "4 free days, then $150/day, $300/day from charged day 5". */
function termsWords(a: Attributes): string {
  const rates = a.tiers
    .map((t, i) =>
      i === 0
        ? `${formatMoney(t.per_day, a.currency)}/day`
        : `${formatMoney(t.per_day, a.currency)}/day from charged day ${t.from_day}`,
    )
    .join(", ");
  return `${a.free_days} free ${a.free_days === 1 ? "day" : "days"}, then ${rates}`;
}

function appliesWords(a: Attributes): string {
  const box = [a.equipment_length ? `${a.equipment_length} ft` : null, a.equipment_type]
    .filter(Boolean)
    .join(" ");
  const place = [a.port_locode, a.terminal].filter(Boolean).join(" · ");
  return [place || "every port", box || "every box"].join(", ");
}

function kindWords(a: Attributes): string {
  if (a.kind === "demurrage") return "Demurrage";
  return `Detention (from ${a.counts_from})`;
}

export function FreeTimePage() {
  const { data } = useSuspenseQuery(tariffsQuery());
  const own = data.data.filter((t) => t.attributes.source === "account");
  const published = data.data.filter((t) => t.attributes.source === "published");
  const [editing, setEditing] = useState<FreeTimeTariffResource | "new" | null>(null);
  const may = usePermission("tariffs");
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title="Free time"
        description="Your own negotiated free time and rates override the lines' published tariffs in every container's demurrage and detention."
      />
      <section aria-labelledby="own-tariffs-heading" className={card}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="own-tariffs-heading" className="text-base font-semibold">
            Your tariffs ({own.length})
          </h2>
          <Allowed permission="tariffs" what="Adding free time tariffs">
            {editing === null ? (
              <button type="button" className={buttonClass("primary")} onClick={() => setEditing("new")}>
                Add a tariff
              </button>
            ) : null}
          </Allowed>
        </div>
        {editing !== null ? (
          <TariffForm
            key={editing === "new" ? "new" : editing.id}
            tariff={editing === "new" ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
        {own.length === 0 ? (
          <p className={`mt-3 text-sm ${muted}`}>None yet: the published tariffs below apply.</p>
        ) : (
          <TariffTable
            tariffs={own}
            caption="Your tariffs"
            actions={may.ok ? (t) => <OwnActions tariff={t} onEdit={() => setEditing(t)} /> : undefined}
          />
        )}
      </section>
      <PublishedTariffs tariffs={published} />
    </div>
  );
}

function TariffTable({
  tariffs,
  caption,
  actions,
}: {
  tariffs: FreeTimeTariffResource[];
  caption: string;
  actions?: ((t: FreeTimeTariffResource) => React.ReactNode) | undefined;
}) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className={cell}>
              Line
            </th>
            <th scope="col" className={cell}>
              Kind
            </th>
            <th scope="col" className={cell}>
              Applies to
            </th>
            <th scope="col" className={cell}>
              Free time and rates
            </th>
            {actions ? (
              <th scope="col" className={cell}>
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {tariffs.map((t) => (
            <tr key={t.id}>
              <td className={`${cell} font-mono`}>{t.attributes.scac}</td>
              <td className={cell}>{kindWords(t.attributes)}</td>
              <td className={cell}>{appliesWords(t.attributes)}</td>
              <td className={cell}>{termsWords(t.attributes)}</td>
              {actions ? <td className={`${cell} whitespace-nowrap`}>{actions(t)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OwnActions({ tariff, onEdit }: { tariff: FreeTimeTariffResource; onEdit: () => void }) {
  const remove = useDeleteTariff();
  const [confirming, setConfirming] = useState(false);
  const name = `${tariff.attributes.scac} ${tariff.attributes.kind}`;
  return (
    <div className="flex gap-2">
      <button type="button" className={buttonClass("secondary", "px-2 py-1 text-xs")} onClick={onEdit}>
        Edit<span className="sr-only"> {name}</span>
      </button>
      <button
        type="button"
        className={buttonClass("secondary", "px-2 py-1 text-xs")}
        onClick={() => setConfirming(true)}
      >
        Delete<span className="sr-only"> {name}</span>
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Delete the ${name} tariff?`}
        confirmLabel="Delete tariff"
        confirmVariant="danger"
        pending={remove.isPending}
        error={remove.isError ? describeError(remove.error) : null}
        onConfirm={() => remove.mutate(tariff.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        The line's published tariff applies again to the containers it covered.
      </ConfirmDialog>
    </div>
  );
}

function PublishedTariffs({ tariffs }: { tariffs: FreeTimeTariffResource[] }) {
  const [line, setLine] = useState("MAEU");
  const id = useId();
  const wanted = line.trim().toUpperCase();
  const shown = tariffs.filter((t) => !wanted || t.attributes.scac.startsWith(wanted));
  return (
    <section aria-labelledby="published-tariffs-heading" className={card}>
      <h2 id="published-tariffs-heading" className="text-base font-semibold">
        Published tariffs (read-only)
      </h2>
      <p className={`mt-1 text-sm ${muted}`}>
        Where a terminal or line reports a box's last free day, a published demurrage tariff's free time ends
        on that day and its rates apply after it; your own tariffs keep the free days you negotiated.
      </p>
      <div className="mt-3 max-w-xs">
        <label htmlFor={id} className={labelClass}>
          Line (SCAC)
        </label>
        <input
          id={id}
          value={line}
          onChange={(event) => setLine(event.target.value)}
          className={`${inputClass} mt-1`}
        />
      </div>
      {shown.length === 0 ? (
        <p className={`mt-3 text-sm ${muted}`}>No published tariff for that line.</p>
      ) : (
        <TariffTable tariffs={shown} caption="Published tariffs" />
      )}
    </section>
  );
}
