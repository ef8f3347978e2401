// What the dashboard makes of infer_number's answer (the type and line to fill in, the lines to offer, the
// problem to show), and the shared format check of a number against a chosen line, named as people read it.
import {
  type InferNumberResult,
  type InferredLine,
  requestTypeOfInferred,
  type TrackedByAccount,
} from "../../../api/infer-number";
import { checkNumber } from "../../../api/number-formats";
import type { ShippingLine } from "../../../api/reference";
import type { RequestType } from "../../../api/tracking-requests";

export interface NumberGuess {
  /** The kind of number it looks like, if any. */
  requestType: RequestType | null;
  /** The line to fill in: only when the API picked one (`auto_select`). */
  scac: string | null;
  /** The lines to offer when the API asks (`needs_confirmation`), best first. */
  candidates: InferredLine[];
  /** Why the number is not valid as typed, when the API says. */
  problem: string | null;
  /** What the account already tracks under the number (a server other than ours says nothing). */
  tracked: TrackedByAccount | null;
}

export function guessOf(result: InferNumberResult): NumberGuess {
  const { number_type: type, validation, shipping_line: line } = result.attributes;
  return {
    requestType: type ? requestTypeOfInferred(type) : null,
    scac: line.decision === "auto_select" ? (line.selected?.scac ?? null) : null,
    candidates: line.decision === "needs_confirmation" ? line.candidates : [],
    problem: validation.is_valid === false ? validation.reason : null,
    tracked: result.attributes.tracked_by_account ?? null,
  };
}

/**
 * Why `number` cannot be a `type` number of the line `scac`, by the shared formats (src/api/number-formats.ts),
 * naming the line by its name; null when it can (or when the number is still empty: nothing to say yet).
 */
export function formatProblem(
  lines: readonly ShippingLine[],
  scac: string,
  type: RequestType,
  number: string,
): string | null {
  if (number.trim() === "" || scac === "") return null;
  const line = lines.find((l) => l.attributes.scac === scac || l.attributes.alternative_scacs.includes(scac));
  const check = checkNumber(line?.attributes.scac ?? scac, type, number, line?.attributes.name ?? scac);
  return check.ok ? null : check.reason;
}
