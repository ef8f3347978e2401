// The bulk tracking page's behaviour: its state (bulk-tracking-state.ts), the preview parsed from the box, the
// type and line of bare numbers asked of infer_number (bulk-infer.ts) and each row checked (bulk-resolve.ts), a
// CSV or XLSX file read into the box (bulk-file.ts), sending rows one by one within the API's rate limit (which
// leaving the page asks to stop), then following every created request until the line has answered
// (bulk-follow.ts), so that the rows and totals say what really became of them.
import { useQueryClient } from "@tanstack/react-query";
import { useBlocker } from "@tanstack/react-router";
import { type Dispatch, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { normalizeNumber } from "../../../api/number-formats";
import type { ShippingLine } from "../../../api/reference";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { readBulkFile } from "./bulk-file";
import { type Followed, followRequests } from "./bulk-follow";
import { inferEach } from "./bulk-infer";
import { type ParsedRow, type ParseResult, parseBulkInput } from "./bulk-parse";
import { type InferOutcome, needsInference, type ResolvedRow, resolveRows } from "./bulk-resolve";
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
import {
  createTrackingRequest,
  inferNumberQuery,
  listTrackingRequestsCreatedSince,
  refreshLists,
} from "./queries";

/** How long typing in the box must pause before its numbers are looked up. */
const INFER_DELAY_MS = 400;

function toInput(row: ParsedRow, shipmentTags: string[]): TrackingRequestInput {
  const input: TrackingRequestInput = {
    // Only ready rows are sent, so the type is known here.
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
  /** The preview's rows, checked: what each will be sent as, or why it will not be. */
  resolved: ResolvedRow[];
  progress: BulkProgress;
  /** Created requests are still being looked up at their lines. */
  following: boolean;
  /** For the inputs: text and tags edited, a line chosen, sending started over. */
  dispatch: Dispatch<BulkTrackingAction>;
  /** Sends these rows (indexes into progress.rows), unless sending already. */
  send(indexes: number[]): Promise<void>;
  /** Sends no further row; a request on its way is let finish. */
  stop(): void;
  readFile(file: File): Promise<void>;
}

export function useBulkTracking(lines: readonly ShippingLine[]): BulkTracking {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(bulkTrackingReducer, initialBulkTrackingState);
  const parsed = useMemo(() => parseBulkInput(state.text), [state.text]);

  // Bare numbers' type and line, asked once typing pauses; answers are kept (and shared with the single form).
  const [inferred, setInferred] = useState<ReadonlyMap<string, InferOutcome>>(new Map());
  const settledText = useDebouncedValue(state.text, INFER_DELAY_MS);
  const toInfer = useMemo(
    () => [
      ...new Set(
        parseBulkInput(settledText)
          .rows.filter(needsInference)
          .map((r) => normalizeNumber(r.number)),
      ),
    ],
    [settledText],
  );
  const inferredRef = useRef(inferred);
  inferredRef.current = inferred;
  useEffect(() => {
    const missing = toInfer.filter((number) => inferredRef.current.get(number)?.kind !== "answered");
    if (missing.length === 0) return;
    const controller = new AbortController();
    setInferred((map) => new Map([...map, ...missing.map((n) => [n, { kind: "asking" } as const] as const)]));
    void inferEach(missing, {
      infer: (number) => queryClient.fetchQuery(inferNumberQuery(number)),
      sleep: abortableSleep,
      onOutcome: (number, outcome) => setInferred((map) => new Map(map).set(number, outcome)),
      signal: controller.signal,
    });
    return () => controller.abort();
  }, [toInfer, queryClient]);

  const resolved = useMemo(
    () => resolveRows(parsed.rows, inferred, state.choices, lines),
    [parsed.rows, inferred, state.choices, lines],
  );
  const progress = useMemo(() => bulkProgress(state.send, resolved), [state.send, resolved]);
  const controller = useRef<AbortController | null>(null);
  const running = state.send.phase === "sending";

  // Following reads the latest state between its rounds.
  const stateRef = useRef(state);
  stateRef.current = state;
  const createdAt = useRef(new Map<string, string>());
  const following = useRef<AbortController | null>(null);
  // Set before sending starts, not from the state, which only says so once React has rendered it.
  const sending = useRef(false);
  const [isFollowing, setFollowing] = useState(false);

  useEffect(
    () => () => {
      controller.current?.abort();
      following.current?.abort();
    },
    [],
  );

  useBlocker({
    shouldBlockFn: () =>
      running && !window.confirm("Tracking requests are still being sent. Stop sending and leave this page?"),
    enableBeforeUnload: () => running,
  });

  const pendingRequests = (): Followed[] => {
    const { send } = stateRef.current;
    if (send.phase === "editing") return [];
    return send.outcomes.flatMap((outcome) => {
      const at = outcome.kind === "created" ? createdAt.current.get(outcome.id) : undefined;
      return outcome.kind === "created" && outcome.status === "pending" && at
        ? [{ id: outcome.id, createdAt: at }]
        : [];
    });
  };

  const follow = () => {
    if (following.current) return;
    const stop = new AbortController();
    following.current = stop;
    setFollowing(true);
    void followRequests({
      list: listTrackingRequestsCreatedSince,
      sleep: abortableSleep,
      pending: pendingRequests,
      more: () => sending.current,
      onUpdate: (request) => dispatch({ type: "requestUpdated", request }),
      signal: stop.signal,
    }).finally(() => {
      if (following.current === stop) following.current = null;
      if (!stop.signal.aborted) {
        setFollowing(false);
        void refreshLists(queryClient);
      }
    });
  };

  const send = async (indexes: number[]) => {
    if (indexes.length === 0 || running) return;
    const rows = progress.rows;
    dispatch({ type: "sendStarted", rows, indexes });
    const stop = new AbortController();
    controller.current = stop;
    const shipmentTags = splitList(state.tags);
    sending.current = true;
    follow();
    const end = await submitAll(
      indexes.flatMap((index) => {
        const row = rows[index];
        return row ? [{ index, input: toInput(row, shipmentTags) }] : [];
      }),
      {
        create: async (input) => {
          const created = await createTrackingRequest(input);
          createdAt.current.set(created.id, created.attributes.created_at);
          return created;
        },
        sleep: abortableSleep,
        onOutcome: (index, outcome) => dispatch({ type: "rowOutcome", index, outcome }),
        onPause: (resumeAt) => dispatch({ type: "paused", resumeAt }),
        signal: stop.signal,
      },
    );
    sending.current = false;
    dispatch({ type: "sendEnded", end });
    void refreshLists(queryClient);
  };

  const readFile = async (file: File) => {
    const read = await readBulkFile(file);
    if (read.ok) dispatch({ type: "fileRead", name: file.name, text: read.text });
    else dispatch({ type: "fileRefused", name: file.name, error: read.error });
  };

  return {
    state,
    parsed,
    resolved,
    progress,
    following: isFollowing,
    dispatch,
    send,
    stop: () => controller.current?.abort(),
    readFile,
  };
}
