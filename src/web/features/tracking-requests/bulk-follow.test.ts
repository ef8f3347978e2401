// Unit tests of following created requests: rows updated as the line answers, one list request a round, rate
// limits waited out, and the end once none is pending.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { FOLLOW_INTERVAL_MS, type Followed, followRequests } from "./bulk-follow";
import type { TrackingRequest } from "./contract";

const req = (id: string, status: TrackingRequest["attributes"]["status"]): TrackingRequest =>
  ({
    id,
    type: "tracking_request",
    attributes: { status, created_at: "2025-11-10T12:00:00Z" },
  }) as TrackingRequest;

/** A fake API where each id's status moves on by one step every round it is asked about. */
function harness(timeline: Record<string, TrackingRequest["attributes"]["status"][]>, failFirst?: Error) {
  const pending = new Map<string, Followed>(
    Object.keys(timeline).map((id) => [id, { id, createdAt: "2025-11-10T12:00:00Z" }]),
  );
  const rounds = new Map<string, number>();
  const calls: string[] = [];
  const sleeps: number[] = [];
  let failure = failFirst;
  const updates: [string, string][] = [];
  const end = followRequests({
    list: async (since, page) => {
      calls.push(`${since}#${page}`);
      if (failure) {
        const f = failure;
        failure = undefined;
        throw f;
      }
      return Object.entries(timeline).map(([id, steps]) => {
        const n = rounds.get(id) ?? 0;
        rounds.set(id, n + 1);
        return req(id, steps[Math.min(n, steps.length - 1)] ?? "pending");
      });
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    pending: () => [...pending.values()],
    more: () => false,
    onUpdate: (request) => {
      updates.push([request.id, request.attributes.status]);
      pending.delete(request.id);
    },
    signal: new AbortController().signal,
  });
  return { end, calls, sleeps, updates };
}

describe("followRequests", () => {
  it("reports each request once it is no longer pending, and ends when none is", async () => {
    const h = harness({
      a: ["pending", "created"],
      b: ["pending", "pending", "failed"],
      c: ["awaiting_manifest"],
    });
    expect(await h.end).toBe("settled");
    expect(h.updates).toEqual([
      ["c", "awaiting_manifest"],
      ["a", "created"],
      ["b", "failed"],
    ]);
    // One list request a round, for all of them, from the oldest one's creation.
    expect(h.calls).toEqual(["2025-11-10T12:00:00Z#1", "2025-11-10T12:00:00Z#1", "2025-11-10T12:00:00Z#1"]);
    expect(h.sleeps.every((ms) => ms === FOLLOW_INTERVAL_MS)).toBe(true);
  });

  it("waits out a 429 for its Retry-After and goes on", async () => {
    const limited = new ApiError(429, [], "Too many", "7");
    const h = harness({ a: ["created"] }, limited);
    expect(await h.end).toBe("settled");
    expect(h.sleeps[0]).toBe(7000);
    expect(h.updates).toEqual([["a", "created"]]);
  });
});
