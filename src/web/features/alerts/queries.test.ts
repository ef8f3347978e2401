// The live stream's key for alerts is a prefix of the bell's and the page's keys, so that every event refreshes
// both; the rules are not under it (an event changes no rule).
import { describe, expect, it } from "vitest";
import { liveKeys, touchedBy } from "../../lib/live-keys";
import { alertKeys } from "./queries";

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => key[i] === part);

describe("alert query keys", () => {
  it("are refreshed by the live stream's events, the rules excepted", () => {
    expect(startsWith(alertKeys.unread(), liveKeys.alerts)).toBe(true);
    expect(startsWith(alertKeys.list({ page: 1, unread: true }), liveKeys.alerts)).toBe(true);
    expect(startsWith(alertKeys.rules(), liveKeys.alerts)).toBe(false);
    const touched = touchedBy({
      event: "container.updated",
      container_id: "c1",
      shipment_id: "s1",
      tracking_request_id: null,
    } as unknown as Parameters<typeof touchedBy>[0]);
    expect(touched.keys).toContainEqual(liveKeys.alerts);
  });
});
