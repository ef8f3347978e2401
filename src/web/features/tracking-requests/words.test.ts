// Unit tests of tracking requests in words: every failure reason said plainly, unknown ones still shown.
import { describe, expect, it } from "vitest";
import { TRACKING_REQUEST_STATUSES } from "../../../api/tracking-request-statuses";
import { FAILED_REASONS } from "../../../api/tracking-requests";
import { failedReasonWords, requestTypeWords, statusWords } from "./words";

describe("failedReasonWords", () => {
  it("says what the common failures mean", () => {
    expect(failedReasonWords("duplicate").title).toBe("Already tracked");
    expect(failedReasonWords("not_found").title).toBe("The shipping line doesn't know this number");
    expect(failedReasonWords("invalid_number").title).toBe("Not a valid number for this shipping line");
    expect(failedReasonWords("booking_cancelled").title).toBe("The booking was cancelled");
    expect(failedReasonWords("shipping_line_unreachable").title).toBe(
      "The shipping line's system could not be reached",
    );
  });

  it("has words and advice for every reason the API may give", () => {
    for (const reason of FAILED_REASONS) {
      const words = failedReasonWords(reason);
      expect(words.title, reason).not.toContain("_");
      expect(words.help.length, reason).toBeGreaterThan(20);
      expect(words.help, reason).toMatch(/\.$/);
    }
    const titles = FAILED_REASONS.map((reason) => failedReasonWords(reason).title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("shows a reason it does not know in the server's words", () => {
    expect(failedReasonWords("vessel_sank").title).toBe("Vessel sank");
    expect(failedReasonWords("").title).toBe("Failed");
  });
});

describe("statusWords and requestTypeWords", () => {
  it("names every status and type", () => {
    expect(TRACKING_REQUEST_STATUSES.map(statusWords)).toEqual([
      "Pending",
      "Awaiting manifest",
      "Created",
      "Failed",
      "Tracking stopped",
    ]);
    expect(requestTypeWords("bill_of_lading")).toBe("Bill of lading");
    expect(requestTypeWords("booking_number")).toBe("Booking");
    expect(requestTypeWords("container")).toBe("Container");
  });
});
