// Multi-part messages: put together in order, kept apart when interleaved, dropped and counted when a fragment
// never comes (after 30 s) or a later fragment comes without its first.
import { describe, expect, it } from "vitest";
import { FRAGMENT_TTL_MS, FragmentAssembler } from "./fragments";
import type { NmeaSentence } from "./nmea-sentence";

const part = (n: number, of: number, payload: string, sequenceId = "1", channel = "A"): NmeaSentence => ({
  kind: "AIVDM",
  fragmentCount: of,
  fragmentNumber: n,
  sequenceId,
  channel,
  payload,
  fillBits: n === of ? 2 : 0,
  receivedAt: null,
});

describe("FragmentAssembler", () => {
  it("passes single-part messages through and joins the parts of a multi-part one", () => {
    const f = new FragmentAssembler();
    expect(f.add(part(1, 1, "abc"), 0)).toEqual({ kind: "complete", payload: "abc", fillBits: 2 });
    expect(f.add(part(1, 2, "first"), 0)).toEqual({ kind: "waiting" });
    expect(f.add(part(2, 2, "second"), 10)).toEqual({
      kind: "complete",
      payload: "firstsecond",
      fillBits: 2,
    });
    expect(f.waiting).toBe(0);
    expect(f.incomplete).toBe(0);
  });

  it("keeps two interleaved messages apart (sequence id and channel)", () => {
    const f = new FragmentAssembler();
    f.add(part(1, 2, "a1", "1", "A"), 0);
    f.add(part(1, 2, "b1", "1", "B"), 0);
    f.add(part(1, 2, "c1", "2", "A"), 0);
    expect(f.add(part(2, 2, "b2", "1", "B"), 1)).toMatchObject({ payload: "b1b2" });
    expect(f.add(part(2, 2, "c2", "2", "A"), 1)).toMatchObject({ payload: "c1c2" });
    expect(f.add(part(2, 2, "a2", "1", "A"), 1)).toMatchObject({ payload: "a1a2" });
  });

  it("expires a message whose fragments have not all come within 30 s, and counts it", () => {
    const f = new FragmentAssembler();
    f.add(part(1, 2, "lost"), 0);
    expect(f.expire(FRAGMENT_TTL_MS)).toBe(0);
    expect(f.expire(FRAGMENT_TTL_MS + 1)).toBe(1);
    expect(f.incomplete).toBe(1);
    // Its late sibling has nothing to join: counted too, and the next message with that id is whole.
    expect(f.add(part(2, 2, "late"), FRAGMENT_TTL_MS + 2)).toEqual({ kind: "inconsistent" });
    expect(f.incomplete).toBe(2);
    f.add(part(1, 2, "x"), FRAGMENT_TTL_MS + 3);
    expect(f.add(part(2, 2, "y"), FRAGMENT_TTL_MS + 4)).toMatchObject({ payload: "xy" });
  });

  it("expires waiting fragments as other lines come (no timer needed on a flowing feed)", () => {
    const f = new FragmentAssembler();
    f.add(part(1, 2, "orphan"), 0);
    f.add(part(1, 1, "single"), FRAGMENT_TTL_MS + 1);
    expect(f.incomplete).toBe(1);
    expect(f.waiting).toBe(0);
  });

  it("drops an orphan first part when a new message reuses its sequence id", () => {
    const f = new FragmentAssembler();
    f.add(part(1, 2, "orphan"), 0);
    expect(f.add(part(1, 2, "new"), 5)).toEqual({ kind: "waiting" });
    expect(f.add(part(2, 2, "er"), 6)).toMatchObject({ payload: "newer" });
    expect(f.incomplete).toBe(1);
  });
});
