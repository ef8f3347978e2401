// Makes each parsed row of a bulk entry a request that can really be sent, or says why not: the type and line
// that infer_number found for a number given without them (a line chosen by hand where it offered several),
// then the checks the service and the line would make later: the line tracks by that type, and the number is
// in the line's format (the shared rules of src/api/number-formats.ts). "Ready" means all of it holds.
// Pure, so that every case is unit-tested.
import {
  type InferNumberResult,
  type InferredLine,
  requestTypeOfInferred,
  type TrackedByAccount,
} from "../../../api/infer-number";
import { normalizeNumber } from "../../../api/number-formats";
import type { ShippingLine } from "../../../api/reference";
import { type ParsedRow, rowProblem } from "./bulk-parse";
import { supportsType } from "./line-match";
import { formatProblem } from "./number-guess";
import { REQUEST_TYPE_WORDS } from "./words";

/** What infer_number said about a number, while it is asked and after. */
export type InferOutcome =
  | { kind: "asking" }
  | { kind: "answered"; result: InferNumberResult }
  | { kind: "failed"; detail: string };

export interface ResolvedRow extends ParsedRow {
  /** Whether the type, or the line, came from infer_number rather than from the row. */
  inferred: { type: boolean; scac: boolean };
  /** The lines infer_number offered for a number several lines' formats fit, until one is chosen. */
  candidates: InferredLine[];
  /** infer_number has not answered yet. */
  lookingUp: boolean;
  /** What the account already tracks under the number (infer_number said so): nothing to send. */
  alreadyTracked: TrackedByAccount | null;
}

/** The key of a row's choice of line: its place and its number, so that an edit of the number forgets it. */
export const choiceKey = (row: Pick<ParsedRow, "line" | "number">) => `${row.line}|${row.number}`;

/** Whether a row needs infer_number: it gives no type or no line. */
export function needsInference(row: ParsedRow): boolean {
  return row.problems.length === 0 && row.number !== "" && (row.requestType === null || row.scac === "");
}

/** Whether a row (checked or frozen) is a number the account already tracks. */
export const isAlreadyTracked = (row: ParsedRow) => !!(row as Partial<ResolvedRow>).alreadyTracked;

/** Whether the row can be sent as it stands. */
export function isReady(row: ParsedRow): boolean {
  return row.problems.length === 0 && row.requestType !== null && row.scac !== "" && !isAlreadyTracked(row);
}

export function resolveRows(
  rows: readonly ParsedRow[],
  inferred: ReadonlyMap<string, InferOutcome>,
  choices: ReadonlyMap<string, string>,
  lines: readonly ShippingLine[],
): ResolvedRow[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const resolved: ResolvedRow = {
      ...row,
      problems: [...row.problems],
      inferred: { type: false, scac: false },
      candidates: [],
      lookingUp: false,
      alreadyTracked: null,
    };
    if (row.problems.length > 0) return resolved;

    if (needsInference(row)) {
      const outcome = inferred.get(normalizeNumber(row.number));
      if (!outcome || outcome.kind === "asking") {
        resolved.lookingUp = true;
        return resolved;
      }
      if (outcome.kind === "failed") {
        resolved.problems.push(rowProblem(row.line, "number", outcome.detail));
        return resolved;
      }
      const {
        number_type: type,
        validation,
        shipping_line: line,
        tracked_by_account,
      } = outcome.result.attributes;
      if (row.requestType === null) {
        // A number no line's format fits has no type either: the format check below says so.
        resolved.requestType = type ? requestTypeOfInferred(type) : null;
        resolved.inferred.type = type !== null;
      }
      // A box or number the account tracks already: said so, with the line it is tracked with, rather than
      // asking for a line it does not need.
      if (tracked_by_account) {
        resolved.alreadyTracked = tracked_by_account;
        if (row.scac === "" && tracked_by_account.shipping_line_scac) {
          resolved.scac = tracked_by_account.shipping_line_scac;
          resolved.inferred.scac = true;
        }
        return resolved;
      }
      if (row.scac === "") {
        const chosen = choices.get(choiceKey(row));
        if (chosen) resolved.scac = chosen;
        else if (line.decision === "auto_select" && line.selected) {
          resolved.scac = line.selected.scac;
          resolved.inferred.scac = true;
        } else if (line.decision === "needs_confirmation") {
          resolved.candidates = line.candidates;
          return resolved;
        } else {
          resolved.problems.push(
            rowProblem(
              row.line,
              "scac",
              validation.is_valid === false && validation.reason
                ? `${validation.reason} Give the SCAC of its shipping line.`
                : "No shipping line could be worked out from the number: give the SCAC of its shipping line.",
            ),
          );
          return resolved;
        }
      }
      if (resolved.requestType === null) {
        resolved.problems.push(
          rowProblem(
            row.line,
            "type",
            validation.reason ??
              "The kind of number could not be worked out: write bol, booking or container.",
          ),
        );
        return resolved;
      }
    }

    const type = resolved.requestType;
    if (type === null) return resolved;
    const line = lines.find(
      (l) => l.attributes.scac === resolved.scac || l.attributes.alternative_scacs.includes(resolved.scac),
    );
    if (line && !supportsType(line, type)) {
      resolved.problems.push(
        rowProblem(
          row.line,
          "scac",
          `${line.attributes.name} cannot be tracked by ${REQUEST_TYPE_WORDS[type].number.toLowerCase()}.`,
        ),
      );
      return resolved;
    }
    const problem = formatProblem(lines, resolved.scac, type, row.number);
    if (problem) {
      resolved.problems.push(rowProblem(row.line, "number", problem));
      return resolved;
    }
    const key = `${type}|${normalizeNumber(row.number)}|${line?.attributes.scac ?? resolved.scac}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      resolved.problems.push(rowProblem(row.line, null, `The same request as row ${earlier}.`));
    else seen.set(key, row.line);
    return resolved;
  });
}

/** Whether a row (checked or frozen) is still waiting for infer_number. */
export const isLookingUp = (row: ParsedRow) => (row as Partial<ResolvedRow>).lookingUp === true;
/** Whether a row (checked or frozen) waits for its line to be chosen among several. */
export const isChoosing = (row: ParsedRow) => ((row as Partial<ResolvedRow>).candidates?.length ?? 0) > 0;
