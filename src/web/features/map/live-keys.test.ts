// The live stream's keys (lib/live-keys.ts) reach the map's queries: vessel positions refresh the fleet (with or
// without tracks) and each vessel's panel. Built in two places because lib/ cannot import a feature.
import type { QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { liveKeys } from "../../lib/live-keys";
import { mapKeys } from "./queries";

const covers = (prefix: QueryKey, key: QueryKey) => expect(key.slice(0, prefix.length)).toEqual(prefix);

describe("the map's query keys", () => {
  it("are reached by the live stream's keys", () => {
    covers(liveKeys.fleet, mapKeys.fleet());
    covers(liveKeys.fleet, mapKeys.fleetPositions());
    covers(liveKeys.vessels, mapKeys.vessel("v-1"));
  });
});
