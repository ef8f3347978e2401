// The bulk tracking page's state: what was typed or read from a file, and the sending, which goes from editing to
// sending (rows frozen, so that outcomes stay with their rows; maybe waiting out the rate limit) to finished (done,
// stopped or signed out), and back to sending for the failed or unsent rows, or to editing on "Start over".
// Created requests are followed until they are no longer pending, whatever the phase, and their rows updated.
// Pure of React, so that every change of state is unit-tested.
import type { ParsedRow } from "./bulk-parse";
import { isReady } from "./bulk-resolve";
import { outcomeOfCreated, type RowOutcome, type SubmitEnd } from "./bulk-submit";
import type { TrackingRequest } from "./contract";

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
  /** Lines chosen by hand for numbers that several lines' formats fit, by choiceKey(row). */
  choices: ReadonlyMap<string, string>;
  send: SendState;
}

export type BulkTrackingAction =
  | { type: "textEdited"; text: string }
  | { type: "fileRead"; name: string; text: string }
  | { type: "lineChosen"; key: string; scac: string }
  /** A created request, looked at again: its row's outcome follows its status. */
  | { type: "requestUpdated"; request: TrackingRequest }
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
  choices: new Map(),
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
    case "lineChosen": {
      if (send.phase !== "editing") return state;
      const choices = new Map(state.choices);
      if (action.scac === "") choices.delete(action.key);
      else choices.set(action.key, action.scac);
      return { ...state, choices };
    }
    case "requestUpdated": {
      if (send.phase === "editing") return state;
      const index = send.outcomes.findIndex(
        (outcome) =>
          (outcome.kind === "created" || outcome.kind === "failed") && outcome.id === action.request.id,
      );
      if (index === -1) return state;
      const outcomes = [...send.outcomes];
      outcomes[index] = outcomeOfCreated(action.request);
      return { ...state, send: { ...send, outcomes } };
    }
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
      return { ...state, text: "", file: null, choices: new Map(), send: { phase: "editing" } };
  }
}

export interface BulkProgress {
  /** The rows shown: the preview's while editing, the frozen ones once sending has started. */
  rows: ParsedRow[];
  outcomes: RowOutcome[];
  /** Indexes of the rows ready to send (their line known, their number in its format): the ones sent. */
  ready: number[];
  /** Ready rows whose outcome is final: tracked, awaiting a manifest, already tracked or failed. */
  finished: number;
  counts: {
    /** Created and found at the line: tracked. */
    created: number;
    /** Created, found as a booking whose bill of lading is not out yet. */
    awaiting: number;
    /** Created and still being looked up at the line. */
    pending: number;
    duplicate: number;
    /** Refused by the API, or failed at the line. */
    error: number;
  };
  /** Ready rows that failed, to send again. */
  failed: number[];
  /** Ready rows not sent yet (sending was stopped), to send still. */
  unsent: number[];
}

const withStatus = (outcome: RowOutcome | undefined, status: string) =>
  outcome?.kind === "created" && outcome.status === status;
const isFailure = (outcome: RowOutcome | undefined) =>
  outcome?.kind === "error" || outcome?.kind === "failed";

/** What the page counts and offers, from the state and the preview's rows. */
export function bulkProgress(send: SendState, previewRows: ParsedRow[]): BulkProgress {
  const rows = send.phase === "editing" ? previewRows : send.rows;
  const outcomes = send.phase === "editing" ? [] : send.outcomes;
  const ready = rows.flatMap((row, index) => (isReady(row) ? [index] : []));
  const count = (test: (outcome: RowOutcome | undefined) => boolean) =>
    ready.filter((index) => test(outcomes[index]));
  const counts = {
    // "tracking_stopped" too: a shipment was made, one already over.
    created: count((o) => o?.kind === "created" && o.status !== "pending" && o.status !== "awaiting_manifest")
      .length,
    awaiting: count((o) => withStatus(o, "awaiting_manifest")).length,
    pending: count((o) => withStatus(o, "pending")).length,
    duplicate: count((o) => o?.kind === "duplicate").length,
    error: count(isFailure).length,
  };
  return {
    rows,
    outcomes,
    ready,
    finished: counts.created + counts.awaiting + counts.duplicate + counts.error,
    counts,
    failed: count(isFailure),
    // While editing there are no outcomes, so nothing is "waiting" to be sent still.
    unsent: count((o) => o?.kind === "waiting"),
  };
}
