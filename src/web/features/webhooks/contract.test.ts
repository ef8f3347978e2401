// Unit tests of the notification facts the pages share: attempts from `included`, a webhook's host.
import { describe, expect, it } from "vitest";
import { attemptsOf, type WebhookNotification, webhookHost } from "./contract";

const notification = (logIds: string[]): WebhookNotification => ({
  id: "n1",
  type: "webhook_notification",
  attributes: {
    id: "n1",
    event: "container.created",
    delivery_status: "pending",
    failure_reason: null,
    created_at: "2026-03-01T12:00:00Z",
    updated_at: "2026-03-01T12:00:00Z",
    attempts: logIds.length,
    next_attempt_at: null,
    test: false,
  },
  relationships: {
    webhook: { data: { id: "w1", type: "webhook" } },
    reference_object: { data: null },
    webhook_notification_logs: {
      data: logIds.map((id) => ({ id, type: "webhook_notification_log" as const })),
    },
  },
  links: { self: "/v2/webhook_notifications/n1" },
});

const log = (id: string, attempt: number) => ({
  id,
  type: "webhook_notification_log",
  attributes: {
    attempt,
    started_at: "2026-03-01T12:00:00Z",
    finished_at: "2026-03-01T12:00:01Z",
    status_code: 500,
    duration_ms: 12,
    error: null,
    response_head: "oops",
  },
  relationships: { webhook_notification: { data: { id: "n1", type: "webhook_notification" } } },
});

describe("attemptsOf", () => {
  it("returns the notification's own attempts, first first, leaving out others and malformed ones", () => {
    const included = [
      log("l2", 2),
      log("x", 1),
      log("l1", 1),
      { id: "l3", type: "webhook_notification_log" },
    ];
    expect(attemptsOf(notification(["l2", "l1", "l3"]), included).map((l) => l.id)).toEqual(["l1", "l2"]);
    expect(attemptsOf(notification(["l1"]), undefined)).toEqual([]);
  });
});

describe("webhookHost", () => {
  it("is the address's host, or the address when it does not parse", () => {
    expect(webhookHost("https://hooks.example.com:8443/t49?x=1")).toBe("hooks.example.com:8443");
    expect(webhookHost("not an address")).toBe("not an address");
  });
});
