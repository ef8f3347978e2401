// The live stream's keys (lib/live-keys.ts) reach global search's results: a changed container is found as it now
// is. Built in two places because lib/ cannot import a feature.
import type { QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { liveKeys } from "../../lib/live-keys";
import { searchKeys } from "./queries";

const covers = (prefix: QueryKey, key: QueryKey) => expect(key.slice(0, prefix.length)).toEqual(prefix);

describe("global search's query keys", () => {
  it("are reached by the live stream's keys", () => {
    covers(liveKeys.globalSearch, searchKeys.term("MSCU"));
  });
});
