// Tests of what a notification's page says of its state, a failed one with the reason the service gives.
import { describe, expect, it } from "vitest";
import { deliveryExplanation } from "./words";

describe("deliveryExplanation", () => {
  it.each([
    [
      "every attempt failed (see the notification's log)",
      "Not delivered: every attempt failed (see the notification's log). It can be resent.",
    ],
    [
      "the receiver answered 410 Gone, and the webhook was deactivated",
      "Not delivered: the receiver answered 410 Gone, and the webhook was deactivated. It can be resent.",
    ],
    [
      "not delivered: the webhook was deactivated when its receiver answered 410 Gone",
      "Not delivered: the webhook was deactivated when its receiver answered 410 Gone. It can be resent.",
    ],
  ])("says why a failed notification failed: %s", (reason, words) => {
    expect(deliveryExplanation("failed", reason)).toBe(words);
  });

  it("says what each state means when there is no reason", () => {
    expect(deliveryExplanation("failed", null)).toMatch(/^Not delivered: every attempt failed, or/);
    expect(deliveryExplanation("pending", null)).toMatch(/^Not delivered yet/);
    expect(deliveryExplanation("succeeded", "ignored")).toBe("The receiver answered with a 2xx status.");
  });
});
