// Finding shipping lines: by what was typed (name, short name or SCAC, best match first), by SCAC, and
// whether a line can track a kind of number.
import type { ShippingLine } from "../../../api/reference";
import type { RequestType } from "../../../api/tracking-requests";

const SUPPORT_FIELD: Record<RequestType, keyof ShippingLine["attributes"]> = {
  bill_of_lading: "bill_of_lading_tracking_support",
  booking_number: "booking_number_tracking_support",
  container: "container_number_tracking_support",
};

export function supportsType(line: ShippingLine, type: RequestType | undefined): boolean {
  return type === undefined || line.attributes[SUPPORT_FIELD[type]] === true;
}

/** "Maersk (MAEU)". */
export function lineLabel(line: ShippingLine): string {
  return `${line.attributes.name} (${line.attributes.scac})`;
}

/** Lines matching what was typed, best first: the SCAC itself, SCACs starting with it, names starting with it, the rest. */
export function matchLines(lines: readonly ShippingLine[], query: string): ShippingLine[] {
  const q = query.trim().toLowerCase();
  if (q === "") return [...lines];
  const scored: { line: ShippingLine; score: number }[] = [];
  for (const line of lines) {
    const a = line.attributes;
    const scacs = [a.scac, ...a.alternative_scacs].map((s) => s.toLowerCase());
    const names = [a.name.toLowerCase(), a.short_name.toLowerCase()];
    let score = -1;
    if (scacs.includes(q)) score = 0;
    else if (scacs.some((s) => s.startsWith(q))) score = 1;
    else if (names.some((n) => n.startsWith(q) || n.split(/[\s-]+/).some((w) => w.startsWith(q)))) score = 2;
    else if (names.some((n) => n.includes(q)) || lineLabel(line).toLowerCase() === q) score = 3;
    if (score >= 0) scored.push({ line, score });
  }
  return scored
    .sort((x, y) => x.score - y.score || x.line.attributes.name.localeCompare(y.line.attributes.name))
    .map((s) => s.line);
}

/** The line a typed text names exactly (a SCAC, a name, or "Name (SCAC)"), if any. */
export function exactLine(lines: readonly ShippingLine[], text: string): ShippingLine | undefined {
  const t = text.trim().toLowerCase();
  if (t === "") return undefined;
  return lines.find((line) => {
    const a = line.attributes;
    return (
      a.scac.toLowerCase() === t ||
      a.alternative_scacs.some((s) => s.toLowerCase() === t) ||
      a.name.toLowerCase() === t ||
      a.short_name.toLowerCase() === t ||
      lineLabel(line).toLowerCase() === t
    );
  });
}

/** Lines by SCAC, alternative SCACs included, for naming the line of a request. */
export function linesByScac(lines: readonly ShippingLine[]): Map<string, ShippingLine> {
  const map = new Map<string, ShippingLine>();
  for (const line of lines) {
    map.set(line.attributes.scac, line);
    for (const alt of line.attributes.alternative_scacs) if (!map.has(alt)) map.set(alt, line);
  }
  return map;
}
