// Unit tests of the bulk tracking page's state: the inputs, then sending from the preview, outcomes, the rate limit's
// wait, how sending ends, sending again the failed or unsent rows, and starting over; and what the page counts.
import { describe, expect, it } from "vitest";
import { type ParsedRow, parseBulkInput } from "./bulk-parse";
import type { RowOutcome } from "./bulk-submit";
import {
  type BulkTrackingAction,
  type BulkTrackingState,
  bulkProgress,
  bulkTrackingReducer,
  initialBulkTrackingState,
} from "./bulk-tracking-state";
import type { TrackingRequest } from "./contract";

// Three rows that can be sent and, second, one that cannot.
const TEXT = [
  "bol, MAEU123456789, MAEU",
  "truck, ABC123, MAEU",
  "booking, 254896321, MSCU",
  "bol, HLCU1, HLCU",
].join("\n");
const preview = (text: string): ParsedRow[] => parseBulkInput(text).rows;
const ROWS = preview(TEXT);

const created = (id: string): RowOutcome => ({ kind: "created", id, status: "pending" });
const failed: RowOutcome = { kind: "error", detail: "The service is briefly unavailable." };
const waiting: RowOutcome = { kind: "waiting" };

/** The request tr-1 as the API shows it later. */
const later = (attributes: Partial<TrackingRequest["attributes"]>): TrackingRequest => ({
  id: "tr-1",
  type: "tracking_request",
  attributes: {
    request_number: "MAEU123456789",
    request_type: "bill_of_lading",
    scac: "MAEU",
    ref_numbers: [],
    tags: [],
    status: "pending",
    failed_reason: null,
    is_retrying: false,
    retry_count: null,
    created_at: "2025-11-10T12:00:00Z",
    updated_at: "2025-11-10T12:00:05Z",
    ...attributes,
  },
  relationships: { tracked_object: { data: null }, customer: { data: { id: "account-1", type: "account" } } },
  links: { self: "/v2/tracking_requests/tr-1" },
});

const run = (state: BulkTrackingState, ...actions: BulkTrackingAction[]) =>
  actions.reduce(bulkTrackingReducer, state);

const edited = run(
  initialBulkTrackingState,
  { type: "textEdited", text: TEXT },
  { type: "tagsEdited", tags: "q4" },
);
const sending = run(edited, { type: "sendStarted", rows: ROWS, indexes: [0, 2, 3] });

describe("the inputs", () => {
  it("starts empty, editing", () => {
    expect(initialBulkTrackingState).toEqual({
      text: "",
      tags: "",
      file: null,
      choices: new Map(),
      send: { phase: "editing" },
    });
    expect(ROWS.map((row) => row.problems.length > 0)).toEqual([false, true, false, false]);
  });

  it("puts a file's text in the box and names the file; typing in the box forgets the file", () => {
    const read = run(edited, { type: "fileRead", name: "a.csv", text: "bol, X1, MAEU" });
    expect(read).toMatchObject({ text: "bol, X1, MAEU", file: { name: "a.csv", error: null }, tags: "q4" });
    expect(run(read, { type: "textEdited", text: "bol, X2, MAEU" })).toMatchObject({
      text: "bol, X2, MAEU",
      file: null,
    });
  });

  it("keeps the box as it was when a file is refused, and says why", () => {
    const refused = run(edited, {
      type: "fileRefused",
      name: "big.csv",
      error: "The file is larger than 2 MB.",
    });
    expect(refused).toMatchObject({
      text: TEXT,
      file: { name: "big.csv", error: "The file is larger than 2 MB." },
    });
  });
});

describe("sending", () => {
  it("freezes the preview's rows, every row waiting", () => {
    expect(sending.send).toEqual({
      phase: "sending",
      rows: ROWS,
      outcomes: [waiting, waiting, waiting, waiting],
      resumeAt: null,
    });
    // Edits that could still arrive (a file read while sending started) leave the rows sent alone.
    const later = run(sending, { type: "textEdited", text: "bol, OTHER, MAEU" });
    expect(later.send).toBe(sending.send);
  });

  it("does not start twice, nor with nothing to send", () => {
    expect(run(sending, { type: "sendStarted", rows: ROWS, indexes: [0] })).toBe(sending);
    expect(run(edited, { type: "sendStarted", rows: ROWS, indexes: [] })).toBe(edited);
  });

  it("keeps each row's outcome as it is known", () => {
    const state = run(
      sending,
      { type: "rowOutcome", index: 0, outcome: { kind: "sending" } },
      { type: "rowOutcome", index: 0, outcome: created("tr-1") },
      { type: "rowOutcome", index: 2, outcome: { kind: "sending" } },
    );
    expect(state.send).toMatchObject({ outcomes: [created("tr-1"), waiting, { kind: "sending" }, waiting] });
    expect(sending.send).toMatchObject({ outcomes: [waiting, waiting, waiting, waiting] });
  });

  it("waits out the rate limit, then goes on", () => {
    const paused = run(sending, { type: "paused", resumeAt: 1_000 });
    expect(paused.send).toMatchObject({ phase: "sending", resumeAt: 1_000 });
    expect(run(paused, { type: "paused", resumeAt: null }).send).toMatchObject({
      phase: "sending",
      resumeAt: null,
    });
  });

  it("ends done, stopped or signed out, forgetting any wait", () => {
    for (const end of ["done", "stopped", "signed_out"] as const) {
      const state = run(sending, { type: "paused", resumeAt: 1_000 }, { type: "sendEnded", end });
      expect(state.send).toEqual({
        phase: "finished",
        rows: ROWS,
        outcomes: [waiting, waiting, waiting, waiting],
        end,
      });
    }
  });

  it("ignores outcomes, waits and ends when not sending", () => {
    for (const action of [
      { type: "rowOutcome", index: 0, outcome: created("tr-1") },
      { type: "paused", resumeAt: 1_000 },
      { type: "sendEnded", end: "done" },
    ] as const) {
      expect(run(edited, action)).toBe(edited);
    }
  });
});

describe("after sending", () => {
  // Row 0 created, row 2 failed, row 3 not sent: stopped while waiting for the rate limit.
  const stopped = run(
    sending,
    { type: "rowOutcome", index: 0, outcome: created("tr-1") },
    { type: "rowOutcome", index: 2, outcome: failed },
    { type: "rowOutcome", index: 3, outcome: { kind: "sending" } },
    { type: "paused", resumeAt: 1_000 },
    { type: "paused", resumeAt: null },
    { type: "rowOutcome", index: 3, outcome: waiting },
    { type: "sendEnded", end: "stopped" },
  );

  it("sends the failed rows again, keeping the others' outcomes and the rows first frozen", () => {
    const retry = run(stopped, { type: "sendStarted", rows: preview("bol, OTHER, MAEU"), indexes: [2] });
    expect(retry.send).toEqual({
      phase: "sending",
      rows: ROWS,
      outcomes: [created("tr-1"), waiting, waiting, waiting],
      resumeAt: null,
    });
    const retried = run(
      retry,
      { type: "rowOutcome", index: 2, outcome: created("tr-3") },
      { type: "sendEnded", end: "done" },
    );
    expect(retried.send).toMatchObject({
      phase: "finished",
      end: "done",
      outcomes: [created("tr-1"), waiting, created("tr-3"), waiting],
    });
  });

  it("sends the rows not sent yet", () => {
    const rest = run(stopped, { type: "sendStarted", rows: ROWS, indexes: [3] });
    expect(rest.send).toMatchObject({
      phase: "sending",
      outcomes: [created("tr-1"), waiting, failed, waiting],
    });
  });

  it("starts over with an empty box and no file, keeping the tags", () => {
    const read = run(stopped, { type: "fileRead", name: "a.csv", text: TEXT });
    expect(run(read, { type: "startedOver" })).toEqual({
      text: "",
      tags: "q4",
      file: null,
      choices: new Map(),
      send: { phase: "editing" },
    });
  });

  it("follows a created request: its row becomes tracked, or failed with the line's reason", () => {
    const sent = run(sending, { type: "rowOutcome", index: 0, outcome: created("tr-1") });
    const tracked = run(sent, { type: "requestUpdated", request: later({ status: "created" }) });
    const first = (state: BulkTrackingState) =>
      state.send.phase === "editing" ? undefined : state.send.outcomes[0];
    expect(first(tracked)).toEqual({ kind: "created", id: "tr-1", status: "created" });
    const refused = run(sent, {
      type: "requestUpdated",
      request: later({ status: "failed", failed_reason: "invalid_number" }),
    });
    expect(first(refused)).toEqual({ kind: "failed", id: "tr-1", reason: "invalid_number" });
    // A request this page did not send changes nothing.
    const other = { ...later({ status: "created" }), id: "tr-other" };
    expect(run(sent, { type: "requestUpdated", request: other })).toBe(sent);
  });

  it("remembers a line chosen for a row while editing, and forgets it when cleared", () => {
    const chosen = run(edited, { type: "lineChosen", key: "1|254896321", scac: "MSCU" });
    expect(chosen.choices.get("1|254896321")).toBe("MSCU");
    expect(run(chosen, { type: "lineChosen", key: "1|254896321", scac: "" }).choices.size).toBe(0);
  });

  it("does not start over while sending", () => {
    expect(run(sending, { type: "startedOver" })).toBe(sending);
  });
});

describe("what the page counts", () => {
  it("shows the preview while editing: the rows without problems are ready, nothing sent or to send again", () => {
    expect(bulkProgress(edited.send, ROWS)).toEqual({
      rows: ROWS,
      outcomes: [],
      ready: [0, 2, 3],
      finished: 0,
      counts: { created: 0, awaiting: 0, pending: 0, duplicate: 0, error: 0 },
      failed: [],
      unsent: [],
    });
  });

  it("counts the ready rows' outcomes once sent, and which to send again or still", () => {
    const state = run(
      sending,
      { type: "rowOutcome", index: 0, outcome: created("tr-1") },
      { type: "requestUpdated", request: later({ status: "created" }) },
      {
        type: "rowOutcome",
        index: 2,
        outcome: { kind: "duplicate", detail: "Already tracked.", shipmentId: null },
      },
      { type: "rowOutcome", index: 3, outcome: failed },
      { type: "sendEnded", end: "done" },
    );
    // The preview given is not the frozen rows': what was sent is what is counted.
    const progress = bulkProgress(state.send, preview("bol, OTHER, MAEU"));
    expect(progress).toMatchObject({
      rows: ROWS,
      ready: [0, 2, 3],
      finished: 3,
      counts: { created: 1, awaiting: 0, pending: 0, duplicate: 1, error: 1 },
      failed: [3],
      unsent: [],
    });
  });

  it("offers the rows not sent yet once sending stopped", () => {
    const state = run(
      sending,
      { type: "rowOutcome", index: 0, outcome: failed },
      { type: "sendEnded", end: "stopped" },
    );
    expect(bulkProgress(state.send, ROWS)).toMatchObject({ finished: 1, failed: [0], unsent: [2, 3] });
  });

  it("counts a request still pending at its line as not finished, and says so", () => {
    const state = run(sending, { type: "rowOutcome", index: 0, outcome: created("tr-1") });
    expect(bulkProgress(state.send, ROWS)).toMatchObject({
      finished: 0,
      counts: { created: 0, pending: 1, error: 0 },
    });
  });
});
