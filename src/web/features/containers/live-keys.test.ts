// The live stream's keys (lib/live-keys.ts) reach this feature's queries: a container event refreshes the page and
// the list that show it. Built in two places because lib/ cannot import a feature; this test keeps them one.
import type { QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { liveKeys } from "../../lib/live-keys";
import { containerKeys } from "./queries";
import type { ContainersListView } from "./search";

const covers = (prefix: QueryKey, key: QueryKey) => expect(key.slice(0, prefix.length)).toEqual(prefix);

describe("the containers' query keys", () => {
  it("are reached by the live stream's keys", () => {
    covers(liveKeys.containerDetail("c-1"), containerKeys.detail("c-1"));
    covers(liveKeys.containerDetail("c-1"), containerKeys.transportEvents("c-1"));
    covers(liveKeys.containerDetail("c-1"), containerKeys.rawEvents("c-1"));
    covers(liveKeys.containerLists, containerKeys.list({} as ContainersListView));
  });
});
