// The live stream's keys (lib/live-keys.ts) reach the attention page's counts: a container event refreshes them.
import { describe, expect, it } from "vitest";
import { liveKeys } from "../../lib/live-keys";
import { attentionKeys } from "./queries";

describe("the attention summary's query key", () => {
  it("is the one the live stream refreshes", () => {
    expect(attentionKeys.summary()).toEqual(liveKeys.containerSummary);
  });
});
