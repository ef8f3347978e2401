// The live stream's keys (lib/live-keys.ts) reach this feature's queries: a tracking_request.* event refreshes
// that request's page and the lists. Built in two places because lib/ cannot import a feature.
import type { QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { liveKeys } from "../../lib/live-keys";
import { trackingRequestKeys } from "./queries";
import { TRACKING_REQUESTS_SEARCH_DEFAULTS } from "./search";

const covers = (prefix: QueryKey, key: QueryKey) => expect(key.slice(0, prefix.length)).toEqual(prefix);

describe("the tracking requests' query keys", () => {
  it("are reached by the live stream's keys", () => {
    covers(liveKeys.trackingRequestDetail("t-1"), trackingRequestKeys.detail("t-1"));
    covers(liveKeys.trackingRequestLists, trackingRequestKeys.list(TRACKING_REQUESTS_SEARCH_DEFAULTS));
  });
});
