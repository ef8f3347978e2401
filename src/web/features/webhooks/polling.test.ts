// Unit tests of how often pages with undelivered notifications ask again.
import { describe, expect, it } from "vitest";
import type { WebhookNotification } from "./contract";
import { listPollMs, notificationPollMs, OVERDUE_MS, SLOWEST_MS, SOON_MS } from "./polling";

const NOW = Date.parse("2026-03-01T12:00:00Z");

function notification(
  status: WebhookNotification["attributes"]["delivery_status"],
  nextAttemptAt: string | null,
  test = false,
): WebhookNotification {
  return {
    id: "n1",
    type: "webhook_notification",
    attributes: {
      id: "n1",
      event: "container.created",
      delivery_status: status,
      failure_reason: null,
      created_at: "2026-03-01T11:59:00Z",
      updated_at: "2026-03-01T11:59:00Z",
      attempts: 0,
      next_attempt_at: nextAttemptAt,
      test,
    },
    relationships: {
      webhook: { data: { id: "w1", type: "webhook" } },
      reference_object: { data: null },
      webhook_notification_logs: { data: [] },
    },
    links: { self: "/v2/webhook_notifications/n1" },
  };
}

describe("notificationPollMs", () => {
  it("stops once the notification is delivered or has failed", () => {
    expect(notificationPollMs(notification("succeeded", null), { now: NOW })).toBe(false);
    expect(notificationPollMs(notification("failed", null), { now: NOW })).toBe(false);
  });

  it("asks soon while an attempt is due, less often when it is long overdue", () => {
    expect(notificationPollMs(notification("pending", "2026-03-01T12:00:00Z"), { now: NOW })).toBe(SOON_MS);
    expect(notificationPollMs(notification("pending", "2026-03-01T11:50:00Z"), { now: NOW })).toBe(
      OVERDUE_MS,
    );
  });

  it("waits for a retry that is due later, up to a minute", () => {
    expect(notificationPollMs(notification("pending", "2026-03-01T12:00:20Z"), { now: NOW })).toBe(
      20_000 + SOON_MS,
    );
    expect(notificationPollMs(notification("pending", "2026-03-01T16:00:00Z"), { now: NOW })).toBe(
      SLOWEST_MS,
    );
  });

  it("asks rarely about a paused webhook's notification, except a test (which is sent anyway)", () => {
    const due = "2026-03-01T12:00:00Z";
    expect(notificationPollMs(notification("pending", due), { now: NOW, paused: true })).toBe(SLOWEST_MS);
    expect(notificationPollMs(notification("pending", due, true), { now: NOW, paused: true })).toBe(SOON_MS);
  });
});

describe("listPollMs", () => {
  it("follows the soonest pending row, every 5 s at most, and stops when none is pending", () => {
    expect(listPollMs([notification("succeeded", null)], NOW)).toBe(false);
    expect(
      listPollMs(
        [notification("pending", "2026-03-01T16:00:00Z"), notification("pending", "2026-03-01T12:00:00Z")],
        NOW,
      ),
    ).toBe(5_000);
    expect(listPollMs([notification("pending", "2026-03-01T12:00:30Z")], NOW)).toBe(30_000 + SOON_MS);
  });
});
