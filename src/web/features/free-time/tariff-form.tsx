// Settings → Free time's form: an account's own tariff added or changed (its line, kind, where and which boxes it
// applies to, its free days and its rates after them, in 1 to TIERS_MAX tiers); the API checks what it sends, and
// its 422 is shown in its words.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { EQUIPMENT_TYPES } from "../../../api/containers";
import { type FreeTimeTariffResource, TARIFF_LENGTHS, TIERS_MAX } from "../../../api/free-time";
import { buttonClass } from "../../components/button";
import { inputClass, labelClass } from "../../components/form-field";
import { describeError } from "../../lib/api-client";
import { type TariffInput, useSaveTariff } from "./queries";

const hintClass = "text-(--muted-text)";
const isListedType = (t: string) => (EQUIPMENT_TYPES as readonly string[]).includes(t);

/** A tier as the form edits it: its fields' text, and a key that stays with it when one before it is removed. */
interface TierDraft {
  key: number;
  fromDay: string;
  perDay: string;
}

let nextTierKey = 0;
const tierDraft = (fromDay: string, perDay: string): TierDraft => ({ key: nextTierKey++, fromDay, perDay });

export function TariffForm({
  tariff,
  onDone,
}: {
  tariff: FreeTimeTariffResource | null;
  onDone: () => void;
}) {
  const a = tariff?.attributes;
  const save = useSaveTariff();
  const [scac, setScac] = useState(a?.scac ?? "");
  const [kind, setKind] = useState<TariffInput["kind"]>(a?.kind ?? "demurrage");
  const [countsFrom, setCountsFrom] = useState<TariffInput["counts_from"]>(a?.counts_from ?? "pickup");
  const [port, setPort] = useState(a?.port_locode ?? "");
  const [terminal, setTerminal] = useState(a?.terminal ?? "");
  const [length, setLength] = useState(a?.equipment_length ? String(a.equipment_length) : "");
  const [boxType, setBoxType] = useState(a?.equipment_type ?? "");
  const [freeDays, setFreeDays] = useState(String(a?.free_days ?? 5));
  const [currency, setCurrency] = useState(a?.currency ?? "USD");
  const [tiers, setTiers] = useState<TierDraft[]>(() =>
    a && a.tiers.length > 0
      ? a.tiers.map((t) => tierDraft(String(t.from_day), String(t.per_day)))
      : [tierDraft("1", "")],
  );
  const base = useId();
  const ids = (name: string) => `${base}-${name}`;
  // Keyboard users land where they were going: in a tier just added, or back on "Add a tier" after a removal.
  const [focusTier, setFocusTier] = useState<number | "add" | null>(null);
  const addTierRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTier === null) return;
    if (focusTier === "add") addTierRef.current?.focus();
    else {
      // Its suggested day selected: typing replaces it.
      const input = document.getElementById(ids(`tier-${focusTier}-from`));
      if (input instanceof HTMLInputElement) {
        input.focus();
        input.select();
      }
    }
    setFocusTier(null);
  });

  const setTier = (key: number, change: Partial<TierDraft>) =>
    setTiers((all) => all.map((t) => (t.key === key ? { ...t, ...change } : t)));
  const addTier = () => {
    const last = tiers.at(-1);
    // A step a few days on from the last, at the same rate: the usual shape, for the user to change.
    const from = Math.max(2, (Number(last?.fromDay) || 1) + 4);
    const tier = tierDraft(String(from), last?.perDay ?? "");
    setTiers([...tiers, tier]);
    setFocusTier(tier.key);
  };
  const removeTier = (key: number) => {
    setTiers(tiers.filter((t) => t.key !== key));
    setFocusTier("add");
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input: TariffInput = {
      scac: scac.trim(),
      kind,
      counts_from: kind === "demurrage" ? "discharge" : countsFrom,
      port_locode: port.trim() || null,
      terminal: terminal.trim() || null,
      equipment_length: length ? (Number(length) as 20 | 40 | 45) : null,
      equipment_type: boxType || null,
      free_days: Number(freeDays),
      currency: currency.trim(),
      // The first tier starts on the first charged day, as the API wants.
      tiers: tiers.map((t, i) => ({ from_day: i === 0 ? 1 : Number(t.fromDay), per_day: Number(t.perDay) })),
    };
    save.mutate({ id: tariff?.id ?? null, input }, { onSuccess: onDone });
  };

  const field = (name: string, label: string, control: React.ReactNode) => (
    <div>
      <label htmlFor={ids(name)} className={labelClass}>
        {label}
      </label>
      <div className="mt-1">{control}</div>
    </div>
  );

  return (
    <form
      onSubmit={onSubmit}
      aria-label={tariff ? "Edit tariff" : "Add a tariff"}
      className="mt-4 space-y-3 rounded-md border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        {field(
          "scac",
          "Shipping line (SCAC)",
          <input
            id={ids("scac")}
            required
            value={scac}
            onChange={(e) => setScac(e.target.value)}
            className={inputClass}
          />,
        )}
        {field(
          "kind",
          "Kind",
          <select
            id={ids("kind")}
            value={kind}
            onChange={(e) => setKind(e.target.value as TariffInput["kind"])}
            className={inputClass}
          >
            <option value="demurrage">Demurrage (at the terminal)</option>
            <option value="detention">Detention (until the empty is back)</option>
          </select>,
        )}
        {kind === "detention"
          ? field(
              "counts-from",
              "Counted from",
              <select
                id={ids("counts-from")}
                value={countsFrom}
                onChange={(e) => setCountsFrom(e.target.value as TariffInput["counts_from"])}
                className={inputClass}
              >
                <option value="pickup">Pickup</option>
                <option value="discharge">Discharge</option>
              </select>,
            )
          : null}
        {field(
          "port",
          "Port (UN/LOCODE, optional)",
          <input
            id={ids("port")}
            value={port}
            onChange={(e) => setPort(e.target.value)}
            className={inputClass}
          />,
        )}
        {field(
          "terminal",
          "Terminal (FIRMS code or name, optional)",
          <input
            id={ids("terminal")}
            value={terminal}
            onChange={(e) => setTerminal(e.target.value)}
            className={inputClass}
          />,
        )}
        {field(
          "length",
          "Box length",
          <select
            id={ids("length")}
            value={length}
            onChange={(e) => setLength(e.target.value)}
            className={inputClass}
          >
            <option value="">Every length</option>
            {TARIFF_LENGTHS.map((l) => (
              <option key={l} value={String(l)}>
                {l} ft
              </option>
            ))}
          </select>,
        )}
        {field(
          "box-type",
          "Box type",
          <select
            id={ids("box-type")}
            value={boxType}
            onChange={(e) => setBoxType(e.target.value)}
            className={inputClass}
          >
            <option value="">Every type</option>
            {/* A type the API was given that the dashboard does not list stays choosable. */}
            {[...EQUIPMENT_TYPES, ...(boxType && !isListedType(boxType) ? [boxType] : [])].map((t) => (
              <option key={t} value={t}>
                {t[0]!.toUpperCase() + t.slice(1)}
              </option>
            ))}
          </select>,
        )}
        {field(
          "free-days",
          "Free days",
          <input
            id={ids("free-days")}
            type="number"
            min={0}
            required
            value={freeDays}
            onChange={(e) => setFreeDays(e.target.value)}
            className={inputClass}
          />,
        )}
        {field(
          "currency",
          "Currency",
          <input
            id={ids("currency")}
            required
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
            className={inputClass}
          />,
        )}
      </div>
      <fieldset>
        <legend className={labelClass}>Rates after the free time</legend>
        <p id={ids("tiers-hint")} className={`mt-1 text-xs ${hintClass}`}>
          Charged days are counted from the first day after the free time. Up to {TIERS_MAX} tiers, each from
          a later day than the one before.
        </p>
        <ol className="mt-2 space-y-2">
          {tiers.map((tier, i) => {
            const n = i + 1;
            const name = `tier-${tier.key}`;
            return (
              <li
                key={tier.key}
                className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[4rem_1fr_1fr_9rem] sm:items-end dark:border-slate-700"
              >
                <span className="col-span-2 text-sm font-medium sm:col-span-1 sm:pb-2">Tier {n}</span>
                {i === 0 ? (
                  <div>
                    <span className={labelClass}>From charged day</span>
                    <p className={`mt-1 border border-transparent py-2 text-sm ${hintClass}`}>
                      1 (the first)
                    </p>
                  </div>
                ) : (
                  <div>
                    <label htmlFor={ids(`${name}-from`)} className={labelClass}>
                      <span className="sr-only">Tier {n}: </span>From charged day
                    </label>
                    <input
                      id={ids(`${name}-from`)}
                      type="number"
                      min={Number(tiers[i - 1]?.fromDay ?? 1) + 1 || 2}
                      max={365}
                      required
                      value={tier.fromDay}
                      onChange={(e) => setTier(tier.key, { fromDay: e.target.value })}
                      aria-describedby={ids("tiers-hint")}
                      className={`${inputClass} mt-1`}
                    />
                  </div>
                )}
                <div>
                  <label htmlFor={ids(`${name}-per-day`)} className={labelClass}>
                    <span className="sr-only">Tier {n}: </span>Per day
                  </label>
                  <input
                    id={ids(`${name}-per-day`)}
                    type="number"
                    min={0}
                    step="any"
                    required
                    value={tier.perDay}
                    onChange={(e) => setTier(tier.key, { perDay: e.target.value })}
                    className={`${inputClass} mt-1`}
                  />
                </div>
                {i === 0 ? (
                  <span aria-hidden="true" className="hidden sm:block" />
                ) : (
                  <button
                    type="button"
                    className={buttonClass("secondary", "col-span-2 whitespace-nowrap sm:col-span-1")}
                    onClick={() => removeTier(tier.key)}
                  >
                    Remove tier {n}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        {tiers.length < TIERS_MAX ? (
          <button
            ref={addTierRef}
            type="button"
            className={buttonClass("secondary", "mt-2")}
            onClick={addTier}
          >
            Add a tier
          </button>
        ) : (
          <p className={`mt-2 text-sm ${hintClass}`}>{TIERS_MAX} tiers at most: remove one to add another.</p>
        )}
      </fieldset>
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {describeError(save.error)}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass("primary")} disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save tariff"}
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
