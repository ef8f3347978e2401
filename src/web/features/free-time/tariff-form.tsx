// Settings → Free time's form: an account's own tariff added or changed (its line, kind, where and which boxes it
// applies to, its free days and its rates after them); the API checks what it sends, and its 422 is shown in its
// words.
import { type FormEvent, useId, useState } from "react";
import type { FreeTimeTariffResource } from "../../../api/free-time";
import { buttonClass } from "../../components/button";
import { inputClass, labelClass } from "../../components/form-field";
import { describeError } from "../../lib/api-client";
import { type TariffInput, useSaveTariff } from "./queries";

const LENGTHS = ["", "20", "40", "45"] as const;

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
  const [freeDays, setFreeDays] = useState(String(a?.free_days ?? 5));
  const [currency, setCurrency] = useState(a?.currency ?? "USD");
  const [rate, setRate] = useState(String(a?.tiers[0]?.per_day ?? ""));
  const [stepDay, setStepDay] = useState(a?.tiers[1] ? String(a.tiers[1].from_day) : "");
  const [stepRate, setStepRate] = useState(a?.tiers[1] ? String(a.tiers[1].per_day) : "");
  const base = useId();
  const ids = (name: string) => `${base}-${name}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const tiers = [{ from_day: 1, per_day: Number(rate) }];
    if (stepDay.trim() !== "" && stepRate.trim() !== "") {
      tiers.push({ from_day: Number(stepDay), per_day: Number(stepRate) });
    }
    const input: TariffInput = {
      scac: scac.trim(),
      kind,
      counts_from: kind === "demurrage" ? "discharge" : countsFrom,
      port_locode: port.trim() || null,
      terminal: terminal.trim() || null,
      equipment_length: length ? (Number(length) as 20 | 40 | 45) : null,
      equipment_type: a?.equipment_type ?? null,
      free_days: Number(freeDays),
      currency: currency.trim(),
      tiers,
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
            {LENGTHS.map((l) => (
              <option key={l} value={l}>
                {l ? `${l} ft` : "Every length"}
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
        {field(
          "rate",
          "Per day after the free time",
          <input
            id={ids("rate")}
            type="number"
            min={0}
            step="any"
            required
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            className={inputClass}
          />,
        )}
        {field(
          "step-day",
          "Steps up from charged day (optional)",
          <input
            id={ids("step-day")}
            type="number"
            min={2}
            value={stepDay}
            onChange={(e) => setStepDay(e.target.value)}
            className={inputClass}
          />,
        )}
        {field(
          "step-rate",
          "Then per day (optional)",
          <input
            id={ids("step-rate")}
            type="number"
            min={0}
            step="any"
            value={stepRate}
            onChange={(e) => setStepRate(e.target.value)}
            className={inputClass}
          />,
        )}
      </div>
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
