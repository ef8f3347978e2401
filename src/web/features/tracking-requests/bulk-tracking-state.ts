// The bulk tracking page's state: what was typed or read from a file, and the sending, which goes from editing to
// sending (rows frozen, so that outcomes stay with their rows; maybe waiting out the rate limit) to finished (done,
// stopped or signed out), and back to sending for the failed or unsent rows, or to editing on "Start over".
// Pure of React, so that every change of state is unit-tested.
import type { ParsedRow } from "./bulk-parse";
import type { RowOutcome, SubmitEnd } from "./bulk-submit";

/** The file last read into the box, or refused, with why. */
export interface FileNote {
  name: string;
  error: string | null;
}

export type SendState =
  | { phase: "editing" }
  | {
      phase: "sending";
      rows: ParsedRow[];
      /** One per row; rows with problems are never sent and stay "waiting". */
      outcomes: RowOutcome[];
      /** When the API's rate limit lets sending go on (ms since the epoch); null while not waiting. */
      resumeAt: number | null;
    }
  | { phase: "finished"; rows: ParsedRow[]; outcomes: RowOutcome[]; end: SubmitEnd };

export interface BulkTrackingState {
  text: string;
  tags: string;
  file: FileNote | null;
  send: SendState;
}

export type BulkTrackingAction =
  | { type: "textEdited"; text: string }
  | { type: "fileRead"; name: string; text: string }
  | { type: "fileRefused"; name: string; error: string }
  | { type: "tagsEdited"; tags: string }
  /** `rows` are the preview's, frozen if sending starts from editing; once frozen, the frozen rows are sent. */
  | { type: "sendStarted"; rows: ParsedRow[]; indexes: number[] }
  | { type: "rowOutcome"; index: number; outcome: RowOutcome }
  | { type: "paused"; resumeAt: number | null }
  | { type: "sendEnded"; end: SubmitEnd }
  | { type: "startedOver" };

export const initialBulkTrackingState: BulkTrackingState = {
  text: "",
  tags: "",
  file: null,
  send: { phase: "editing" },
};

const WAITING: RowOutcome = { kind: "waiting" };

export function bulkTrackingReducer(state: BulkTrackingState, action: BulkTrackingAction): BulkTrackingState {
  const { send } = state;
  switch (action.type) {
    // The inputs are read-only once sending has started; the page does not offer these then.
    case "textEdited":
      return { ...state, text: action.text, file: null };
    case "fileRead":
      return { ...state, text: action.text, file: { name: action.name, error: null } };
    case "fileRefused":
      return { ...state, file: { name: action.name, error: action.error } };
    case "tagsEdited":
      return { ...state, tags: action.tags };
    case "sendStarted": {
      if (send.phase === "sending" || action.indexes.length === 0) return state;
      const rows = send.phase === "editing" ? action.rows : send.rows;
      const previous = send.phase === "editing" ? [] : send.outcomes;
      const outcomes = previous.length === rows.length ? [...previous] : rows.map(() => WAITING);
      for (const index of action.indexes) outcomes[index] = WAITING;
      return { ...state, send: { phase: "sending", rows, outcomes, resumeAt: null } };
    }
    case "rowOutcome": {
      if (send.phase !== "sending") return state;
      const outcomes = [...send.outcomes];
      outcomes[action.index] = action.outcome;
      return { ...state, send: { ...send, outcomes } };
    }
    case "paused":
      if (send.phase !== "sending") return state;
      return { ...state, send: { ...send, resumeAt: action.resumeAt } };
    case "sendEnded":
      if (send.phase !== "sending") return state;
      return {
        ...state,
        send: { phase: "finished", rows: send.rows, outcomes: send.outcomes, end: action.end },
      };
    case "startedOver":
      // The page offers it once sending has ended; the tags stay, for the next batch.
      if (send.phase === "sending") return state;
      return { ...state, text: "", file: null, send: { phase: "editing" } };
  }
}

export interface BulkProgress {
  /** The rows shown: the preview's while editing, the frozen ones once sending has started. */
  rows: ParsedRow[];
  outcomes: RowOutcome[];
  /** Indexes of the rows without problems: the ones sent. */
  ready: number[];
  /** Ready rows whose outcome is known. */
  finished: number;
  counts: { created: number; duplicate: number; error: number };
  /** Ready rows that failed, to send again. */
  failed: number[];
  /** Ready rows not sent yet (sending was stopped), to send still. */
  unsent: number[];
}

const isFinished = (outcome: RowOutcome | undefined) =>
  outcome?.kind === "created" || outcome?.kind === "duplicate" || outcome?.kind === "error";

/** What the page counts and offers, from the state and the preview's rows. */
export function bulkProgress(send: SendState, previewRows: ParsedRow[]): BulkProgress {
  const rows = send.phase === "editing" ? previewRows : send.rows;
  const outcomes = send.phase === "editing" ? [] : send.outcomes;
  const ready = rows.flatMap((row, index) => (row.problems.length === 0 ? [index] : []));
  const readyWith = (kind: RowOutcome["kind"]) => ready.filter((index) => outcomes[index]?.kind === kind);
  return {
    rows,
    outcomes,
    ready,
    finished: ready.filter((index) => isFinished(outcomes[index])).length,
    counts: {
      created: readyWith("created").length,
      duplicate: readyWith("duplicate").length,
      error: readyWith("error").length,
    },
    failed: readyWith("error"),
    // While editing there are no outcomes, so nothing is "waiting" to be sent still.
    unsent: readyWith("waiting"),
  };
}
