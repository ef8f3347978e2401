// The bulk tracking page's behaviour: its state (bulk-tracking-state.ts), the preview parsed from the box, a file
// read into the box, and sending rows one by one within the API's rate limit, which leaving the page asks to stop.
import { useQueryClient } from "@tanstack/react-query";
import { useBlocker } from "@tanstack/react-router";
import { type Dispatch, useEffect, useMemo, useReducer, useRef } from "react";
import { type ParsedRow, type ParseResult, parseBulkInput } from "./bulk-parse";
import { abortableSleep, submitAll } from "./bulk-submit";
import {
  type BulkProgress,
  type BulkTrackingAction,
  type BulkTrackingState,
  bulkProgress,
  bulkTrackingReducer,
  initialBulkTrackingState,
} from "./bulk-tracking-state";
import type { TrackingRequestInput } from "./contract";
import { splitList } from "./form-errors";
import { createTrackingRequest, refreshLists } from "./queries";

const MAX_FILE_BYTES = 2_000_000;

function toInput(row: ParsedRow, shipmentTags: string[]): TrackingRequestInput {
  const input: TrackingRequestInput = {
    // Rows with problems are never sent, so the type is known here.
    request_type: row.requestType ?? "bill_of_lading",
    request_number: row.number,
    scac: row.scac,
  };
  if (row.refNumbers.length > 0) input.ref_numbers = row.refNumbers;
  if (shipmentTags.length > 0) input.shipment_tags = shipmentTags;
  return input;
}

export interface BulkTracking {
  state: BulkTrackingState;
  parsed: ParseResult;
  progress: BulkProgress;
  /** For the inputs: text and tags edited, sending started over. */
  dispatch: Dispatch<BulkTrackingAction>;
  /** Sends these rows (indexes into progress.rows), unless sending already. */
  send(indexes: number[]): Promise<void>;
  /** Sends no further row; a request on its way is let finish. */
  stop(): void;
  readFile(file: File): Promise<void>;
}

export function useBulkTracking(): BulkTracking {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(bulkTrackingReducer, initialBulkTrackingState);
  const parsed = useMemo(() => parseBulkInput(state.text), [state.text]);
  const progress = useMemo(() => bulkProgress(state.send, parsed.rows), [state.send, parsed.rows]);
  const controller = useRef<AbortController | null>(null);
  const running = state.send.phase === "sending";

  useEffect(() => () => controller.current?.abort(), []);

  useBlocker({
    shouldBlockFn: () =>
      running && !window.confirm("Tracking requests are still being sent. Stop sending and leave this page?"),
    enableBeforeUnload: () => running,
  });

  const send = async (indexes: number[]) => {
    if (indexes.length === 0 || running) return;
    const rows = progress.rows;
    dispatch({ type: "sendStarted", rows, indexes });
    const stop = new AbortController();
    controller.current = stop;
    const shipmentTags = splitList(state.tags);
    const end = await submitAll(
      indexes.flatMap((index) => {
        const row = rows[index];
        return row ? [{ index, input: toInput(row, shipmentTags) }] : [];
      }),
      {
        create: createTrackingRequest,
        sleep: abortableSleep,
        onOutcome: (index, outcome) => dispatch({ type: "rowOutcome", index, outcome }),
        onPause: (resumeAt) => dispatch({ type: "paused", resumeAt }),
        signal: stop.signal,
      },
    );
    dispatch({ type: "sendEnded", end });
    void refreshLists(queryClient);
  };

  const readFile = async (file: File) => {
    if (file.size > MAX_FILE_BYTES) {
      dispatch({
        type: "fileRefused",
        name: file.name,
        error: "The file is larger than 2 MB. Split it into smaller files.",
      });
      return;
    }
    try {
      dispatch({ type: "fileRead", name: file.name, text: await file.text() });
    } catch {
      dispatch({
        type: "fileRefused",
        name: file.name,
        error: "The file could not be read. Save it as CSV (UTF-8) and try again.",
      });
    }
  };

  return { state, parsed, progress, dispatch, send, stop: () => controller.current?.abort(), readFile };
}
