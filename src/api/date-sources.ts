// Where each date a page shows comes from, in words: the shipping line, a terminal, the vessel's own position
// reports (AIS) or our prediction. A coordinator weighs a date by who said it and when we heard it, so every date
// on the shipment and container pages names its source (the dashboard and the assistant word them alike).
import type { DataSource } from "./events";

/** Who said a date: a transport event's `data_source`, or our own prediction. */
export type DateSource = DataSource | "prediction";

export interface SourceNames {
  /** The shipping line's short name ("Maersk"); null when not known. */
  line: string | null;
  /** The terminal's name, for dates a terminal reported; null when not known. */
  terminal?: string | null;
}

/** The source as a noun phrase: "Maersk", "Garden City Terminals", "the vessel's AIS position reports". */
export function sourceName(source: DateSource, names: SourceNames): string {
  switch (source) {
    case "shipping_line":
      return names.line ?? "the shipping line";
    case "terminal":
      return names.terminal ?? "the terminal";
    case "ais":
      return "the vessel's AIS position reports";
    case "prediction":
      return "our prediction";
  }
}

/**
 * The line under a date: "From Maersk" for what happened, "Maersk's estimate" for what is still to come, and
 * "Our prediction" for ours (it is never anyone's report).
 */
export function dateSourceWords(source: DateSource, names: SourceNames, estimated: boolean): string {
  if (source === "prediction") return "Our prediction";
  const name = sourceName(source, names);
  if (!estimated) return `From ${name}`;
  // "the shipping line's estimate" reads as well as "Maersk's estimate"; AIS only ever reports what happened.
  return source === "ais" ? `Estimated from ${name}` : `${capitalized(name)}'s estimate`;
}

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
