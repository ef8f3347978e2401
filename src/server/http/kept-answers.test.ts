// Unit tests of the response cache's store: the byte budget evicts the least recently used answer, an answer
// expires at its time, and one account's answers are dropped together without touching another's.
import { describe, expect, it } from "vitest";
import { type KeptAnswer, KeptAnswers } from "./kept-answers";

const answer = (key: string, accountId: string, bytes: number, expires = 1_000): KeptAnswer => ({
  key,
  accountId,
  expires,
  contentType: "application/json",
  body: new Uint8Array(bytes),
  gzipped: undefined,
  bytes: 0,
});

describe("KeptAnswers", () => {
  it("evicts the least recently used answers while over the byte budget", () => {
    const store = new KeptAnswers(250, () => 0);
    store.keep(answer("a", "x", 100));
    store.keep(answer("b", "x", 100));
    store.fresh("a");
    store.keep(answer("c", "y", 100));
    expect([store.fresh("a"), store.fresh("b"), store.fresh("c")].map((e) => e?.key)).toEqual([
      "a",
      undefined,
      "c",
    ]);
    expect(store.bytes).toBe(200);
    // A gzipped body counts too, and may push another answer out.
    store.grow(store.fresh("c")!, 60);
    expect(store.fresh("a")).toBeUndefined();
    expect(store.bytes).toBe(160);
  });

  it("serves an answer until its expiry, then forgets it", () => {
    let now = 0;
    const store = new KeptAnswers(1_000, () => now);
    store.keep(answer("a", "x", 10, 50));
    now = 49;
    expect(store.fresh("a")?.key).toBe("a");
    now = 50;
    expect(store.fresh("a")).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it("drops one account's answers together, and only them", () => {
    const store = new KeptAnswers(1_000, () => 0);
    store.keep(answer("x1", "x", 10));
    store.keep(answer("x2", "x", 10));
    store.keep(answer("y1", "y", 10));
    store.dropAccount("x");
    expect(store.size).toBe(1);
    expect(store.bytes).toBe(10);
    expect(store.fresh("y1")?.key).toBe("y1");
    store.clear();
    expect(store.size).toBe(0);
  });
});
