// The live stream's keys (lib/live-keys.ts) reach a container's journey map: its events and vessel positions
// redraw the route and where the vessel is.
import { describe, expect, it } from "vitest";
import { liveKeys } from "../../lib/live-keys";
import { containerMapQuery } from "./journey-queries";

describe("a container's journey map query", () => {
  it("is the one the live stream refreshes for that container, and under the one for every container", () => {
    const key = containerMapQuery("c-1").queryKey;
    expect(key).toEqual(liveKeys.containerMap("c-1"));
    expect(key.slice(0, liveKeys.containerMaps.length)).toEqual(liveKeys.containerMaps);
  });
});
