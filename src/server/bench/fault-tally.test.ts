// Tests of the fault suite's bookkeeping: a lost write is an acknowledged one that nothing stored covers, and a
// notification is lost when listed but never received, duplicated when received more than once.
import { describe, expect, it } from "vitest";
import { countOutcomes, lostSequentialWrites, percentile, tallyNotifications } from "./fault-tally";

describe("lostSequentialWrites", () => {
  it("counts nothing lost when the last acknowledged write, or a later one, is stored", () => {
    expect(lostSequentialWrites([1, 2, 4], 4)).toBe(0);
    // Write 5 committed without its answer arriving: still nothing lost.
    expect(lostSequentialWrites([1, 2, 4], 5)).toBe(0);
  });

  it("counts every acknowledged write newer than what is stored", () => {
    expect(lostSequentialWrites([1, 2, 3, 5, 6], 3)).toBe(2);
    expect(lostSequentialWrites([1, 2], undefined)).toBe(2);
  });
});

describe("tallyNotifications", () => {
  it("splits the listed notifications by status and finds the lost, duplicated and unlisted ones", () => {
    const listed = [
      { id: "n1", status: "succeeded" },
      { id: "n2", status: "succeeded" },
      { id: "n3", status: "pending" },
      { id: "n4", status: "failed" },
      { id: "n5", status: "succeeded" },
    ];
    const receipts = new Map([
      ["n1", 1],
      ["n2", 3],
      ["n4", 1],
      ["x9", 2],
    ]);
    expect(tallyNotifications(listed, receipts)).toEqual({
      listed: 5,
      delivered: 3,
      pending: 1,
      failed: 1,
      received: 4,
      lost: 2, // n3 (pending) and n5 (listed delivered)
      lostDelivered: 1,
      duplicates: 3, // two extra of n2, one of x9
      duplicated: 2,
      unlisted: 1,
    });
  });
});

describe("countOutcomes", () => {
  it("counts answers by status and failures by error code, in order", () => {
    const counts = countOutcomes([
      { status: 503 },
      { status: 500 },
      { status: 503 },
      { status: undefined, error: "ECONNRESET" },
      { status: undefined },
    ]);
    expect([...counts]).toEqual([
      ["500", 1],
      ["503", 2],
      ["ECONNRESET", 1],
      ["no answer", 1],
    ]);
  });
});

describe("percentile", () => {
  it("takes the nearest rank of unsorted values", () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([5, 1, 4, 2, 3], 99)).toBe(5);
    expect(percentile([], 50)).toBeNaN();
  });
});
